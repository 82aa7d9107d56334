import { lazyRequire } from '../../platform/lazy-require.js';
import { tokenize } from './tokenize.js';

/**
 * Keywords of a text: term frequency in the text times the word's inverse document frequency
 * from jieba's table (a large general corpus), over our own tokens, so our stop words and
 * platform words apply. Words the table lacks get its median weight, as jieba itself does.
 * For SEO keyword suggestions and for labelling a knowledge file.
 */
export interface Keyword {
  keyword: string;
  weight: number;
}

const dictionaries = lazyRequire<typeof import('@node-rs/jieba/dict.js')>('@node-rs/jieba/dict.js');

let idfTable: { weights: Map<string, number>; median: number } | undefined;

/** Parsed on first use only (~270k lines): most processes never extract keywords. */
function getIdfTable() {
  if (!idfTable) {
    const weights = new Map<string, number>();
    for (const line of Buffer.from(dictionaries().idf).toString('utf8').split('\n')) {
      const space = line.lastIndexOf(' ');
      const weight = Number(line.slice(space + 1));
      if (space > 0 && Number.isFinite(weight)) weights.set(line.slice(0, space), weight);
    }
    const sorted = [...weights.values()].sort((a, b) => a - b);
    idfTable = { weights, median: sorted[Math.floor(sorted.length / 2)] ?? 1 };
  }
  return idfTable;
}

/** Single characters, numbers and measurements (2024, 35.5%, 255wh) make poor keywords; 5g stays. */
const isKeywordShaped = (token: string) => [...token].length >= 2 && !/^[\d.,%‰+-]+$/.test(token) && !/^\d[\d.,]+[a-z%‰]*$/.test(token);

export function topKeywords(text: string, n: number): Keyword[] {
  const tokens = tokenize(text, 'precise').filter(isKeywordShaped);
  if (tokens.length === 0 || n <= 0) return [];
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const { weights, median } = getIdfTable();
  return [...counts]
    .map(([keyword, count]) => ({ keyword, weight: (count / tokens.length) * (weights.get(keyword) ?? median) }))
    .sort((a, b) => b.weight - a.weight || a.keyword.localeCompare(b.keyword))
    .slice(0, n);
}
