import { describe, expect, it } from 'vitest';
import { CLAIM_LEADS } from '../../src/generation/composer/phrasebook-common.js';
import { briefOf, sharedSentences, UNRELATED_BRIEFS, writeOffline } from './offline-articles.js';

/**
 * The offline writer's sentences must be about their article: a sentence that turns up, topic
 * words masked, in three or more articles about unrelated subjects is stock filler
 * (「换句话说，方法是否有效，取决于它适用的条件。」). Each brief is written twice (a first draft and
 * a regeneration), as a user who writes often would see them.
 */
describe('sentences shared by unrelated offline articles', () => {
  it('no sentence, topic masked, occurs in three or more of 19 unrelated briefs written twice each', async () => {
    const articles: { markdown: string; topic: string }[] = [];
    for (const variant of [undefined, 'again']) {
      for (const brief of UNRELATED_BRIEFS) articles.push({ ...(await writeOffline(briefOf(brief, variant))), topic: brief.topic });
    }
    // Two drafts of one brief may well agree: what counts is the number of different briefs.
    const shared = sharedSentences(articles, 1)
      .map((entry) => ({ sentence: entry.sentence, briefs: [...new Set(entry.articles.map((i) => articles[i]!.topic))] }))
      .filter((entry) => entry.briefs.length >= 3);
    expect(shared).toEqual([]);
  });

  it('names none of the stock sentences that used to fill any article', async () => {
    const stock = ['方法是否有效，取决于它适用的条件', '留下来的多半是把基本功做扎实的那一批', '能带来什么实际的改变', '再把要点归拢一下', '暂时就聊这些'];
    for (const brief of UNRELATED_BRIEFS) {
      const { markdown } = await writeOffline(briefOf(brief));
      for (const phrase of stock) expect(markdown).not.toContain(phrase);
    }
  });

  it('keeps each article near its requested length', async () => {
    const { countCjkLength } = await import('@tianma/shared');
    for (const brief of UNRELATED_BRIEFS) {
      const { markdown } = await writeOffline(briefOf(brief));
      const produced = countCjkLength(markdown);
      expect(produced / brief.length, `${brief.topic}: ${produced} of ${brief.length}`).toBeGreaterThan(0.9);
      expect(produced / brief.length, `${brief.topic}: ${produced} of ${brief.length}`).toBeLessThan(1.1);
    }
  });

  it('never stacks a stance word on an argued claim that has its lead (说实话，从实际经验来看，…)', async () => {
    const leads = CLAIM_LEADS.filter((lead) => !lead.includes('{'));
    const stacked = new RegExp(`^[^，。！？]{2,8}[，：](${leads.join('|')})，`, 'u');
    // NOTE: essays are left out: a story line may still take a narrator's opener before a lead.
    for (const brief of UNRELATED_BRIEFS.filter((b) => b.type !== 'experience_story_essay')) {
      const { markdown } = await writeOffline(briefOf(brief));
      const sentences = markdown.split(/(?<=[。！？])|\n+/u).map((sentence) => sentence.replace(/^[^\p{Script=Han}]+/u, ''));
      expect(sentences.filter((sentence) => stacked.test(sentence))).toEqual([]);
    }
  });
});
