import { countCjkLength } from '@tianma/shared';

/**
 * The stock phrases Chinese readers take for machine writing (去AI味), as data: the same list as
 * docs/stock-phrases.md (a test keeps the two in step). `phrase` is how the doc writes it (… for a
 * gap); `pattern` finds it. Chains (首先…其次…最后) and frames with a gap are regular expressions
 * that stay inside one sentence or a short stretch, so a hit is one use, not two words far apart.
 */

export type StockPhraseGroup = 'opening' | 'connective' | 'summary' | 'buzzword' | 'inflation' | 'closing' | 'assistant';

export interface StockPhrase {
  phrase: string;
  group: StockPhraseGroup;
  pattern: RegExp;
}

/** Any run of characters within one sentence, at most `max` long. */
const gap = (max: number) => `[^。！？!?\\n]{1,${max}}?`;
/** Any run of characters across sentences of one paragraph-ish stretch, at most `max` long. */
const span = (max: number) => `[^#]{1,${max}}?`;

const literal = (phrase: string, group: StockPhraseGroup): StockPhrase => ({ phrase, group, pattern: new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') });
const framed = (phrase: string, group: StockPhraseGroup, source: string): StockPhrase => ({ phrase, group, pattern: new RegExp(source, 'g') });

export const STOCK_PHRASES: readonly StockPhrase[] = [
  // Openings that put the era, not the subject, first.
  literal('在当今社会', 'opening'),
  literal('在当今时代', 'opening'),
  framed('在这个…的时代', 'opening', `在这个${gap(16)}的?时代`),
  framed('随着…的（不断）发展', 'opening', `随着${gap(20)}的(?:不断|快速|迅速|飞速|持续|日益)?发展`),
  framed('随着…的日益…', 'opening', `随着${gap(16)}的日益`),
  framed('在…的浪潮中', 'opening', `在${gap(16)}的浪潮(?:中|下)`),
  literal('众所周知', 'opening'),
  literal('毋庸置疑', 'opening'),
  literal('不可否认', 'opening'),
  literal('不言而喻', 'opening'),
  literal('显而易见', 'opening'),
  // Connectives that number or balance points mechanically.
  framed('首先…其次…最后', 'connective', `首先${span(600)}其次(?:${span(600)}(?:再次|最后))?`),
  framed('一方面…另一方面', 'connective', `一方面${span(200)}另一方面`),
  framed('不仅…更…', 'connective', `不仅${gap(30)}更`),
  framed('不是…而是…', 'connective', `不是${gap(20)}[，,]\\s*而是`),
  literal('值得注意的是', 'connective'),
  literal('值得一提的是', 'connective'),
  literal('需要注意的是', 'connective'),
  literal('不难发现', 'connective'),
  literal('不难看出', 'connective'),
  literal('由此可见', 'connective'),
  literal('与此同时', 'connective'),
  // Summaries that announce themselves.
  literal('总而言之', 'summary'),
  literal('综上所述', 'summary'),
  literal('总的来说', 'summary'),
  literal('总的来看', 'summary'),
  literal('简而言之', 'summary'),
  literal('一言以蔽之', 'summary'),
  literal('归根结底', 'summary'),
  // Office and marketing buzzwords that stand in for a concrete verb.
  literal('赋能', 'buzzword'),
  literal('助力', 'buzzword'),
  literal('抓手', 'buzzword'),
  literal('闭环', 'buzzword'),
  literal('底层逻辑', 'buzzword'),
  literal('全方位', 'buzzword'),
  literal('多维度', 'buzzword'),
  literal('深入探讨', 'buzzword'),
  literal('深度剖析', 'buzzword'),
  literal('注入新的活力', 'buzzword'),
  // Inflated importance with nothing measured behind it.
  framed('扮演着重要的角色', 'inflation', '扮演着?(?:重要|关键|至关重要|不可或缺)的?角色'),
  framed('发挥着重要作用', 'inflation', '发挥着?(?:重要|关键|积极|巨大)(?:的)?作用'),
  literal('至关重要', 'inflation'),
  literal('不可或缺', 'inflation'),
  literal('具有重要意义', 'inflation'),
  literal('具有深远的影响', 'inflation'),
  literal('不容忽视', 'inflation'),
  literal('重中之重', 'inflation'),
  literal('蓬勃发展', 'inflation'),
  literal('日益凸显', 'inflation'),
  literal('引发了广泛关注', 'inflation'),
  literal('一把双刃剑', 'inflation'),
  literal('如雨后春笋般', 'inflation'),
  // Closings that rally the reader or predict a bright future.
  literal('让我们一起', 'closing'),
  literal('让我们携手', 'closing'),
  literal('让我们拭目以待', 'closing'),
  literal('未来可期', 'closing'),
  literal('相信在不久的将来', 'closing'),
  framed('开启…的新篇章', 'closing', `开启${gap(12)}新篇章`),
  literal('更加美好的未来', 'closing'),
  // The assistant's own voice leaking into the article.
  literal('希望本文', 'assistant'),
  literal('希望这篇文章', 'assistant'),
  literal('希望以上内容', 'assistant'),
  literal('本文将', 'assistant'),
  literal('接下来我们将', 'assistant'),
  literal('作为一个AI', 'assistant'),
  literal('作为人工智能', 'assistant'),
  literal('以下是', 'assistant'),
];

export interface StockPhraseHit {
  phrase: string;
  group: StockPhraseGroup;
  count: number;
  /** The matched text of each use, for a report a reader can check. */
  examples: string[];
}

export interface StockPhraseCount {
  total: number;
  /** CJK characters as packages/shared counts them (countCjkLength). */
  characters: number;
  perThousand: number;
  hits: StockPhraseHit[];
}

/** Uses of the stock phrases in a plain text, and their number per 1,000 characters. */
export function countStockPhrases(text: string, phrases: readonly StockPhrase[] = STOCK_PHRASES): StockPhraseCount {
  const hits: StockPhraseHit[] = [];
  for (const { phrase, group, pattern } of phrases) {
    const matches = [...text.matchAll(new RegExp(pattern.source, 'g'))].map((match) => match[0]);
    if (matches.length > 0) hits.push({ phrase, group, count: matches.length, examples: matches.slice(0, 3) });
  }
  const total = hits.reduce((sum, hit) => sum + hit.count, 0);
  const characters = countCjkLength(text);
  return { total, characters, perThousand: characters > 0 ? (total * 1000) / characters : 0, hits: hits.sort((a, b) => b.count - a.count) };
}
