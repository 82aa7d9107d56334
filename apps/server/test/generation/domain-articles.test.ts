import type { ArticleType, Platform } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { writeOffline } from '../helpers/offline-article.js';

const write = (topic: string, type: ArticleType, length = 1500, platform: Platform = 'wechat') => writeOffline(topic, { type, length, platform });

const bodyHeadings = (outline: { sections: { heading: string }[] }) => outline.sections.slice(1, -1).map((section) => section.heading);

describe('offline articles in a domain the writer knows (decision 049)', () => {
  it('writes a first-cat guide about cats: supplies, the first days, the pitfalls', async () => {
    const { outline, text } = await write('第一次养猫要准备什么', 'practical_guide');
    expect(bodyHeadings(outline).join('')).toMatch(/猫/u);
    for (const word of ['猫砂', '兽医']) expect(text).toContain(word);
    // The checklist of a long guide is a list one can tick off.
    const long = await write('第一次养猫要准备什么', 'practical_guide', 3000);
    expect(long.text).toMatch(/^- .+$/mu);
  });

  it('answers a guide that asks how to choose with the choosing moves', async () => {
    const { outline, text } = await write('如何给三岁孩子挑选绘本', 'practical_guide');
    expect(outline.sections.length).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/纸板书|布书|无字书|科普绘本/u);
    // Not the generic self-improvement plan of a guide with no domain.
    expect(text).not.toContain('把绘本排进日程');
  });

  it('explains a practice with when it fits and how to do it', async () => {
    const { text } = await write('用通俗的话解释什么是指数基金定投', 'tech_interpretation', 800);
    expect(text).toMatch(/扣款|波动/u);
  });

  it('leaves a question of causes to the type’s own facets', async () => {
    const { text } = await write('大模型推理成本为什么在下降', 'tech_interpretation', 1200);
    expect(text).not.toMatch(/提示词/u);
  });

  it('writes a comparison about two options, never as one product', async () => {
    const { text } = await write('iPhone 17 和 Pixel 10 怎么选', 'recommendation_sharing', 1200, 'zhihu');
    expect(text).not.toMatch(/iPhone 17和Pixel 10(?:整体|用起来|最大的)/u);
    expect(text).toMatch(/iPhone 17.{0,12}Pixel 10.{0,30}(?:各有|没有绝对|取决于|差别)/u);
  });
});
