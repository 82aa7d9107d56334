import { describe, expect, it } from 'vitest';
import { writeOffline } from '../helpers/offline-article.js';

/*
 * Industry analyses and commentaries written offline from an industry pack (decision 084): the
 * body says what is known of that industry, not the type's generic lines with the topic pasted in.
 */

describe('offline articles about an industry', () => {
  it('an industry analysis of SME digitalisation speaks of its systems, players and costs', async () => {
    const { text } = await writeOffline('2026年中小企业数字化转型', { type: 'industry_analysis', style: 'efficient_concise', length: 2200, platform: 'zhihu' });
    expect(text).toMatch(/进销存|电子发票|记账/);
    expect(text).toMatch(/代理商|实施|订阅/);
    // The generic industry lines are not its body any more.
    expect(text).not.toMatch(/头部未必永远是头部/);
    expect(text).not.toMatch(/影响了谁，有多大/);
  });

  it('a commentary on county tea shops weighs the franchisees, the rents and the other side', async () => {
    const { text } = await writeOffline('为什么县城的奶茶店越开越多', { type: 'analysis_commentary_opinion', style: 'professional_logical', length: 2000 });
    expect(text).toMatch(/加盟/);
    expect(text).toMatch(/房租|租金/);
    expect(text).toMatch(/也有人|相反/);
  });

  it('a tech explainer that asks why takes the analysis’s facets, not 「普通人怎么用上…」', async () => {
    const { text, outline } = await writeOffline('大模型推理成本为什么在下降', { type: 'tech_interpretation', style: 'authoritative_expert', length: 1500, platform: 'zhihu' });
    expect(text).toMatch(/开源|价格|调用/);
    const headings = outline.sections.map((section) => section.heading).join('|');
    expect(headings).not.toMatch(/怎么用上|到底是什么/);
  });

  it('an analysis and a commentary on one industry do not tell the same sentences', async () => {
    const sentences = (text: string) => new Set(text.split(/[。！？\n]/u).map((s) => s.trim()).filter((s) => s.length >= 12));
    const analysis = sentences((await writeOffline('大模型推理成本为什么在下降', { type: 'tech_interpretation', style: 'authoritative_expert', length: 2500, platform: 'zhihu' })).text);
    const commentary = sentences((await writeOffline('AI编程助手对初级程序员的影响', { type: 'analysis_commentary_opinion', style: 'authoritative_expert', length: 3000, platform: 'zhihu' })).text);
    const shared = [...analysis].filter((sentence) => commentary.has(sentence));
    expect(shared.length / analysis.size).toBeLessThan(0.1);
  });
});

describe('a guide about checking something bought', () => {
  it('is a how-to (what to check, the steps, the traps), not a buying guide', async () => {
    const { outline } = await writeOffline('买二手车要检查哪些地方', { type: 'practical_guide', length: 1200 });
    const headings = outline.sections.map((section) => section.heading).join('|');
    expect(headings).toMatch(/车况|坑|检查|看车/);
    expect(headings).not.toMatch(/车商、个人和平台/);
  });
});
