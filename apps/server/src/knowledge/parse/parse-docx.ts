import { zipSync } from 'fflate';
import mammoth from 'mammoth';
import { type DocxText, docxHtmlToText } from './docx-html.js';
import { KnowledgeParseError } from './errors.js';
import { readZipDirectory, unzipWithin, type ZipEntry, ZipLimitError } from './safe-unzip.js';

/**
 * The XML parts mammoth reads (document, styles, numbering, notes…) may inflate to this much in
 * all. A 10 MB upload of real text stays far below; a zip bomb does not. Images are never
 * inflated: they are handed on empty.
 */
export const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;
const MEDIA_PART = /^word\/(?:media|embeddings)\//;

/** Media parts to inflate after all (the knowledge pictures), each and together within caps. */
export interface KeptMedia {
  keep: (name: string) => boolean;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export async function parseDocx(bytes: Buffer): Promise<DocxText> {
  const docx = inflateSafely(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: docx },
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
 * Answers the parts as inflated, stored again without compression: mammoth (JSZip) inflates with
 * no cap whatever a crafted directory points it at, so it is given only what was measured here.
 */
export function inflateSafely(bytes: Buffer, media?: KeptMedia): Buffer {
  const entries = readZipDirectory(bytes);
  if (!entries) throw new KnowledgeParseError('corrupt', { internal: 'unreadable zip directory' });
  const named = entries.filter((entry) => !entry.name.endsWith('/'));
  const parts = named.filter((entry) => !MEDIA_PART.test(entry.name));
  const declared = parts.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > MAX_DOCX_XML_BYTES) {
    throw new KnowledgeParseError('too_large_expanded', { internal: `docx parts declare ${declared} bytes` });
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipWithin(bytes, new Map(parts.map((entry) => [entry.name, entry.uncompressedSize])), MAX_DOCX_XML_BYTES);
  } catch (error) {
    const reason = error instanceof ZipLimitError ? 'too_large_expanded' : 'corrupt';
    throw new KnowledgeParseError(reason, { internal: String(error), cause: error });
  }
  // Images stay in the package by name only: mammoth looks them up, and the text needs none of their bytes.
  const kept = media ? inflateMedia(bytes, named, media) : {};
  for (const entry of named) {
    if (MEDIA_PART.test(entry.name)) files[entry.name] = kept[entry.name] ?? new Uint8Array(0);
  }
  return Buffer.from(zipSync(files, { level: 0 }));
}

/**
 * The media parts `media` keeps, those declaring at most its sizes, inflated with the same caps.
 * A part that inflates past what it declares is a crafted zip: then no media part is kept at all
 * (the pictures are given up, the text still reads).
 */
function inflateMedia(bytes: Buffer, entries: readonly ZipEntry[], media: KeptMedia): Record<string, Uint8Array> {
  const declared = new Map<string, number>();
  let total = 0;
  for (const entry of entries) {
    const size = entry.uncompressedSize;
    if (!MEDIA_PART.test(entry.name) || !media.keep(entry.name) || size === 0 || size > media.maxEntryBytes) continue;
    if (total + size > media.maxTotalBytes) continue;
    declared.set(entry.name, size);
    total += size;
  }
  if (declared.size === 0) return {};
  try {
    return unzipWithin(bytes, declared, media.maxTotalBytes);
  } catch {
    return {};
  }
}
