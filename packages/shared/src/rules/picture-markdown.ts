/** A picture placed in an article: where it is, what it shows, and whose it is. */
export interface PlacedPicture {
  url: string;
  caption: string;
  /** A stock picture's credit, written under it (the source's licence asks for it). */
  attribution?: string;
}

/** The credit line under a stock picture, as the editor and the pipeline write it. */
export const PICTURE_CREDIT_LINE = /^\s*\*图片来源：.*\*\s*$/u;

/** `![caption](url)`, and for a stock picture its credit in italics on the next line. */
export function pictureMarkdown(picture: PlacedPicture): string {
  const caption = picture.caption.replace(/[[\]\n\r]+/gu, ' ').trim();
  const image = `![${caption}](${picture.url.replace(/[\s)]/gu, (char) => (char === ')' ? '%29' : encodeURIComponent(char)))})`;
  const credit = picture.attribution?.replace(/[*\s]+/gu, ' ').trim();
  return credit ? `${image}\n*图片来源：${credit}*` : image;
}
