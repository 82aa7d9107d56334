import { countCjkLength } from '@tianma/shared';
import { sentencesOf } from './article-text.js';

/**
 * A measured style profile (WRITING.md §5) and a distance between two. The composer's
 * style-profile.ts turns a reference into words for a prompt (短句为主, 对话感强 …); a measure
 * needs numbers, so this counts: mean sentence and paragraph length (CJK characters), first and
 * second person, questions, exclamations and emoji per 1,000 characters.
 */

export interface MeasuredStyle {
  sentenceLength: number;
  paragraphLength: number;
  firstPersonPerK: number;
  secondPersonPerK: number;
  questionsPerK: number;
  exclamationsPerK: number;
  emojiPerK: number;
}

const EMOJI = /\p{Extended_Pictographic}/gu;

export function measureStyle(plain: string): MeasuredStyle {
  const characters = Math.max(1, countCjkLength(plain));
  const perK = (n: number) => (n * 1000) / characters;
  const sentences = sentencesOf(plain, 2);
  const paragraphs = plain.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => countCjkLength(p) >= 2);
  const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  return {
    sentenceLength: mean(sentences.map(countCjkLength)),
    paragraphLength: mean(paragraphs.map(countCjkLength)),
    firstPersonPerK: perK((plain.match(/我/gu) ?? []).length),
    secondPersonPerK: perK((plain.match(/你|您/gu) ?? []).length),
    questionsPerK: perK((plain.match(/[？?]/gu) ?? []).length),
    exclamationsPerK: perK((plain.match(/[！!]/gu) ?? []).length),
    emojiPerK: perK((plain.match(EMOJI) ?? []).length),
  };
}

/**
 * Mean over the dimensions of |a − b| ÷ max(|a|, |b|, floor): 0 for the same profile, 1 when every
 * dimension differs completely. The floor (per dimension) keeps near-zero rates from counting as
 * a full difference (0.1 vs 0 questions per 1,000 characters is no difference a reader sees).
 */
const FLOORS: Record<keyof MeasuredStyle, number> = {
  sentenceLength: 5,
  paragraphLength: 20,
  firstPersonPerK: 3,
  secondPersonPerK: 3,
  questionsPerK: 2,
  exclamationsPerK: 2,
  emojiPerK: 2,
};

export function styleDistance(a: MeasuredStyle, b: MeasuredStyle): number {
  const keys = Object.keys(FLOORS) as (keyof MeasuredStyle)[];
  const total = keys.reduce((sum, key) => sum + Math.abs(a[key] - b[key]) / Math.max(Math.abs(a[key]), Math.abs(b[key]), FLOORS[key]), 0);
  return total / keys.length;
}
