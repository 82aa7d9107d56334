import { ARTICLE_TYPES, type ArticleType } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { analysisMessages } from '../../src/generation/agents/prompts/analysis.js';
import { combineMessages } from '../../src/generation/agents/prompts/combine.js';
import { HUMANIZE_SHORT } from '../../src/generation/agents/prompts/humanize.js';
import { outlineMessages } from '../../src/generation/agents/prompts/outline.js';
import { sectionMessages } from '../../src/generation/agents/prompts/section.js';
import { seoMessages } from '../../src/generation/agents/prompts/seo.js';
import { constraintRule, INSTRUCTION_NOTE } from '../../src/generation/agents/prompts/topic-parts.js';
import type { ArticleBrief, Outline, TopicAnalysis } from '../../src/generation/agents/types.js';
import { DISCOURSE_PLANS, planLine } from '../../src/generation/plans/discourse-plans.js';
import { countStockPhrases } from '../../src/generation/style/stock-phrases.js';

const analysis: TopicAnalysis = { angle: '从读者的处境出发', audienceNeeds: ['省时间'], keyQuestions: ['从哪开始'], searchQueries: [] };
const outline: Outline = {
  title: '标题',
  sections: [
    { heading: '开篇', keyPoints: [], budget: 200, role: 'introduction' },
    { heading: '正文', keyPoints: [], budget: 500, role: 'body' },
    { heading: '结尾', keyPoints: [], budget: 200, role: 'conclusion' },
  ],
};

function briefOf(topic: string, articleType: ArticleType = 'practical_guide', length = 900): ArticleBrief {
  return { topic, audience: '大众读者', articleType, style: 'sincere_narrative', platform: 'wechat', length, industry: '不限', language: 'zh-CN', advanced: false, seoKeywords: [] };
}

const user = (messages: { content: string }[]) => messages.map((message) => message.content).join('\n');

/** Every prompt that carries the 【创作要求】 block and writes or plans the article. */
function writingPrompts(brief: ArticleBrief) {
  return {
    analysis: user(analysisMessages(brief, [])),
    outline: user(outlineMessages({ brief, analysis, materials: [] })),
    section: user(sectionMessages({ brief, outline, analysis, index: 1, materials: [] }, [])),
    combine: user(combineMessages(brief, '# 标题\n\n正文。\n')),
    seo: user(seoMessages(brief, { title: '标题', markdown: '# 标题\n\n正文。\n' }, [])),
  };
}

const blockOf = (prompt: string) => prompt.slice(prompt.indexOf('【创作要求】'), prompt.indexOf('【/创作要求】'));
const INSTRUCTION_LINES = ['写作身份：', '指定标题：', '字数要求：', '体裁：', '必须遵守', INSTRUCTION_NOTE];

describe('the parsed topic in every writing prompt', () => {
  it('comes after the settings, so tasks with the same settings share the opening of their prompts', () => {
    const one = writingPrompts(briefOf('城市夜跑')).analysis;
    const other = writingPrompts(briefOf('如何给三岁孩子挑选绘本')).analysis;
    let shared = 0;
    while (one[shared] === other[shared]) shared++;
    expect(one.slice(0, shared)).toMatch(/【创作要求】\n- 发布平台：[^\n]+\n- 平台规范：[\s\S]+- 全文目标字数：约 900 字\n- 主题：$/u);
  });

  it('gives a plain subject its parts and nothing an instruction would add, without empty lines', () => {
    for (const [agent, prompt] of Object.entries(writingPrompts(briefOf('城市夜跑')))) {
      const block = blockOf(prompt);
      expect(block, agent).toContain('- 主题：城市夜跑');
      expect(block, agent).toContain('- 写作对象：城市夜跑');
      expect(block, agent).toContain('- 题目形式：主题\n');
      expect(block, agent).toContain('- 关键词：城市夜跑');
      for (const line of INSTRUCTION_LINES) expect(block, `${agent}: ${line}`).not.toContain(line);
      expect(block).not.toMatch(/\n\s*\n/u);
    }
  });

  it('says what a question asks and keeps comparison and list parts out', () => {
    for (const prompt of Object.values(writingPrompts(briefOf('为什么县城的奶茶店越开越多')))) {
      const block = blockOf(prompt);
      expect(block).toContain('- 写作对象：县城的奶茶店');
      expect(block).toContain('- 题目形式：问题——全文要回答「为什么县城的奶茶店越开越多」');
      expect(block).toMatch(/- 关键词：.*奶茶店/u);
      expect(block).not.toMatch(/题目形式：(?:对比|清单)/u);
      for (const line of INSTRUCTION_LINES) expect(block).not.toContain(line);
    }
  });

  it('names a comparison’s options', () => {
    const block = blockOf(writingPrompts(briefOf('远程办公还是回办公室')).outline);
    expect(block).toContain('- 题目形式：对比——在「远程办公」与「回办公室」之间比较');
    expect(block).toContain('- 写作对象：远程办公和回办公室');
    expect(block).not.toContain('全文要回答');
  });

  it('gives a list its count', () => {
    const block = blockOf(writingPrompts(briefOf('5个让出租屋更舒服的小改造')).section);
    expect(block).toContain('- 题目形式：清单——正好列出 5 个让出租屋更舒服的小改造');
  });

  it('turns a whole instruction into role, title, length, genre and constraint rules', () => {
    const topic = '你是公众号情感博主，以《城市的夜晚》为题写一篇800字散文，不要出现首先其次最后，引用古诗词';
    for (const [agent, prompt] of Object.entries(writingPrompts(briefOf(topic, 'experience_story_essay', 850)))) {
      const block = blockOf(prompt);
      expect(block, agent).toContain(`- 主题：${topic}`);
      expect(block, agent).toContain('- 写作对象：城市的夜晚');
      expect(block, agent).toMatch(/- 写作身份：公众号情感博主（.*文中不要提到这个身份/u);
      expect(block, agent).toMatch(/- 指定标题：城市的夜晚（.*一字不改/u);
      expect(block, agent).toContain('- 字数要求：用户写的是「800字」，全文目标字数以约 850 字为准');
      expect(block, agent).toContain('- 体裁：散文');
      expect(block, agent).toContain('- 必须遵守（原话「不要出现首先其次最后」）：全文不得出现「首先」「其次」「最后」');
      expect(block, agent).toMatch(/- 必须遵守（原话「引用古诗词」）：文中要自然地引用古诗词，引文必须真实准确/u);
      expect(block, agent).toContain(INSTRUCTION_NOTE);
      expect(block, agent).not.toContain('题目形式：问题');
    }
    const prompts = writingPrompts(briefOf(topic, 'experience_story_essay', 850));
    expect(prompts.combine).toContain('标题必须是「城市的夜晚」');
    expect(prompts.seo).toContain('用户指定了标题「城市的夜晚」');
  });

  it('adds only the parts an instruction has', () => {
    const block = blockOf(writingPrompts(briefOf('请以“城市的夜晚”为题，写一篇800字左右的散文，不要用排比句')).analysis);
    expect(block).toContain('- 指定标题：城市的夜晚');
    expect(block).toContain('- 必须遵守（原话「不要用排比句」）：不要使用排比句');
    expect(block).not.toContain('写作身份：');
    expect(block).toContain(INSTRUCTION_NOTE);
  });

  it('says each kind of constraint in plain Chinese', () => {
    expect(constraintRule({ kind: 'avoid', text: '不要说教', value: '说教' })).toBe('不要说教');
    expect(constraintRule({ kind: 'avoid', text: '不要出现“亲爱的”和“宝子”', value: '“亲爱的”和“宝子”' })).toMatch(/^全文不得出现「亲爱的」「宝子」/u);
    expect(constraintRule({ kind: 'imitate', text: '模仿汪曾祺的风格', value: '汪曾祺' })).toMatch(/^模仿汪曾祺的文风.*不照抄/u);
    expect(constraintRule({ kind: 'person', text: '用第一人称写', value: '第一人称' })).toBe('用第一人称叙述');
    expect(constraintRule({ kind: 'tone', text: '语言活泼', value: '活泼' })).toBe('语言要活泼');
    expect(constraintRule({ kind: 'include', text: '必须包含价格', value: '价格' })).toBe('文中必须写到：价格');
    expect(constraintRule({ kind: 'audience', text: '面向大学新生', value: '大学新生' })).toMatch(/^写给大学新生看/u);
    expect(constraintRule({ kind: 'format', text: '加emoji', value: 'emoji' })).toBe('适当使用 emoji 表情');
    expect(constraintRule({ kind: 'structure', text: '分3个小标题', value: '3' })).toContain('分3个小标题');
  });
});

describe('the discourse plan in the outline and analysis prompts', () => {
  for (const { value: type } of ARTICLE_TYPES) {
    it(`asks a ${type} outline for its plan in order`, () => {
      const brief = briefOf('城市夜跑', type, 800);
      const prompt = user(outlineMessages({ brief, analysis, materials: [] }));
      expect(prompt).toContain(planLine(type));
      for (const [i, move] of DISCOURSE_PLANS[type].entries()) expect(prompt).toContain(`${i + 1}. ${move.key}：${move.purpose}`);
      // 800 characters leave room for one or two body sections: the writer is told which moves to keep.
      expect(prompt).toContain('保留的优先次序');
      expect(user(analysisMessages(brief, []))).toContain(planLine(type));
    });
  }

  it('puts a structure the user asked for above the section range', () => {
    const prompt = user(outlineMessages({ brief: briefOf('用第一人称写，分3个小标题，关于第一次养猫'), analysis, materials: [] }));
    expect(prompt).toContain('用户指定了结构（分3个小标题）');
    expect(user(outlineMessages({ brief: briefOf('城市夜跑'), analysis, materials: [] }))).not.toContain('用户指定了结构');
  });
});

describe('the humanising revision (去AI味) with the model', () => {
  const listed = (prompt: string) => [...prompt.matchAll(/^- 「(.+?)」出现 (\d+) 次/gmu)].map((match) => match[1]);

  it('lists exactly the stock phrases found in the draft for the combine pass to rewrite', () => {
    const draft = '# 夜跑\n\n值得注意的是，随着城市的快速发展，夜跑的人多了。\n\n## 装备\n\n一双合脚的鞋就够。值得注意的是，反光背心不能省。\n';
    const prompt = user(combineMessages(briefOf('城市夜跑'), draft));
    const found = countStockPhrases(draft).hits.map((hit) => hit.phrase);
    expect(found).toEqual(expect.arrayContaining(['值得注意的是', '随着…的（不断）发展']));
    expect(listed(prompt).sort()).toEqual([...found].sort());
    expect(prompt).toContain('- 「值得注意的是」出现 2 次');
    expect(prompt).toMatch(/「随着…的（不断）发展」出现 1 次，如：「随着城市的快速发展」/u);
    expect(prompt).toContain('通则：');
  });

  it('lists none for a clean draft but keeps the general rules', () => {
    const prompt = user(combineMessages(briefOf('城市夜跑'), '# 夜跑\n\n晚上九点，江边的风有点凉。我换上鞋，先慢跑两公里。\n'));
    expect(listed(prompt)).toEqual([]);
    expect(prompt).toContain('没有检出常见套话');
    expect(prompt).toContain('首先…其次…最后');
  });

  it('gives every section writer the short rule list', () => {
    const prompt = user(sectionMessages({ brief: briefOf('城市夜跑'), outline, analysis, index: 1, materials: [] }, []));
    expect(prompt).toContain(HUMANIZE_SHORT);
  });
});
