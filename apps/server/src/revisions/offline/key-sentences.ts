import { STOCK_PHRASES } from '../../generation/style/stock-phrases.js';
import { topKeywords } from '../../knowledge/index/tfidf.js';
import { tokenize } from '../../knowledge/index/tokenize.js';
import { charLength, plainSentence, readLines, splitSentences } from './sentences.js';

/**
 * One scorer for 缩写, 摘要 and 标题候选: a sentence is worth its key terms (TF-IDF over jieba,
 * the knowledge base's tokenizer, so its stop words apply) per square root of its length, more
 * when it opens a paragraph or carries a number, much less when it is stock filler.
 */

export interface Sentence {
  /** As written, with its marks and trailing spaces. */
  text: string;
  /** Plain text, trimmed: what a summary or a title is made of. */
  plain: string;
  /** Index of its prose line (paragraph) in the selection, and its place in that paragraph. */
  paragraph: number;
  position: number;
  /** True in a list item: a fragment more often than a sentence. */
  listItem: boolean;
  /** Index in reading order over the whole selection. */
  order: number;
  score: number;
}

/**
 * Sentences that only move the reader along (先从第一点说起, 一起来看看, 共勉) or talk about the
 * text itself; together with the stock phrases of docs/stock-phrases.md they are filler.
 */
const FILLER =
  /(?:一起来看看|先从第一点说起|再来看下一点|接着往下看|说了这么多|收个尾|共勉|今天先写这么多|不妨转给|这一点很关键|这一点尤其重要|这条值得记下|不妨记在心里|讲得直白些|说得再直白一点|坦白讲|冷静下来看|写在前面|写在最后|下面试着回答|用大白话|别担心|往下说|先把问题摆出来|话不多说|废话不多说|建议收藏|点赞|关注我|再说一点|再来看|然后是|最后说两句|往下看就知道|如果你也在琢磨|如果你是[^，。]{1,12}的朋友|冤枉钱|真心话来了|先问一句|这是基础|关键在坚持|细节见真章|最关心的地方|顺着这个思路|下一个方面|下一点|^落到[^，。]{1,10}上，)/u;

/** Opens with a word that leans on the sentence before it: weaker when read alone. */
const LEANING = /^(?:但是?|可是|所以|因此|而且|并且|同时|另外|此外|不过|然而|于是|这样|这也|这就|那么|其实)|同样的道理|也是如此|也是一样|上面说的|前面说的/u;

/** True when the sentence needs the one before it to be understood (所以…, …也是同样的道理). */
export const leansOnPrevious = (plain: string) => LEANING.test(plain);
const NUMBER = /\d|[一二两三四五六七八九十百千万]+(?:个|种|条|款|步|岁|天|年|月|周|次|分钟|小时|本|元|块|倍|成)/u;

/** The stock phrases' patterns without their g flag, so test() keeps no state between sentences. */
const STOCK = STOCK_PHRASES.map(({ pattern }) => new RegExp(pattern.source, 'u'));

export function isFiller(plain: string): boolean {
  return FILLER.test(plain) || STOCK.some((pattern) => pattern.test(plain));
}

/** The text's key terms and their weights (TF-IDF), heaviest first. */
export function keyTerms(text: string, n = 24): Map<string, number> {
  return new Map(topKeywords(text, n).map(({ keyword, weight }) => [keyword, weight]));
}

export function scoreSentence(plain: string, terms: ReadonlyMap<string, number>, opensParagraph: boolean): number {
  const length = charLength(plain);
  if (length === 0) return 0;
  const words = new Set(tokenize(plain, 'precise'));
  let weight = 0;
  for (const word of words) weight += terms.get(word) ?? 0;
  let score = weight / Math.sqrt(length);
  if (opensParagraph) score *= 1.3;
  if (NUMBER.test(plain)) score *= 1.15;
  if (leansOnPrevious(plain)) score *= 0.8;
  if (length < 8) score *= 0.5;
  if (isFiller(plain)) score *= 0.25;
  return score;
}

/** Every prose sentence of a markdown text with its score against the text's own key terms. */
export function scoreSentences(markdown: string, terms: ReadonlyMap<string, number> = keyTerms(markdownProse(markdown))): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraph = 0;
  for (const line of readLines(markdown)) {
    if (line.kind !== 'prose') continue;
    splitSentences(line.text).forEach((text, position) => {
      const plain = plainSentence(text);
      sentences.push({ text, plain, paragraph, position, listItem: line.marker !== '', order: sentences.length, score: scoreSentence(plain, terms, position === 0) });
    });
    paragraph += 1;
  }
  return sentences;
}

/** The prose of a markdown text (no headings, images, tables or code), one paragraph a line. */
export function markdownProse(markdown: string): string {
  return readLines(markdown)
    .flatMap((line) => (line.kind === 'prose' ? [plainSentence(line.text)] : []))
    .join('\n');
}

const bigrams = (text: string) => {
  const chars = [...text.replace(/[\p{P}\p{S}\s]/gu, '').toLowerCase()];
  return new Set(chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]));
};

/** Share of character pairs two texts have in common (Jaccard over bigrams): 1 is the same wording. */
export function overlap(a: string, b: string): number {
  const [p, q] = [bigrams(a), bigrams(b)];
  const shared = [...p].filter((gram) => q.has(gram)).length;
  return shared / Math.max(1, new Set([...p, ...q]).size);
}

/** Best first; ties go to the earlier sentence, so the order is the same on every run. */
export const byScore = <T extends { score: number; order: number }>(a: T, b: T) => b.score - a.score || a.order - b.order;
