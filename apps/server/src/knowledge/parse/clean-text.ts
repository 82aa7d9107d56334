/**
 * Clean-up of text taken out of a PDF. A PDF stores positioned glyphs, not sentences: lines
 * end where the page ran out of width (比⏎亚迪), and generators leave gaps between runs in
 * different fonts that come out as spaces (2024 年). Pure functions, applied per page.
 */

/** One visual line of a PDF page, as the layout step (pdf-lines.ts) saw it. */
export interface PdfLine {
  /** Cells of a table row or columns far apart are separated by a tab. */
  text: string;
  /** The line reaches the right margin, so a sentence may continue on the next line. */
  wrapped?: boolean;
  /** 1–6 for lines set in a heading-sized font. */
  headingLevel?: number;
}

/** Han ideographs and the full-width punctuation that goes with them. */
const CJK = '\\p{Script=Han}\\u3001-\\u303f\\uff01-\\uff60\\uffe0-\\uffe6';
const SPACE = '[ \\u00a0]+';
const SPACE_BETWEEN_CJK = new RegExp(`([${CJK}])${SPACE}(?=[${CJK}])`, 'gu');
const SPACE_CJK_DIGIT = new RegExp(`([${CJK}])${SPACE}(?=[0-9])`, 'gu');
const SPACE_DIGIT_CJK = new RegExp(`([0-9%‰])${SPACE}(?=[${CJK}])`, 'gu');
const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');
/** Where a sentence (or a clause a line may end on) is complete, closing quotes allowed after it. */
const SENTENCE_END = /[。！？；：…!?;:.]["'”’」』）)]*$/u;
const PAGE_NUMBER = /^(?:第\s*\d{1,4}\s*页(?:\s*[，,/]?\s*共\s*\d{1,4}\s*页)?|[-–—]?\s*\d{1,4}\s*[-–—]?|\d{1,4}\s*\/\s*\d{1,4}|page\s+\d{1,4}(?:\s+of\s+\d{1,4})?)$/iu;

/** Removes the spaces a PDF put between Chinese characters and between Chinese and digits. */
export function tidySpaces(line: string): string {
  return line
    .replace(/\u3000/g, ' ')
    .replace(SPACE_BETWEEN_CJK, '$1')
    .replace(SPACE_CJK_DIGIT, '$1')
    .replace(SPACE_DIGIT_CJK, '$1')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\t[\t ]*/g, '\t')
    .trim();
}

export const endsSentence = (line: string) => SENTENCE_END.test(line.trimEnd());

export const isPageNumberLine = (line: string) => PAGE_NUMBER.test(line.trim());

/**
 * Joins the end of one line to the start of the next: Chinese on either side joins directly,
 * two Latin words get a space, a word hyphenated at the margin loses its hyphen.
 */
export function joinBrokenLine(before: string, after: string): string {
  const last = before.at(-1) ?? '';
  const first = after[0] ?? '';
  if (CJK_CHAR.test(last) || CJK_CHAR.test(first)) return before + after;
  if (/[a-z]-$/i.test(before) && /^[a-z]/.test(after)) return before.slice(0, -1) + after;
  return `${before} ${after}`;
}

/**
 * PDF pages to text: page numbers dropped, spaces tidied, lines the margin broke joined again
 * (across a page break too), headings marked with `#`, tab-separated lines written as table rows.
 */
export function cleanPdfPages(pages: PdfLine[][]): string {
  const kept = pages.flatMap((lines) =>
    lines
      .map((line) => ({ ...line, text: tidyLine(line.text) }))
      .filter((line, i, all) => line.text !== '' && !(isEdge(i, all.length) && isPageNumberLine(line.text))),
  );
  const merged: PdfLine[] = [];
  for (const line of kept) {
    const previous = merged.at(-1);
    if (previous && continues(previous, line)) {
      previous.text = joinBrokenLine(previous.text, line.text);
      previous.wrapped = line.wrapped;
    } else {
      merged.push({ ...line });
    }
  }
  return merged.map(renderLine).join('\n');
}

/** Bullets drawn from symbol fonts come out as private-use characters (U+F0B7 and the like). */
const BULLET_START = /^[•·▪●◦■□◆◇▶►➢✓✔\ue000-\uf8ff][\t ]*/u;
const SPACE_IN_CELL = new RegExp(`([${CJK}])${SPACE}(?=[${CJK}])`, 'gu');

function tidyLine(text: string): string {
  // In a table row a space between two Chinese words is one more cell boundary, not a stray gap.
  const cells = text.includes('\t') ? text.replace(SPACE_IN_CELL, '$1\t') : text;
  return tidySpaces(cells).replace(BULLET_START, '- ');
}

/** Page numbers sit in the header or footer: only the first and last lines are candidates. */
const isEdge = (index: number, count: number) => index <= 1 || index >= count - 2;

function continues(previous: PdfLine, next: PdfLine): boolean {
  if (!previous.wrapped || endsSentence(previous.text)) return false;
  if (previous.text.includes('\t') || next.text.includes('\t')) return false;
  return (previous.headingLevel ?? 0) === (next.headingLevel ?? 0);
}

function renderLine(line: PdfLine): string {
  if (line.headingLevel) return `${'#'.repeat(line.headingLevel)} ${line.text.replace(/\t/g, ' ')}`;
  if (line.text.includes('\t')) return `| ${line.text.split('\t').join(' | ')} |`;
  return line.text;
}

/** Blank-line runs cut to one, trailing spaces removed, Windows line ends made plain. */
export function collapseBlankLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
