import { describe, expect, it } from 'vitest';
import { sectionMessages } from '../../src/generation/agents/prompts/section.js';
import type { ArticleBrief, Material, Outline, TopicAnalysis } from '../../src/generation/agents/types.js';

const brief: ArticleBrief = {
  topic: '动力电池的日常使用',
  audience: '车主',
  articleType: 'practical_guide',
  style: 'accessible_easyread',
  platform: 'wechat',
  length: 1200,
  industry: '不限',
  language: 'zh-CN',
  advanced: true,
  seoKeywords: [],
};
const outline: Outline = {
  title: '动力电池的日常使用',
  sections: [
    { heading: '开篇', keyPoints: [], budget: 300, role: 'introduction' },
    { heading: '冬天怎么充电', keyPoints: ['低温下的可用容量'], budget: 600, role: 'body' },
    { heading: '结语', keyPoints: [], budget: 300, role: 'conclusion' },
  ],
};
const analysis: TopicAnalysis = { angle: '从车主的日常出发', audienceNeeds: [], keyQuestions: [], searchQueries: [] };
const chunk: Material = {
  id: 'kb-f-1',
  source: 'knowledge',
  title: '电池.md',
  content: '【动力电池手册 > 二、日常使用】磷酸铁锂电池在零下十度时的可用容量通常只有常温时的七成左右。',
  position: '第 2 段 · 动力电池手册 > 二、日常使用',
};

describe('the section prompt with knowledge-base passages', () => {
  it('shows each passage with its file and place, and asks for real sentences cited once', () => {
    const [, user] = sectionMessages({ brief, outline, analysis, index: 1, materials: [chunk] }, [chunk]);
    expect(user!.content).toContain('标题：电池.md（来源：知识库，第 2 段 · 动力电池手册 > 二、日常使用）');
    expect(user!.content).toContain('资料里的标题、列表项、表格行和不完整的句子不是事实陈述');
    expect(user!.content).toContain('同一句资料只用一次');
  });
});

describe('the section prompt without materials', () => {
  it('says once, without materials, that there are none: no empty list after the rule', () => {
    const [, user] = sectionMessages({ brief, outline, analysis, index: 1, materials: [] }, []);
    expect(user!.content).toContain('本节没有参考资料：请依据常识写作，不要使用 [n] 引用标记');
    expect(user!.content).not.toContain('本节参考资料');
    expect(user!.content).not.toContain('本次没有可用的参考资料');
  });
});
