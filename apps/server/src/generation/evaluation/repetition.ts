import { normaliseSentence, sentencesOf } from './article-text.js';

/**
 * Repetition within an article and verbatim reuse across articles (WRITING.md §7). Sentences are
 * split on 。！？ and kept from 10 CJK characters; two sentences are the same when equal after
 * normaliseSentence (whitespace, quotes and final punctuation ignored).
 */

export interface Repetition {
  sentences: number;
  repeated: number;
  share: number;
  examples: string[];
}

/** The share of an article's sentences that occur earlier in the same article. */
export function withinArticleRepetition(body: string): Repetition {
  const sentences = sentencesOf(body);
  const seen = new Set<string>();
  const examples: string[] = [];
  let repeated = 0;
  for (const sentence of sentences) {
    const key = normaliseSentence(sentence);
    if (seen.has(key)) {
      repeated += 1;
      if (examples.length < 5 && !examples.includes(sentence)) examples.push(sentence);
    } else seen.add(key);
  }
  return { sentences: sentences.length, repeated, share: sentences.length > 0 ? repeated / sentences.length : 0, examples };
}

export interface ReuseInput {
  id: string;
  body: string;
  /** The brief's topic words (subject, key terms): masked, so a frame filled with two topics still counts as one sentence. */
  topicWords: string[];
}

export interface Reuse {
  sentences: number;
  reused: number;
  share: number;
  perArticle: { id: string; sentences: number; reused: number; share: number }[];
  /** The most widely shared sentences (masked), with the number of articles each occurs in. */
  examples: { sentence: string; articles: number }[];
}

export const TOPIC_MASK = '□';

/** Replaces each topic word (longest first; Latin case and spacing ignored) by one mask character. */
export function maskTopicWords(sentence: string, topicWords: string[]): string {
  let masked = sentence;
  const words = [...new Set(topicWords.map((word) => word.trim()).filter((word) => word.length >= 2))].sort((a, b) => b.length - a.length);
  for (const word of words) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*');
    masked = masked.replace(new RegExp(escaped, 'giu'), TOPIC_MASK);
  }
  return masked;
}

/** Two briefs are related when they name a key term in common (two articles about MacBook Air M5). */
function related(a: ReuseInput, b: ReuseInput): boolean {
  const words = new Set(a.topicWords.map((word) => word.trim().toLowerCase()));
  return b.topicWords.some((word) => words.has(word.trim().toLowerCase()));
}

/**
 * Over a set of articles: the share of all sentences whose masked form occurs in another article
 * for an unrelated brief (one that shares no key term: two articles about one product may well
 * say the same true thing about it). A sentence repeated inside one article counts once for that
 * article.
 */
export function crossArticleReuse(articles: ReuseInput[]): Reuse {
  const masked = articles.map((article) => sentencesOf(article.body).map((sentence) => normaliseSentence(maskTopicWords(sentence, article.topicWords))));
  const articlesOf = new Map<string, Set<number>>();
  masked.forEach((sentences, i) => {
    for (const key of sentences) {
      const owners = articlesOf.get(key) ?? new Set<number>();
      owners.add(i);
      articlesOf.set(key, owners);
    }
  });
  const sharedWithUnrelated = (key: string, i: number) => [...(articlesOf.get(key) ?? [])].some((j) => j !== i && !related(articles[i]!, articles[j]!));
  const perArticle = articles.map((article, i) => {
    const sentences = masked[i]!;
    const reused = sentences.filter((key) => sharedWithUnrelated(key, i)).length;
    return { id: article.id, sentences: sentences.length, reused, share: sentences.length > 0 ? reused / sentences.length : 0 };
  });
  const sentences = perArticle.reduce((sum, entry) => sum + entry.sentences, 0);
  const reused = perArticle.reduce((sum, entry) => sum + entry.reused, 0);
  const examples = [...articlesOf]
    .filter(([, owners]) => owners.size >= 2)
    .sort((a, b) => b[1].size - a[1].size)
    .slice(0, 10)
    .map(([sentence, owners]) => ({ sentence, articles: owners.size }));
  return { sentences, reused, share: sentences > 0 ? reused / sentences : 0, perArticle, examples };
}

/**
 * How far two articles for the same brief differ: the share of the second's sentences that also
 * occur in the first (1 when identical), and whether the texts are byte-identical.
 */
export function sameBriefOverlap(first: string, second: string): { identical: boolean; sharedSentenceShare: number } {
  const earlier = new Set(sentencesOf(first).map(normaliseSentence));
  const later = sentencesOf(second).map(normaliseSentence);
  const shared = later.filter((key) => earlier.has(key)).length;
  return { identical: first === second, sharedSentenceShare: later.length > 0 ? shared / later.length : first === second ? 1 : 0 };
}
