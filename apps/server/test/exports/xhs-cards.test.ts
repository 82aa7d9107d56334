import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CARDS, renderXhsCards } from '../../src/exports/xhs-cards.js';

const ARTICLE = '# 标题\n\n第一段正文，介绍这篇笔记要讲的三件事情，足够作为封面的摘要。\n\n## 小节\n\n- 要点一\n- 要点二';

describe('renderXhsCards', () => {
  it('draws the title on the cover: another title gives another cover, the same one the same bytes', async () => {
    const first = await renderXhsCards({ title: '春季护肤指南', markdown: ARTICLE });
    const again = await renderXhsCards({ title: '春季护肤指南', markdown: ARTICLE });
    const other = await renderXhsCards({ title: '秋季穿搭灵感', markdown: ARTICLE });
    expect(first.cards.map((card) => card.name)).toEqual(['01-封面.png', '02.png']);
    expect(first.cards[0]!.png.equals(again.cards[0]!.png)).toBe(true);
    expect(first.cards[0]!.png.equals(other.cards[0]!.png)).toBe(false);
  });

  it('stops at the card limit for a very long article and says so', async () => {
    const sections = Array.from({ length: 60 }, (_, i) => `## 第${i + 1}节\n\n${'这是一段用来填满卡片的正文内容。'.repeat(6)}`);
    const set = await renderXhsCards({ title: '很长的文章', markdown: `# 很长的文章\n\n${sections.join('\n\n')}` });
    expect(set.truncated).toBe(true);
    expect(set.cards).toHaveLength(MAX_CONTENT_CARDS + 1);
    expect(set.cards.at(-1)!.name).toBe('11.png');
  });

  it('makes a cover even for an article with no body', async () => {
    const set = await renderXhsCards({ title: '', markdown: '# 只有标题' });
    expect(set.cards.map((card) => card.name)).toEqual(['01-封面.png']);
    expect(set.truncated).toBe(false);
  });
});
