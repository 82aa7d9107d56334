/**
 * How a picture in a document is captioned, the same for Word and PDF: the caption the document
 * gives it (「图1 …」 under or over it, or a short line there), else the text nearest to it; then
 * the section heading it sits under in front, and the alt text behind when it adds something.
 * Pure: the parsers hand in the neighbouring texts, nearest first.
 */

/** 图1、图 2-3、图表一、Figure 4、Fig. 5: a numbered caption label. */
const CAPTION_LABEL = /^(?:图表|图|figure|fig\.?)\s*[0-9一二三四五六七八九十]/iu;
/** Short enough to be a caption and not a paragraph of the body. */
const SHORT_CAPTION_CHARS = 60;
/** A neighbouring paragraph used as context is cut here: a caption is a line, not a page. */
const CONTEXT_CHARS = 120;
/** What Word and the generators put as alt text when the author wrote none: it says nothing. */
const GENERIC_ALT = /^(?:图片|图像|图|picture|image|img|graphic|figure|photo)[\s_-]*\d*(?:\.\w{2,4})?$/iu;
export const CAPTION_SEPARATOR = ' · ';

export interface PictureContext {
  /** Texts after the picture, nearest first (the one right under it first). */
  after: readonly string[];
  /** Texts before the picture, nearest first (the one right over it first). */
  before: readonly string[];
  /** The nearest heading over the picture, when the document has one. */
  heading?: string;
  /** The alt text the document gives the picture (Word's description). */
  alt?: string;
}

const normalize = (text: string) => text.replace(/\s+/gu, ' ').trim();

export const isCaptionLabelled = (text: string) => CAPTION_LABEL.test(normalize(text));

/**
 * A line that reads as a caption: labelled 图N, or short and not a sentence of the body (body
 * sentences end with 。！？; captions seldom do).
 */
export function looksLikeCaption(text: string): boolean {
  const line = normalize(text);
  if (line === '') return false;
  if (isCaptionLabelled(line)) return true;
  return [...line].length <= SHORT_CAPTION_CHARS && !/[。！？!?；;]$/u.test(line);
}

function clip(text: string, max: number): string {
  const chars = [...normalize(text)];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The picture's own caption, else the nearest text (the one introducing it first), else ''. */
export function chooseCaptionText(after: readonly string[], before: readonly string[]): string {
  const near = (texts: readonly string[]) => texts.slice(0, 2).map(normalize).filter(Boolean);
  const [below, above] = [near(after), near(before)];
  const labelled = below.find(isCaptionLabelled) ?? above.find(isCaptionLabelled);
  if (labelled) return clip(labelled, CONTEXT_CHARS);
  const short = [below[0], above[0]].find((text) => text !== undefined && looksLikeCaption(text));
  if (short) return short;
  const context = above[0] ?? below[0];
  return context ? clip(context, CONTEXT_CHARS) : '';
}

/** 「heading · caption · alt」, each part left out when empty or already said by another. */
export function composeCaption(context: PictureContext): string {
  const parts: string[] = [];
  const add = (text: string | undefined) => {
    const part = normalize(text ?? '');
    if (part === '' || parts.some((kept) => kept.includes(part))) return;
    // A part that holds an earlier one (a caption repeating the heading) replaces it.
    const covered = parts.findIndex((kept) => part.includes(kept));
    if (covered >= 0) parts.splice(covered, 1);
    parts.push(part);
  };
  add(context.heading ? clip(context.heading, SHORT_CAPTION_CHARS) : undefined);
  add(chooseCaptionText(context.after, context.before));
  const alt = normalize(context.alt ?? '');
  if (!GENERIC_ALT.test(alt)) add(clip(alt, SHORT_CAPTION_CHARS));
  return parts.join(CAPTION_SEPARATOR);
}
