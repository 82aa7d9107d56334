import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { Lexer, type Token, type Tokens } from 'marked';
import type { EmbeddableImage, ImageLoader } from './article-images.js';
import { imageRun, inlineRuns, type LoadedImages, MONO_FONT, type RunFormat, textRun } from './docx-inline.js';
import { decodeEntities } from './markdown-text.js';

/**
 * The article as a Word file: headings, paragraphs, lists, quotes, code, tables and the images
 * stored by us, embedded. Built from marked's tokens (the same parser as render-html.ts).
 */

export interface DocxInput {
  title: string;
  markdown: string;
  loadImage: ImageLoader;
}

/** An article's images beyond this many stay as their alt text, to bound the work of one export. */
export const MAX_EMBEDDED_IMAGES = 40;
const ORDERED = 'tianma-ordered';
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const QUOTE_FORMAT: RunFormat = { color: '6B7280' };
/** Page content width in twips (A4, 1-inch margins), for table columns. */
const CONTENT_TWIPS = 9026;

type Block = Paragraph | Table;

interface Context {
  images: LoadedImages;
  quoted: boolean;
  /** The last ordered list instance per nesting level, so "3." after a paragraph carries on counting. */
  lastOrdered: Map<number, number>;
  nextInstance: number;
}

export async function buildDocx(input: DocxInput): Promise<Buffer> {
  const tokens = Lexer.lex(input.markdown, { gfm: true });
  const images = await loadImages(tokens, input.loadImage);
  const context: Context = { images, quoted: false, lastOrdered: new Map(), nextInstance: 1 };
  const children = blocks(tokens, context);
  if (!tokens.some((token) => token.type === 'heading' && token.depth === 1)) {
    children.unshift(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(input.title)] }));
  }
  const document = new Document({
    title: input.title,
    creator: '天马',
    styles: DOCUMENT_STYLES,
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

async function loadImages(tokens: Token[], load: ImageLoader): Promise<LoadedImages> {
  const hrefs = new Set<string>();
  const visit = (list: readonly Token[] | undefined) => {
    for (const token of list ?? []) {
      if (token.type === 'image') hrefs.add((token as Tokens.Image).href);
      if ('tokens' in token) visit(token.tokens as Token[] | undefined);
      if (token.type === 'list') for (const item of (token as Tokens.List).items) visit(item.tokens);
      if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) visit(cell.tokens);
      }
    }
  };
  visit(tokens);
  const loaded = new Map<string, EmbeddableImage>();
  // One at a time: a few local reads, and never dozens of large images in memory at once.
  for (const href of [...hrefs].slice(0, MAX_EMBEDDED_IMAGES)) {
    const image = await load(href);
    if (image) loaded.set(href, image);
  }
  return loaded;
}

function blocks(tokens: readonly Token[], context: Context): Block[] {
  const out: Block[] = [];
  for (const token of tokens) out.push(...block(token, context));
  return out;
}

function block(token: Token, context: Context): Block[] {
  const format = context.quoted ? QUOTE_FORMAT : {};
  switch (token.type) {
    case 'heading':
      return [new Paragraph({ heading: HEADINGS[Math.min(token.depth, 6) - 1], children: inlineRuns(token.tokens, {}, context.images) })];
    case 'paragraph':
      return paragraph(token as Tokens.Paragraph, context);
    case 'text':
      return [new Paragraph({ ...quoteLayout(context), children: inlineRuns(token.tokens ?? [token], format, context.images) })];
    case 'list':
      return list(token as Tokens.List, 0, context);
    case 'blockquote':
      return blocks(token.tokens ?? [], { ...context, quoted: true });
    case 'code':
      return [codeBlock(token.text)];
    case 'table':
      return [table(token as Tokens.Table, context)];
    case 'hr':
      return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'D1D5DB', space: 1 } }, children: [] })];
    case 'html':
      return token.text.trim() ? [new Paragraph({ ...quoteLayout(context), children: [textRun(token.text.trim(), format)] })] : [];
    default:
      return [];
  }
}

function quoteLayout(context: Context) {
  if (!context.quoted) return {};
  return {
    indent: { left: 360 },
    border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'D1D5DB', space: 10 } },
  };
}

/** A paragraph of images only is centred, each image followed by its caption. */
function paragraph(token: Tokens.Paragraph, context: Context): Block[] {
  const parts = token.tokens.filter((part) => !(part.type === 'text' && !part.raw.trim()));
  const imagesOnly = parts.length > 0 && parts.every((part) => part.type === 'image');
  if (!imagesOnly) {
    return [new Paragraph({ ...quoteLayout(context), children: inlineRuns(token.tokens, context.quoted ? QUOTE_FORMAT : {}, context.images) })];
  }
  const out: Block[] = [];
  for (const part of parts as Tokens.Image[]) {
    const image = context.images.get(part.href);
    if (image) out.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [imageRun(image, part.text)] }));
    if (part.text.trim()) out.push(caption(part.text.trim()));
  }
  return out;
}

function caption(text: string): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 200 },
    children: [new TextRun({ text: decodeEntities(text), size: 18, color: '6B7280' })],
  });
}

function list(token: Tokens.List, level: number, context: Context): Block[] {
  let instance = 0;
  if (token.ordered) {
    const start = typeof token.start === 'number' ? token.start : 1;
    const previous = context.lastOrdered.get(level);
    // NOTE: "1. … (paragraph) 3. …" is one list to its writer; marked makes two of it.
    instance = start > 1 && previous !== undefined ? previous : context.nextInstance++;
    context.lastOrdered.set(level, instance);
  }
  const out: Block[] = [];
  for (const item of token.items) {
    let first = true;
    const box = item.task ? [new TextRun(item.checked ? '☑ ' : '☐ ')] : [];
    for (const part of item.tokens) {
      if (part.type === 'list') {
        out.push(...list(part as Tokens.List, level + 1, context));
        continue;
      }
      if (part.type === 'checkbox' || part.type === 'space') continue;
      if (first && (part.type === 'text' || part.type === 'paragraph')) {
        const runs: ParagraphChild[] = [...box, ...inlineRuns((part as Tokens.Text).tokens ?? [part], {}, context.images)];
        const marker = token.ordered ? { numbering: { reference: ORDERED, level, instance } } : { bullet: { level } };
        out.push(new Paragraph({ ...marker, children: runs }));
        first = false;
        continue;
      }
      // Further paragraphs of an item sit under its text, without a marker of their own.
      if (part.type === 'text' || part.type === 'paragraph') {
        const runs = inlineRuns((part as Tokens.Text).tokens ?? [part], {}, context.images);
        out.push(new Paragraph({ indent: { left: 720 * (level + 1) }, children: runs }));
      } else {
        out.push(...block(part, context));
      }
    }
  }
  return out;
}

function codeBlock(code: string): Paragraph {
  const lines = code.split('\n');
  return new Paragraph({
    shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F6F8FA' },
    border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'D1D5DB', space: 8 } },
    spacing: { before: 120, after: 200, line: 300 },
    children: lines.map((line, index) => new TextRun({ text: line, font: MONO_FONT, size: 19, break: index > 0 ? 1 : undefined })),
  });
}

function table(token: Tokens.Table, context: Context): Table {
  const columns = Math.max(1, token.header.length);
  const row = (cells: Tokens.TableCell[], header: boolean) =>
    new TableRow({
      tableHeader: header || undefined,
      children: cells.map(
        (cell, index) =>
          new TableCell({
            shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' } : undefined,
            margins: { top: 60, bottom: 60, left: 100, right: 100 },
            children: [
              new Paragraph({
                alignment: alignmentOf(token.align[index]),
                children: inlineRuns(cell.tokens, { bold: header }, context.images),
              }),
            ],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: Array.from({ length: columns }, () => Math.floor(CONTENT_TWIPS / columns)),
    rows: [row(token.header, true), ...token.rows.map((cells) => row(cells, false))],
  });
}

function alignmentOf(align: 'center' | 'left' | 'right' | null | undefined) {
  if (align === 'center') return AlignmentType.CENTER;
  if (align === 'right') return AlignmentType.END;
  return undefined;
}

const heading = (size: number, color: string, before: number) => ({
  run: { size, bold: true, color },
  paragraph: { spacing: { before, after: 160 }, keepNext: true },
});

const DOCUMENT_STYLES = {
  default: {
    document: {
      run: { size: 24, font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' } },
      paragraph: { spacing: { after: 160, line: 360 } },
    },
    heading1: heading(40, '111827', 240),
    heading2: heading(32, '1F2937', 360),
    heading3: heading(28, '1F2937', 280),
    heading4: heading(24, '374151', 240),
    heading5: heading(24, '4B5563', 200),
    heading6: heading(24, '6B7280', 200),
  },
};
