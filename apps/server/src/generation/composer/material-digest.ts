import type { Material } from '../agents/types.js';
import { Bm25Index, tokenize } from '../../knowledge/index/index.js';
import { materialSentences, sentenceKey } from './material-sentences.js';

/** A sentence chosen for a section's digest, with the material (index into the list given) it comes from. */
export interface DigestPick {
  sentence: string;
  material: number;
}

/**
 * Frames for a further quote of a source in a section: each names the source, since the quote
 * before it may be one the combiner drops (another section made it first), and none adds a fact.
 */
export const FURTHER_QUOTE_FRAMES = [
  '《{title}》里还有一个细节：“{quote}”{cite}。',
  '《{title}》还提到：“{quote}”{cite}。',
  '同样出自《{title}》的一句是：“{quote}”{cite}。',
  '《{title}》在另一处写道：“{quote}”{cite}。',
  '按《{title}》的记述，“{quote}”{cite}。',
  '再看《{title}》中的一句：“{quote}”{cite}。',
];

/** Relevance against novelty in maximal marginal relevance (Carbonell & Goldstein 1998). */
export const MMR_LAMBDA = 0.7;
/** Word overlap (Jaccard) from which two sentences say the same thing: the second is not quoted at all. */
const NEAR_DUPLICATE = 0.6;
/** What a preferred sentence gains, on relevance scaled to 0..1: a clearly better match still wins. */
const PREFERRED_BONUS = 0.25;

export interface DigestOptions {
  /** Keys (sentenceKey) of sentences already quoted. */
  used?: ReadonlySet<string>;
  /** Rotates the order of equally relevant sentences. */
  offset?: number;
  /** A further condition on a sentence (its length, say). */
  accept?: (sentence: string) => boolean;
  /** Sentences this section should rather take (its share of a passage other sections also have). */
  prefer?: (sentence: string) => boolean;
}

interface Candidate {
  sentence: string;
  material: number;
  tokens: Set<string>;
  relevance: number;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Up to `count` sentences of the materials for a section whose question is `query`: ranked by
 * BM25 against the query, then chosen by maximal marginal relevance (λ = 0.7), so the digest does
 * not say one thing twice. A sentence whose key is in `used` (already quoted elsewhere) is not a
 * candidate, nor one `accept` refuses; each sentence comes once even when several materials carry
 * it. Deterministic; `offset` rotates the order among sentences of equal relevance, so sections
 * that share materials and find no overlap still start at different sentences.
 */
export function chooseDigest(materials: readonly Material[], query: string, count: number, options: DigestOptions = {}): DigestPick[] {
  const seen = new Set(options.used ?? []);
  const raw: { sentence: string; material: number }[] = [];
  for (const [material, source] of materials.entries()) {
    for (const sentence of materialSentences(source.content)) {
      const key = sentenceKey(sentence);
      if (seen.has(key) || (options.accept && !options.accept(sentence))) continue;
      seen.add(key);
      raw.push({ sentence, material });
    }
  }
  if (raw.length === 0 || count <= 0) return [];
  const tokens = raw.map((entry) => tokenize(entry.sentence));
  const scores = new Array<number>(raw.length).fill(0);
  for (const hit of Bm25Index.build(tokens).search(tokenize(query), raw.length)) scores[hit.index] = hit.score;
  const top = Math.max(...scores);
  const offset = options.offset ?? 0;
  // NOTE: without any overlap every sentence is as relevant; the earlier one (a passage's lead) wins the tie.
  const candidates: Candidate[] = raw.map((entry, i) => ({
    ...entry,
    tokens: new Set(tokens[i]),
    relevance:
      (top > 0 ? scores[i]! / top : 0) + (options.prefer?.(entry.sentence) ? PREFERRED_BONUS : 0) - ((((i - offset) % raw.length) + raw.length) % raw.length) * 1e-6,
  }));
  const chosen: Candidate[] = [];
  while (chosen.length < count && candidates.length > 0) {
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const [i, candidate] of candidates.entries()) {
      const redundancy = Math.max(0, ...chosen.map((picked) => jaccard(candidate.tokens, picked.tokens)));
      if (redundancy >= NEAR_DUPLICATE) continue;
      const value = MMR_LAMBDA * candidate.relevance - (1 - MMR_LAMBDA) * redundancy;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    if (bestValue === Number.NEGATIVE_INFINITY) break;
    chosen.push(candidates.splice(best, 1)[0]!);
  }
  return chosen.map(({ sentence, material }) => ({ sentence, material }));
}
