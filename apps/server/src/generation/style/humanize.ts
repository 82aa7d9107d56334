import { stripMarkdown } from '@tianma/shared';
import { countStockPhrases } from './stock-phrases.js';

/**
 * The last revision of every article, on both writing paths (去AI味): the stock phrases of
 * docs/stock-phrases.md that can be taken out or replaced without changing what a sentence says.
 * A phrase that opens a sentence only to announce it (值得注意的是，…) goes; an era-opening clause
 * (随着…的发展，…) goes; an inflated or buzzword predicate becomes a plain one. Headings, image and
 * link lines and quoted material (“…”, 「…」, > lines) are never touched: a
 * source is quoted verbatim.
 */

/** Fillers that only announce the sentence they open. */
const OPENING_FILLERS = [
  '值得注意的是',
  '值得一提的是',
  '需要注意的是',
  '不难发现',
  '不难看出',
  '由此可见',
  '总而言之',
  '综上所述',
  '总的来说',
  '总的来看',
  '简而言之',
  '众所周知',
  '毋庸置疑',
  '不可否认',
  '显而易见',
  '不言而喻',
  '在当今社会',
  '在当今时代',
];

/**
 * Where a sentence starts: the start of a line or of the text after a quote, or a sentence end,
 * with any citation markers ([1]) that follow it.
 */
const START = '(^(?:\\s*\\[\\d+\\])*\\s*|[。！？!?；;](?:\\s*\\[\\d+\\])*\\s*)';

interface Rule {
  pattern: RegExp;
  replace: string;
  /** A clause that is dropped: kept when it holds one of the article's keywords (SEO). */
  drops?: boolean;
}

const RULES: readonly Rule[] = [
  { pattern: new RegExp(`${START}(?:${OPENING_FILLERS.join('|')})[，,：:]?\\s*`, 'gu'), replace: '$1' },
  // A numbered chain (首先…其次…再次…最后) keeps its order in plainer steps.
  { pattern: new RegExp(`${START}其次[，,]\\s*`, 'gu'), replace: '$1接着，' },
  { pattern: new RegExp(`${START}再次[，,]\\s*`, 'gu'), replace: '$1再往下，' },
  { pattern: new RegExp(`${START}随着[^。！？!?，,\\n]{1,20}?的(?:不断|快速|迅速|飞速|持续|日益)?发展[，,]\\s*`, 'gu'), replace: '$1', drops: true },
  { pattern: new RegExp(`${START}在这个[^。！？!?，,\\n]{1,16}?的?时代[，,里中]\\s*`, 'gu'), replace: '$1', drops: true },
  { pattern: /扮演着?(?:非常|十分)?(?:重要|关键|至关重要|不可或缺)的?角色/gu, replace: '很重要' },
  { pattern: /发挥着?(?:重要|关键|积极|巨大)(?:的)?作用/gu, replace: '很有用' },
  { pattern: /至关重要/gu, replace: '很关键' },
  { pattern: /具有重要意义/gu, replace: '很有意义' },
  { pattern: /为([^，。！？,!?\s]{1,8}?)赋能/gu, replace: '帮$1' },
  { pattern: /赋能/gu, replace: '帮助' },
  { pattern: /助力/gu, replace: '帮助' },
  { pattern: /深入探讨/gu, replace: '细说' },
  { pattern: /深度剖析/gu, replace: '细看' },
  { pattern: /全方位/gu, replace: '全面' },
];

/** A line that is not prose of ours: a heading, an image or a bare link, a quote block, a table. */
export const UNTOUCHED_LINE = /^\s*(?:#|!\[|\[[^\]]*\]\(|>|\|)/u;
/** Quoted material inside a line. */
const QUOTED = /“[^”]*”|「[^」]*」/gu;

function reviseProse(text: string, keep: readonly string[]): string {
  return RULES.reduce(
    (out, rule) =>
      out.replace(rule.pattern, (match: string, start: string) =>
        rule.drops && keep.some((word) => match.includes(word)) ? match : rule.replace.replace('$1', start ?? ''),
      ),
    text,
  );
}

/** Revises the text outside quotes; quotes are kept as they are. */
function reviseLine(line: string, keep: readonly string[]): string {
  if (UNTOUCHED_LINE.test(line)) return line;
  let out = '';
  let last = 0;
  for (const match of line.matchAll(QUOTED)) {
    out += reviseProse(line.slice(last, match.index), keep) + match[0];
    last = match.index + match[0].length;
  }
  return out + reviseProse(line.slice(last), keep);
}

export interface HumanizeResult {
  markdown: string;
  /** Stock phrases per 1,000 characters before and after the revision. */
  before: number;
  after: number;
}

/**
 * Revises an article's prose (before its reference list is added: assemble.ts). `keep`: words a
 * dropped clause must not take with it (the SEO keywords).
 */
export function humanizeArticle(markdown: string, keep: readonly string[] = []): HumanizeResult {
  const words = keep.map((word) => word.trim()).filter(Boolean);
  const revised = markdown
    .split('\n')
    .map((line) => reviseLine(line, words))
    .join('\n');
  const measure = (text: string) => Math.round(countStockPhrases(stripMarkdown(text)).perThousand * 100) / 100;
  return { markdown: revised, before: measure(markdown), after: measure(revised) };
}
