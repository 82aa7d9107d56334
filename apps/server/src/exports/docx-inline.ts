import { ImageRun, type ParagraphChild, ShadingType, TextRun } from 'docx';
import type { Token } from 'marked';
import type { EmbeddableImage } from './article-images.js';
import { decodeEntities } from './markdown-text.js';

/** Markdown inline tokens as Word runs: bold, italic, strike-through, code; links as their text. */

export const MONO_FONT = { ascii: 'Consolas', hAnsi: 'Consolas', eastAsia: 'Microsoft YaHei' };
/** A4 with Word's default 1-inch margins leaves 6.27 inches, about 600 pixels at 96 dpi. */
export const PAGE_WIDTH_PX = 600;
const MAX_IMAGE_HEIGHT_PX = 820;

export interface RunFormat {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  color?: string;
}

/** Images already read, by their markdown address; a missing entry is an image we do not embed. */
export type LoadedImages = ReadonlyMap<string, EmbeddableImage>;

export function textRun(text: string, format: RunFormat): TextRun {
  return new TextRun({
    text,
    bold: format.bold,
    italics: format.italics,
    strike: format.strike,
    color: format.code ? 'C7254E' : format.color,
    ...(format.code ? { font: MONO_FONT, shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F3F4F6' } } : {}),
  });
}

/** Scaled to the page width (never enlarged), and kept within one page's height. */
export function scaledSize(image: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, PAGE_WIDTH_PX / image.width, MAX_IMAGE_HEIGHT_PX / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

export function imageRun(image: EmbeddableImage, alt: string): ImageRun {
  return new ImageRun({
    type: image.type,
    data: image.data,
    transformation: scaledSize(image),
    altText: { name: alt || '图片', description: alt, title: alt },
  });
}

export function inlineRuns(tokens: readonly Token[] | undefined, format: RunFormat, images: LoadedImages): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        runs.push(...inlineRuns(token.tokens, { ...format, bold: true }, images));
        break;
      case 'em':
        runs.push(...inlineRuns(token.tokens, { ...format, italics: true }, images));
        break;
      case 'del':
        runs.push(...inlineRuns(token.tokens, { ...format, strike: true }, images));
        break;
      case 'codespan':
        runs.push(textRun(decodeEntities(token.text), { ...format, code: true }));
        break;
      case 'link':
        runs.push(...inlineRuns(token.tokens, format, images));
        break;
      case 'br':
        runs.push(new TextRun({ break: 1 }));
        break;
      case 'image': {
        const image = images.get(token.href);
        runs.push(image ? imageRun(image, token.text) : textRun(token.text, { ...format, color: '6B7280' }));
        break;
      }
      case 'checkbox':
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) {
          runs.push(...inlineRuns(token.tokens, format, images));
        } else if ('text' in token && typeof token.text === 'string' && token.text) {
          runs.push(textRun(decodeEntities(token.text), format));
        }
    }
  }
  return runs;
}
