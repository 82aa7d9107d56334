/**
 * A selection read as markdown lines and sentences, for the offline editing actions. A sentence
 * keeps its exact text (trailing spaces, closing quotes), so kept sentences joined in order give
 * back the original wording; nothing is ever cut inside a sentence.
 */

/** A line that is structure, not prose: a heading, an image or bare link, a quote block, a table row, a rule, a caption （配图：…）. */
const STRUCTURE_LINE = /^\s*(?:#{1,6}\s|!\[|\[[^\]]*\]\([^)]*\)\s*$|>|\||[-*_]{3,}\s*$|（[^）]*）\s*$|<|#[^\s#][^\n]*$)/u;
/** A line that is only bold text (after an emoji or two): a heading in 小红书 notes, which have no #. */
export const BOLD_HEADING = /^\s*(?:(?:\p{Extended_Pictographic}|\uFE0F|\u200D)+\s*)*\*\*([^*]+)\*\*\s*$/u;
/** The marker a list item starts with (- , * , 1. ): kept as written. */
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/u;
const FENCE = /^\s*(?:```|~~~)/u;

export type Line =
  | { kind: 'blank'; text: string }
  /** Headings, images, tables, code: kept as they are. */
  | { kind: 'structure'; text: string }
  /** A prose line (a paragraph, or a list item's text after its marker). */
  | { kind: 'prose'; marker: string; text: string };

export function readLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let inFence = false;
  for (const text of markdown.split('\n')) {
    if (FENCE.test(text)) {
      inFence = !inFence;
      lines.push({ kind: 'structure', text });
    } else if (inFence || STRUCTURE_LINE.test(text) || BOLD_HEADING.test(text)) lines.push({ kind: 'structure', text });
    else if (text.trim() === '') lines.push({ kind: 'blank', text });
    else {
      const marker = LIST_MARKER.exec(text)?.[0] ?? '';
      lines.push({ kind: 'prose', marker, text: text.slice(marker.length) });
    }
  }
  return lines;
}

const ENDS = new Set(['。', '！', '？', '；', '!', '?', ';']);
const OPENERS: Record<string, string> = { '“': '”', '「': '」', '『': '』', '（': '）', '(': ')', '【': '】', '《': '》', '[': ']', '‘': '’' };
const CLOSERS = new Set(Object.values(OPENERS));
const QUOTE_CLOSERS = new Set(['”', '」', '』', '’']);

/**
 * Sentences of one prose line: ends at 。！？； (and ! ? ; and a . before a space), together with
 * any closing quotes or brackets and spaces after it; never inside quotes, brackets, a link or a
 * code span (“他说：‘走。’” is one sentence). A straight " pair counts as a quote.
 */
export function splitSentences(text: string): string[] {
  const chars = [...text];
  const sentences: string[] = [];
  const stack: string[] = [];
  let current = '';
  let inCode = false;
  let straightQuote = false;
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    current += ch;
    if (ch === '`') inCode = !inCode;
    if (inCode) continue;
    if (ch === '"') straightQuote = !straightQuote;
    else if (OPENERS[ch]) stack.push(OPENERS[ch]!);
    else if (CLOSERS.has(ch) && stack.at(-1) === ch) {
      stack.pop();
      // “行。” ends its sentence with the quote; “行”，… does not.
      if (stack.length === 0 && !straightQuote && QUOTE_CLOSERS.has(ch) && ENDS.has(chars[i - 1] ?? '')) {
        while (i + 1 < chars.length && (CLOSERS.has(chars[i + 1]!) || /[\s*_]/u.test(chars[i + 1]!))) {
          i += 1;
          current += chars[i]!;
        }
        sentences.push(current);
        current = '';
        continue;
      }
    }
    const asciiStop = ch === '.' && (i + 1 >= chars.length || /\s/u.test(chars[i + 1]!)) && i > 0 && !/\d/u.test(chars[i - 1]!);
    if (stack.length > 0 || straightQuote || !(ENDS.has(ch) || asciiStop)) continue;
    // A run of ends (！？, ……。) and the closing marks after them stay with the sentence.
    while (i + 1 < chars.length && (ENDS.has(chars[i + 1]!) || CLOSERS.has(chars[i + 1]!) || chars[i + 1] === '"' || /[\s*_]/u.test(chars[i + 1]!))) {
      i += 1;
      current += chars[i]!;
    }
    sentences.push(current);
    current = '';
  }
  if (current !== '') {
    // A tail of spaces or closing marks belongs to the sentence before it.
    if (sentences.length > 0 && /^[\s*_]*$/u.test(current)) sentences[sentences.length - 1] += current;
    else sentences.push(current);
  }
  return sentences;
}

/** A sentence as plain text: bold marks, links (their text kept) and code marks removed, trimmed. */
export function plainSentence(sentence: string): string {
  return sentence
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\*\*|__|`/gu, '')
    .replace(/\[\d+\]/gu, '')
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, '')
    .trim();
}

/** Characters as a reader counts them: code points, spaces excluded. */
export const charLength = (text: string) => [...text.replace(/\s+/gu, '')].length;
