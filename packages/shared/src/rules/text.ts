/**
 * Length of a text as a Chinese reader counts it: each CJK character (ideographs, kana,
 * hangul, full-width punctuation) counts one, each run of Latin letters or digits counts
 * one word. Whitespace and ASCII punctuation count nothing.
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

export function countCjkLength(text: string): number {
  let count = 0;
  let inWord = false;
  for (const ch of text) {
    if (CJK_CHAR.test(ch)) {
      count += 1;
      inWord = false;
    } else if (WORD_CHAR.test(ch) || (inWord && (ch === "'" || ch === '-'))) {
      if (!inWord) count += 1;
      inWord = true;
    } else {
      inWord = false;
    }
  }
  return count;
}

/** Cuts to `max` characters (code points, so no surrogate is split) and adds an ellipsis. */
export function truncate(text: string, max: number, ellipsis = '...'): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') + ellipsis : text;
}

/** Markdown reduced to plain text: marks, links, images, code fences and HTML tags removed. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]+>/g, '')
    // A link's address may itself hold one level of parentheses: javascript:alert(1), wiki URLs.
    .replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*([-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/^[ \t]*([-*_][ \t]*){3,}$/gm, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
