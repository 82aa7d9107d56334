import { createRequire } from 'node:module';
import path from 'node:path';
import { countCjkLength } from '@tianma/shared';
import { getDocumentProxy } from 'unpdf';
import { cleanPdfPages } from './clean-text.js';
import { KnowledgeParseError } from './errors.js';
import { type LaidOutPage, layoutPage, markLines, type PdfTextItem } from './pdf-lines.js';

export interface ParsedPdf {
  text: string;
  pages: number;
  headings: string[];
}

/** Fewer counted characters per page than this: the pages are images (a scan), not text. */
const MIN_CHARS_PER_PAGE = 3;

/**
 * pdf.js needs its CJK character maps for fonts that are not embedded (STSong-Light and the
 * like); without them such text comes out empty. NOTE: in Node, pdf.js reads these with
 * fs.readFile(baseUrl + name), so they must be plain directory paths ending in a separator:
 * unpdf's own default is a file:// URL, which that read cannot open.
 */
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const CMAP_DIR = path.join(pdfjsDir, 'cmaps') + path.sep;
const STANDARD_FONT_DIR = path.join(pdfjsDir, 'standard_fonts') + path.sep;

export async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const pdf = await openPdf(bytes);
  try {
    const pages: LaidOutPage[] = [];
    let unreadable = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await readPage(pdf, number);
      if (!page) unreadable += 1;
      pages.push(page ?? { width: 0, lines: [] });
    }
    if (pages.length === unreadable) throw new KnowledgeParseError('corrupt', { internal: `PDF with ${pages.length} pages, none readable` });

    const marked = markLines(pages);
    const text = cleanPdfPages(marked);
    if (countCjkLength(text) < MIN_CHARS_PER_PAGE * pages.length) {
      throw new KnowledgeParseError('scanned_pdf', { internal: `${pages.length} pages, ${countCjkLength(text)} chars of text` });
    }
    const headings = marked.flatMap((lines) => lines.filter((line) => line.headingLevel).map((line) => line.text.trim()));
    return { text, pages: pages.length, headings };
  } finally {
    await pdf.destroy();
  }
}

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: pdf.js may take over (detach) the buffer it is given.
    return await getDocumentProxy(new Uint8Array(bytes), {
      cMapUrl: CMAP_DIR,
      cMapPacked: true,
      standardFontDataUrl: STANDARD_FONT_DIR,
      isEvalSupported: false,
      disableFontFace: true,
      // Errors only: font warnings would go to the console for every odd PDF.
      verbosity: 0,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new KnowledgeParseError('encrypted', { internal: 'PDF needs a password', cause: error });
    throw new KnowledgeParseError('corrupt', { internal: `PDF could not be opened: ${String(error)}`, cause: error });
  }
}

/** A page's laid-out lines, or null when pdf.js cannot read it: one broken page should not lose the others. */
async function readPage(pdf: PdfDocument, number: number): Promise<LaidOutPage | null> {
  try {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const [x0 = 0, , x1 = 0] = page.view;
    const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
    page.cleanup();
    return layoutPage(items, x1 - x0);
  } catch {
    return null;
  }
}
