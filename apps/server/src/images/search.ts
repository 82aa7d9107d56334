import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaUrl } from '../accounts/user-presenter.js';
import { Bm25Index, tokenize, topKeywords } from '../knowledge/index/index.js';
import type { UserImageRow } from './tables.js';
import type { StockHit, StockSourceName } from './stock/stock-port.js';

/** Where a candidate comes from (API.md: POST /api/v1/images/search). */
export type CandidateSource = 'library' | 'knowledge' | StockSourceName | 'card' | 'model';

export interface ImageCandidate {
  imageId?: string;
  url: string;
  source: CandidateSource;
  caption: string;
  score: number;
  attribution?: string;
  licence?: string;
  /** A stock picture not yet ours: present this to POST /api/v1/images/import to copy it in. */
  importToken?: string;
}

/** A caption's (or a paragraph's) terms for matching: the same cut on both sides, whatever the context. */
export function captionTerms(text: string): string[] {
  return tokenize(text, 'stable');
}

/** The most distinct terms a query carries: a paragraph of a few hundred characters fits. */
const MAX_QUERY_TERMS = 48;

/**
 * The words a paragraph is about, cut exactly as the captions are (captionTerms: no new-word
 * guesses, so 猫砂盆 in a paragraph meets 猫砂盆 in a caption). BM25 then weighs rare terms over
 * common ones.
 */
export function queryTerms(text: string): string[] {
  return [...new Set(captionTerms(text))].slice(0, MAX_QUERY_TERMS);
}

/**
 * The stock query: the paragraph's three strongest key terms (TF-IDF) that the search cut also
 * finds (the keyword extractor's new-word guesses, like 砂盆要, are dropped), else its longest
 * terms: words a photo site understands.
 */
export function stockQuery(text: string): string {
  const cut = new Set(captionTerms(text));
  const keywords = topKeywords(text, 8)
    .map((keyword) => keyword.keyword)
    .filter((keyword) => cut.has(keyword));
  const terms = keywords.length > 0 ? keywords : [...cut].sort((a, b) => b.length - a.length);
  return terms.slice(0, 3).join(' ');
}

export interface LibraryIndex {
  rows: UserImageRow[];
  /** BM25 over the rows' captions, in the rows' order. */
  index: Bm25Index;
}

/**
 * Each user's library as a BM25 index over its captions, built once per change of the library
 * (its size or newest picture: the `stamp`) and kept for the next searches (a user clicking 换图
 * on paragraph after paragraph). Bounded: the least recently used user's index goes first.
 */
export class LibraryIndexCache {
  readonly #entries = new Map<number, LibraryIndex & { stamp: string }>();
  constructor(private readonly maxUsers = 200) {}

  /** The cached index when the library has not changed since, else undefined. */
  get(userId: number, stamp: string): LibraryIndex | undefined {
    const cached = this.#entries.get(userId);
    if (!cached || cached.stamp !== stamp) return undefined;
    this.#entries.delete(userId);
    this.#entries.set(userId, cached);
    return cached;
  }

  put(userId: number, stamp: string, rows: UserImageRow[]): LibraryIndex {
    const entry = { stamp, rows, index: Bm25Index.build(rows.map((row) => captionTerms(row.caption))) };
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    if (this.#entries.size > this.maxUsers) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }
}

/**
 * How much a match counts by where the picture comes from: the creator's own pictures first, then
 * the article's own cards, then stock photos, so that their own material wins a near tie.
 */
export const SOURCE_WEIGHT: Record<CandidateSource, number> = { library: 1, knowledge: 1, card: 0.9, model: 0.85, pixabay: 0.8, pexels: 0.8 };

/** A candidate from outside the library (the article's pictures, stock hits), with its caption's tokens. */
export interface Unranked {
  candidate: Omit<ImageCandidate, 'score'>;
  tokens: readonly string[];
}

/**
 * Ranks the library and the other candidates on one scale: the library through its cached BM25
 * index, the others scored with that index's term statistics as if they were in it; then weighted
 * by source. A caption sharing no term with the paragraph is left out: no picture rather than a
 * wrong one.
 */
export function rankCandidates(library: LibraryIndex, extras: readonly Unranked[], terms: readonly string[], limit: number): ImageCandidate[] {
  if (terms.length === 0) return [];
  const ranked: ImageCandidate[] = library.index.search(terms, limit).map((hit) => {
    const candidate = libraryCandidate(library.rows[hit.index]!);
    return { ...candidate, score: hit.score * SOURCE_WEIGHT[candidate.source] };
  });
  for (const extra of extras) {
    const score = library.index.scoreOutside(terms, extra.tokens);
    if (score > 0) ranked.push({ ...extra.candidate, score: score * SOURCE_WEIGHT[extra.candidate.source] });
  }
  return ranked.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** A library picture as a candidate. */
export function libraryCandidate(row: UserImageRow): Omit<ImageCandidate, 'score'> {
  return {
    imageId: row.id,
    url: mediaUrl(row.storageKey),
    source: row.source === 'knowledge' || row.source === 'pixabay' || row.source === 'pexels' ? row.source : 'library',
    caption: row.caption,
    ...(row.attribution ? { attribution: row.attribution } : {}),
    ...(row.licence ? { licence: row.licence } : {}),
  };
}

/** The pictures already in the article (its cards and generated images), captioned by their alt text. */
export function articlePictures(markdown: string): { url: string; caption: string }[] {
  const seen = new Set<string>();
  const pictures: { url: string; caption: string }[] = [];
  for (const match of markdown.matchAll(/!\[([^\]\n]*)\]\((\/media\/[^)\s]+)\)/gu)) {
    const url = match[2]!;
    if (seen.has(url)) continue;
    seen.add(url);
    pictures.push({ url, caption: match[1]!.trim() });
  }
  return pictures;
}

/** The pick of a stock picture, signed so that the import needs no state kept between calls. */
export interface StockPick {
  userId: number;
  hit: StockHit;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`stock-pick:${payload}`).digest('base64url');

export function signStockPick(pick: StockPick, secret: string): string {
  const payload = Buffer.from(JSON.stringify(pick)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The pick a token names, or null when it was not made by us for this user. */
export function verifyStockPick(token: string, userId: number, secret: string): StockHit | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const pick = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StockPick;
    return pick.userId === userId ? pick.hit : null;
  } catch {
    return null;
  }
}
