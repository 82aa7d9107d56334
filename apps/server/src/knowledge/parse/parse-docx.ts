import mammoth from 'mammoth';
import { type DocxText, docxHtmlToText } from './docx-html.js';
import { KnowledgeParseError } from './errors.js';
import { inflatedSizeWithin, readZipDirectory } from './zip-directory.js';

/**
 * The XML parts mammoth reads (document, styles, numbering, notes…) may inflate to this much in
 * all. A 10 MB upload of real text stays far below; a zip bomb does not. Images are never
 * inflated: they are skipped below.
 */
export const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;
const MEDIA_PART = /^word\/(?:media|embeddings)\//;

export async function parseDocx(bytes: Buffer): Promise<DocxText> {
  assertExpandsSafely(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        // Images would be inlined as base64 data URIs; the knowledge base keeps text only.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        // A document may link images by file path; never read the server's files.
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
      },
    );
    html = result.value;
  } catch (error) {
    throw new KnowledgeParseError('corrupt', { internal: `mammoth: ${String(error)}`, cause: error });
  }
  return docxHtmlToText(html);
}

/**
 * Refuses a zip bomb before mammoth sees it: first by the sizes the central directory declares,
 * then by inflating each XML part with a cap, since a crafted zip can declare small sizes.
 */
export function assertExpandsSafely(bytes: Buffer): void {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new KnowledgeParseError('corrupt', { internal: 'unreadable zip directory' });
  const parts = entries.filter((entry) => !MEDIA_PART.test(entry.name) && !entry.name.endsWith('/'));
  const declared = parts.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > MAX_DOCX_XML_BYTES) {
    throw new KnowledgeParseError('too_large_expanded', { internal: `docx parts declare ${declared} bytes` });
  }
  for (const entry of parts) {
    let within: boolean;
    try {
      within = inflatedSizeWithin(bytes, entry, entry.uncompressedSize);
    } catch (error) {
      throw new KnowledgeParseError('corrupt', { internal: `${entry.name}: ${String(error)}`, cause: error });
    }
    if (!within) {
      throw new KnowledgeParseError('too_large_expanded', { internal: `${entry.name} inflates past its declared ${entry.uncompressedSize} bytes` });
    }
  }
}
