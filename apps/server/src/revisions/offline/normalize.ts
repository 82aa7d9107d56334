/**
 * Punctuation and format normalisation for Chinese text, without a model. Line by line, outside
 * fenced code: the markdown syntax (code spans, link and image targets, autolinks, HTML tags,
 * bare URLs, heading, list and quote markers) is set aside first and put back unchanged, so only
 * prose is normalised.
 *
 * NOTE: straight double quotes around Chinese become “…”, not 「…」: “” is the mainland standard
 * (GB/T 15834), what the writer produces on both paths, and what our citation and 去AI味 code
 * already reads as a quotation. Trailing spaces go too, including a markdown hard break of two
 * spaces: the editor saves paragraphs, not hard breaks.
 */

const FENCE = /^\s*(?:```|~~~)/u;
/** Quote, heading and list markers at the start of a line. */
const PREFIX = /^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)?/u;
/** Set aside before any rule runs: code spans, images, link targets, autolinks and tags, bare URLs. */
const PROTECTED = /`+[^`]*`+|!\[[^\]]*\]\([^)]*\)|\]\([^)]*\)|<[^<>\n]+>|(?:https?|ftp):\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gu;
/** Placeholders from the Unicode private use area: neither Chinese nor Latin to the rules. */
const PLACEHOLDER = /[\uE000-\uF8FF]/gu;

const HAN = '\\p{Script=Han}';
/** A Chinese character or a full-width mark that closes a Chinese phrase. */
const CJK_BEFORE = `[${HAN}”」』）》】，。；：？！]`;
const FULL_WIDTH: Record<string, string> = { ',': '，', ';': '；', ':': '：', '?': '？', '!': '！', '.': '。' };
const FULL_MARKS = '，。；：？！、）」”』》】…';

const toFullWidth = (marks: string) => [...marks.trim()].map((mark) => FULL_WIDTH[mark] ?? mark).join('');

type Rule = [RegExp, string | ((...args: string[]) => string)];

const RULES: readonly Rule[] = [
  // Ellipses: ... after or before Chinese, 。。。 and a lone … become ……; 。。 is one 。.
  [new RegExp(`(?<=${CJK_BEFORE}|^)\\s*\\.{3,}|\\.{3,}(?=\\s*${HAN})`, 'gu'), '……'],
  [/。{3,}|…{3,}|(?<!…)…(?!…)/gu, '……'],
  [/。{2}/gu, '。'],
  // Half-width marks after Chinese become full-width; a . only where it ends a sentence (3.5 stays).
  [new RegExp(`(?<=${CJK_BEFORE})\\s*[,;:?!]+`, 'gu'), (marks) => toFullWidth(marks)],
  [new RegExp(`(?<=${CJK_BEFORE})\\.(?=\\s|$|${HAN}|[”」])`, 'gu'), '。'],
  // Before Chinese too, whatever precedes it (iPhone 17,因为…): the clause that follows is Chinese.
  [new RegExp(`[,;:?!]+(?=[ \\t]*${HAN})`, 'gu'), (marks) => toFullWidth(marks)],
  // Parentheses around or after Chinese.
  [new RegExp(`\\s*\\(([^()\\n]*${HAN}[^()\\n]*)\\)|(?<=${HAN})\\s*\\(([^()\\n]*)\\)`, 'gu'), (_m, a, b) => `（${a ?? b}）`],
  // Straight double quotes around Chinese.
  [new RegExp(`"([^"\\n]*${HAN}[^"\\n]*)"`, 'gu'), '“$1”'],
  // One ！ or ？ where there were several.
  [/！{2,}/gu, '！'],
  [/？{2,}/gu, '？'],
  // No space next to a full-width mark, none between two Chinese characters.
  [new RegExp(`[ \\t\\u3000]+(?=[${FULL_MARKS}“「『（《【])`, 'gu'), ''],
  [new RegExp(`(?<=[${FULL_MARKS}“「『（《【])[ \\t\\u3000]+`, 'gu'), ''],
  [new RegExp(`(?<=${HAN})[ \\t\\u3000]+(?=${HAN})`, 'gu'), ''],
  // 盘古之白: one space between Chinese and Latin letters or digits.
  [new RegExp(`(${HAN})(?=[A-Za-z0-9])`, 'gu'), '$1 '],
  [new RegExp(`([A-Za-z0-9%])(?=${HAN})`, 'gu'), '$1 '],
];

function normalizeProse(text: string): string {
  return RULES.reduce((out, [pattern, replace]) => out.replace(pattern, replace as (substring: string, ...args: string[]) => string), text);
}

function normalizeLine(line: string): string {
  const trimmed = line.replace(/[ \t\u3000]+$/u, '');
  const prefix = PREFIX.exec(trimmed)?.[0] ?? '';
  const kept: string[] = [];
  const body = trimmed.slice(prefix.length).replace(PROTECTED, (match) => {
    kept.push(match);
    return String.fromCharCode(0xe000 + kept.length - 1);
  });
  return prefix + normalizeProse(body).replace(PLACEHOLDER, (ch) => kept[ch.charCodeAt(0) - 0xe000] ?? ch);
}

export function normalize(selection: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of selection.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      out.push(line.replace(/[ \t]+$/u, ''));
    } else if (inFence) out.push(line);
    else if (line.trim() === '') {
      // One blank line between blocks at most.
      if (out.at(-1) !== '') out.push('');
    } else out.push(normalizeLine(line));
  }
  return out.join('\n');
}
