import mammoth from 'mammoth';
import { lazyRequire } from '../../../platform/lazy-require.js';
import { inflateSafely } from '../parse-docx.js';
import { composeCaption } from './caption.js';
import { type ExtractedPicture, MAX_DOCUMENT_PICTURE_BYTES, MAX_PICTURE_BYTES, MAX_PICTURES_PER_DOCUMENT } from './limits.js';
import { pictureFromFile } from './picture-bytes.js';

const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/**
 * Picture formats worth unpacking: what the library keeps and what converts to PNG. EMF and WMF
 * (Word's vector drawings, often charts) have no decoder here and are skipped.
 */
const PICTURE_PART = /\.(?:png|jpe?g|gif|bmp|webp)$/iu;
/** The marker that ties an <img> in mammoth's HTML back to the picture read for it. */
const MARKER = 'kb-picture:';

interface ReadPicture {
  bytes: Buffer;
  alt: string;
}

/**
 * A Word file's pictures with their captions. Mammoth reads the document once with its pictures
 * (inflated within caps: 5 MB each, 40 MB together) and marks where each one stands in the HTML;
 * the text around each mark is its caption.
 */
export async function extractDocxPictures(bytes: Buffer): Promise<ExtractedPicture[]> {
  const docx = inflateSafely(bytes, { keep: (name) => PICTURE_PART.test(name), maxEntryBytes: MAX_PICTURE_BYTES, maxTotalBytes: MAX_DOCUMENT_PICTURE_BYTES });
  const pictures: ReadPicture[] = [];
  const { value: html } = await mammoth.convertToHtml(
    { buffer: docx },
    {
      convertImage: mammoth.images.imgElement(async (image) => {
        if (pictures.length >= MAX_PICTURES_PER_DOCUMENT) return { src: '' };
        const read = await image.readAsBuffer().catch(() => Buffer.alloc(0));
        const picture = read.length > 0 ? await pictureFromFile(read) : null;
        // Checked again after the wait: mammoth may read several pictures at once.
        if (!picture || pictures.length >= MAX_PICTURES_PER_DOCUMENT) return { src: '' };
        // NOTE: mammoth's types leave out altText, the drawing's description (descr) it reads.
        pictures.push({ bytes: picture, alt: (image as { altText?: string }).altText ?? '' });
        return { src: `${MARKER}${pictures.length - 1}` };
      }),
      externalFileAccess: false,
      ignoreEmptyParagraphs: true,
    },
  );
  if (pictures.length === 0) return [];
  return captionMarkedPictures(html, pictures);
}

type Block = { kind: 'heading'; text: string } | { kind: 'text'; text: string } | { kind: 'picture'; index: number };

function captionMarkedPictures(html: string, pictures: readonly ReadPicture[]): ExtractedPicture[] {
  const { document } = linkedom().parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks: Block[] = [];
  collectBlocks(document.body, blocks);
  const out: ExtractedPicture[] = [];
  blocks.forEach((block, at) => {
    if (block.kind !== 'picture') return;
    const picture = pictures[block.index];
    if (!picture) return;
    const before = blocks.slice(0, at).reverse();
    const after = blocks.slice(at + 1);
    // Neighbouring text stops at a heading: the next section's first line is not this picture's.
    const texts = (list: Block[]) => takeUntilHeading(list).flatMap((item) => (item.kind === 'text' ? [item.text] : []));
    const heading = before.find((item) => item.kind === 'heading')?.text;
    out.push({ bytes: picture.bytes, caption: composeCaption({ before: texts(before), after: texts(after), alt: picture.alt, ...(heading ? { heading } : {}) }) });
  });
  return out;
}

function takeUntilHeading(blocks: Block[]): Block[] {
  const end = blocks.findIndex((block) => block.kind === 'heading');
  return end < 0 ? blocks : blocks.slice(0, end);
}

const HEADING = /^H[1-6]$/;
/** Elements whose text is one paragraph of the document (a list item, a table cell). */
const TEXT_BLOCK = new Set(['P', 'LI', 'TD', 'TH', 'CAPTION']);

/** Headings, paragraphs and picture marks in document order; a paragraph's own text comes before its pictures. */
function collectBlocks(parent: Element, blocks: Block[]): void {
  for (const node of Array.from(parent.children)) {
    if (HEADING.test(node.tagName)) {
      const text = (node.textContent ?? '').trim();
      if (text) blocks.push({ kind: 'heading', text });
    } else if (TEXT_BLOCK.has(node.tagName) && !node.querySelector('p, li, table')) {
      const text = (node.textContent ?? '').replace(/\s+/gu, ' ').trim();
      if (text) blocks.push({ kind: 'text', text });
      for (const img of Array.from(node.querySelectorAll('img'))) {
        const src = img.getAttribute('src') ?? '';
        if (src.startsWith(MARKER)) blocks.push({ kind: 'picture', index: Number(src.slice(MARKER.length)) });
      }
    } else {
      collectBlocks(node, blocks);
    }
  }
}
