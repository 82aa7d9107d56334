import type { ArticleType, WritingStyle } from '@tianma/shared';
import { type MeasuredStyle, measureStyle } from '../style/style-metrics.js';

/**
 * What each writing style measures like (issue 16, point 2: style changes person, sentence length
 * and paragraph length in measurable ways). Without a reference article the offline draft is moved
 * toward its style's figures by the same plain edits a reference drives (style-transform.ts);
 * figures a style does not name stay as the draft has them. Sentence and paragraph lengths are
 * CJK characters; person, questions and exclamations are per 1,000 characters.
 * NOTE: short-sentence styles get their short sentences from the choice of lines (SHORT_STYLES,
 * section-writer.ts), not from splitting at commas, which left shared half-clauses standing as
 * sentences of their own; the long-sentence styles join.
 */
const TARGETS: Record<WritingStyle, Partial<MeasuredStyle>> = {
  efficient_concise: { paragraphLength: 38 },
  professional_logical: { sentenceLength: 22, paragraphLength: 72, wePerK: 3 },
  colloquial_fun: { paragraphLength: 40, secondPersonPerK: 7, questionsPerK: 5, exclamationsPerK: 3 },
  sincere_narrative: { sentenceLength: 19, paragraphLength: 56, firstPersonPerK: 10 },
  authoritative_expert: { sentenceLength: 26, paragraphLength: 82, firstPersonPerK: 1.5, wePerK: 3 },
  vivid_experience: { paragraphLength: 50, firstPersonPerK: 10, exclamationsPerK: 1.5 },
  accessible_easyread: { paragraphLength: 42, secondPersonPerK: 7, questionsPerK: 5 },
};

/** Styles whose sections prefer the shorter of the lines they could use. */
export const SHORT_STYLES: ReadonlySet<WritingStyle> = new Set(['efficient_concise', 'colloquial_fun', 'accessible_easyread', 'vivid_experience']);

/** The profile a draft in `style` is moved toward: the draft's own figures with the style's over them. */
export function styleTarget(style: WritingStyle, markdown: string, type?: ArticleType): MeasuredStyle {
  const current = measureStyle(markdown);
  // An essay's questions would be the style pass's 「问题出在哪里？」, an argument's move: it keeps its own.
  const { questionsPerK: _questions, exclamationsPerK: _exclamations, ...narrative } = TARGETS[style];
  const target = { ...current, ...(type === 'experience_story_essay' ? narrative : TARGETS[style]) };
  // Joined, never split (see the NOTE above).
  return { ...target, sentenceLength: Math.max(current.sentenceLength, target.sentenceLength) };
}
