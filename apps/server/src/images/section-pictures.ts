import type { LibraryRanker } from './library-search.js';
import { captionTerms, type ImageCandidate } from './search.js';

/**
 * The words a caption and a section share, as words: sub-words that jieba's search cut adds
 * (猫砂 and 砂盆 inside 猫砂盆) and single characters do not count on their own.
 */
export function sharedWords(caption: string, section: string): string[] {
  const inSection = new Set(captionTerms(section));
  const shared = [...new Set(captionTerms(caption))].filter((term) => [...term].length >= 2 && inSection.has(term));
  return shared.filter((term) => !shared.some((other) => other !== term && other.includes(term)));
}

/**
 * How much of a caption the section covers: its distinct terms weighted by length (so 咖啡豆
 * counts more than 杯), the share found in the section.
 */
export function captionCoverage(caption: string, section: string): number {
  const inSection = new Set(captionTerms(section));
  const terms = [...new Set(captionTerms(caption))];
  const weight = (list: string[]) => list.reduce((sum, term) => sum + [...term].length, 0);
  const total = weight(terms);
  return total === 0 ? 0 : weight(terms.filter((term) => inSection.has(term))) / total;
}

/** The share of a caption a section must cover to take the picture unasked. */
const MIN_COVERAGE = 0.6;
/** Or this many whole words in common, for a long caption (a document's picture with its paragraph). */
const MIN_SHARED_WORDS = 3;

/**
 * Whether a picture is about the section clearly enough to be placed there without the user
 * choosing it. The editor's search shows ranked candidates and the user picks; the pipeline has
 * no one to ask, so it needs plain evidence: most of the caption found in the section (and at
 * least one real word of it, not just single characters), or several words in common. Otherwise
 * the section keeps its card: no picture is better than a wrong one.
 */
export function clearlyAbout(caption: string, section: string): boolean {
  const shared = sharedWords(caption, section);
  if (shared.length >= MIN_SHARED_WORDS) return true;
  return shared.length > 0 && captionCoverage(caption, section) >= MIN_COVERAGE;
}

/** How many ranked candidates are weighed per section before it keeps its card. */
const CANDIDATES_PER_SECTION = 5;

/**
 * The user's own picture that best fits a section of the article being written: ranked by the
 * library search (BM25 over captions, embeddings when configured), then held to clearlyAbout.
 * A picture already placed in the article (`used`) is not placed again.
 */
export async function libraryPictureFor(
  ranker: LibraryRanker,
  query: { userId: number; heading: string; text: string; used: ReadonlySet<string>; signal?: AbortSignal },
): Promise<ImageCandidate | null> {
  const section = `${query.heading}\n${query.text}`;
  const ranked = await ranker.rank({ userId: query.userId, text: section, limit: CANDIDATES_PER_SECTION, signal: query.signal });
  return ranked.find((candidate) => candidate.imageId && !query.used.has(candidate.imageId) && clearlyAbout(candidate.caption, section)) ?? null;
}
