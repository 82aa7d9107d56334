import type { ArticleType, WritingStyle } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { measureStyle } from '../../src/generation/style/style-metrics.js';
import { writeOffline } from '../helpers/offline-article.js';

const measured = async (topic: string, type: ArticleType, style: WritingStyle) => measureStyle((await writeOffline(topic, { type, style, length: 2000 })).text);

describe('the writing style changes the offline article measurably (issue 16, point 2)', () => {
  it('gives a concise guide shorter sentences and paragraphs than an expert one', async () => {
    const concise = await measured('如何提高睡眠质量', 'practical_guide', 'efficient_concise');
    const expert = await measured('如何提高睡眠质量', 'practical_guide', 'authoritative_expert');
    expect(expert.sentenceLength - concise.sentenceLength).toBeGreaterThan(3);
    expect(expert.paragraphLength - concise.paragraphLength).toBeGreaterThan(20);
  });

  it('lets a light style ask and exclaim where a professional one does not', async () => {
    for (const type of ['practical_guide', 'analysis_commentary_opinion'] as const) {
      const topic = type === 'practical_guide' ? '如何提高睡眠质量' : '为什么县城的奶茶店越开越多';
      const professional = await measured(topic, type, 'professional_logical');
      const fun = await measured(topic, type, 'colloquial_fun');
      const easy = await measured(topic, type, 'accessible_easyread');
      expect(fun.exclamationsPerK).toBeGreaterThan(professional.exclamationsPerK + 1);
      expect(easy.questionsPerK).toBeGreaterThan(professional.questionsPerK);
      expect(professional.paragraphLength - easy.paragraphLength).toBeGreaterThan(10);
    }
  });
});
