import { ARTICLE_TYPES, type ArticleType, countCjkLength, PLATFORMS, type Platform, type WritingStyle, WRITING_STYLES } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import type { ArticleBrief, Material, Outline, SectionDraft } from '../../src/generation/agents/types.js';
import { splitSentences } from '../../src/generation/composer/length-fitting.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { CONCLUSION_START, INTRO_START, TRANSITION_START } from '../../src/generation/composer/phrasebook-common.js';
import { extractTopicTerms } from '../../src/generation/composer/topic-terms.js';

const TOPICS: Record<ArticleType, string> = {
  practical_guide: '如何在30天内养成早起习惯',
  recommendation_sharing: '一款适合通勤的降噪耳机',
  experience_story_essay: '我的第一次独自旅行',
  analysis_commentary_opinion: '如何看待年轻人返乡创业',
  tech_interpretation: '量子计算的原理与应用',
  industry_analysis: '新能源汽车电池回收的机会与挑战',
};

const KEYWORDS: Record<ArticleType, string[]> = {
  practical_guide: ['时间管理', '作息调整'],
  recommendation_sharing: ['通勤好物', '性价比'],
  experience_story_essay: ['独处', '成长'],
  analysis_commentary_opinion: ['乡村振兴', '创业风险'],
  tech_interpretation: ['量子比特', '算力'],
  industry_analysis: ['循环经济', '梯次利用'],
};

const MATERIALS: Material[] = [
  {
    id: 'kb-1',
    source: 'knowledge',
    title: '团队内部经验手册.docx',
    content:
      '我们在三个项目里反复验证过一条经验：先用一周时间做小范围试点，再决定是否全面推开。试点阶段最重要的是记录问题，而不是急着证明成功。每周五下午固定复盘一次，能让团队少走很多弯路。',
  },
  {
    id: 'kb-2',
    source: 'knowledge',
    title: '读者访谈记录',
    content: '受访的读者里有七成表示，最看重的是能马上用上的具体做法。一位读者说，真正让她坚持下来的不是工具，而是身边有人一起做。',
  },
];

const SELF_REFERENCE = /AI|人工智能|大模型|语言模型|机器生成|自动生成/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const QUOTE = /“([^”]+)”\[(\d+)\]/gu;

interface Case {
  platform: Platform;
  type: ArticleType;
  length: number;
  materials: Material[];
  seo?: boolean;
  topic?: string;
  style?: WritingStyle;
  referenceText?: string;
  /** The task's variant (its id): the same brief in another task writes differently. */
  variant?: string;
}

function briefOf(c: Case): ArticleBrief {
  const style = c.style ?? WRITING_STYLES[(c.length + c.type.length) % WRITING_STYLES.length]!.value;
  return {
    topic: c.topic ?? TOPICS[c.type],
    audience: '职场打工人',
    articleType: c.type,
    style,
    platform: c.platform,
    length: c.length,
    industry: '不限',
    language: 'zh-CN',
    advanced: Boolean(c.seo),
    seoKeywords: c.seo ? KEYWORDS[c.type] : [],
    variant: c.variant,
  };
}

async function compose(c: Case) {
  const agents = new OfflineComposer();
  const brief = briefOf(c);
  const analysis = await agents.analyzeTopic({ brief, materials: c.materials });
  const style = c.referenceText ? await agents.extractStyle({ brief, referenceText: c.referenceText }) : undefined;
  const outline = await agents.outline({ brief, analysis, materials: c.materials, style });
  const drafts: SectionDraft[] = [];
  for (const index of outline.sections.keys()) {
    drafts.push(await agents.writeSection({ brief, outline, analysis, index, materials: c.materials, style }));
  }
  const combined = await agents.combine({ brief, outline, sections: drafts });
  const seo = c.seo ? await agents.optimizeSeo({ brief, article: combined, keywords: brief.seoKeywords }) : undefined;
  return { brief, analysis, outline, drafts, combined, seo, final: seo?.markdown ?? combined.markdown, title: seo?.title ?? combined.title };
}

const withinShare = (actual: number, target: number, share: number) => Math.abs(actual - target) <= target * share;

function checkStructure(c: Case, outline: Outline, final: string, title: string) {
  const lines = final.split('\n');
  expect(lines.filter((line) => /^# /.test(line))).toEqual([`# ${title}`]);
  expect(outline.sections.length).toBeGreaterThanOrEqual(4);
  expect(outline.sections.length).toBeLessThanOrEqual(7);
  expect(outline.sections.reduce((sum, section) => sum + section.budget, 0)).toBe(c.length);
  expect(outline.sections.map((section) => section.role)).toEqual([
    'introduction',
    ...outline.sections.slice(1, -1).map(() => 'body'),
    'conclusion',
  ]);
  for (const [i, section] of outline.sections.entries()) {
    if (c.platform === 'xiaohongshu' && i === 0) continue;
    expect(final).toContain(section.heading);
  }
  if (c.platform === 'xiaohongshu') {
    expect([...title].length).toBeLessThanOrEqual(20);
    expect(title).toMatch(EMOJI);
    expect(final).not.toMatch(/^## /m);
    const last = lines.filter((line) => line.trim()).at(-1)!;
    expect(last).toMatch(/^#[^\s#]+( #[^\s#]+){2,5}$/u);
  } else {
    expect(final).toMatch(/^## /m);
  }
  expect(final).not.toMatch(/[{}]/);
}

function checkContent(c: Case, drafts: SectionDraft[], outline: Outline, final: string) {
  expect(final).toContain(extractTopicTerms(c.topic ?? TOPICS[c.type]).main);
  if (!SELF_REFERENCE.test(c.topic ?? TOPICS[c.type])) expect(final).not.toMatch(SELF_REFERENCE);
  const paragraphs = final.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  expect(new Set(paragraphs).size).toBe(paragraphs.length);
  for (const [i, draft] of drafts.entries()) {
    const sentences = draft.markdown.split('\n').flatMap((line) => splitSentences(line.replace(/^(?:\s|\*|\p{Extended_Pictographic}|\uFE0F)+/u, '')));
    if (i !== 0) expect(sentences.filter((s) => INTRO_START.test(s.trim()))).toEqual([]);
    if (i !== drafts.length - 1) expect(sentences.filter((s) => CONCLUSION_START.test(s.trim()))).toEqual([]);
    if (c.length >= 2000) expect(withinShare(countCjkLength(draft.markdown), outline.sections[i]!.budget, 0.1)).toBe(true);
    if (c.materials.length === 0) {
      expect(draft.sources).toEqual([]);
      expect(draft.markdown).not.toMatch(/\[\d+\]/);
      continue;
    }
    expect(draft.sources.length).toBeGreaterThan(0);
    // The sources are the materials the section quotes, each once.
    expect(new Set(draft.sources).size).toBe(draft.sources.length);
    for (const source of draft.sources) expect(c.materials).toContain(source);
    const quotes = [...draft.markdown.matchAll(QUOTE)];
    expect(quotes.length).toBeGreaterThan(0);
    for (const [, text, n] of quotes) expect(draft.sources[Number(n) - 1]!.content).toContain(text!.replace(/……$/u, ''));
  }
  if (c.materials.length > 0) {
    const quoted = [...final.matchAll(QUOTE)].map((match) => match[1]!.replace(/……$/u, ''));
    expect(quoted.some((text) => countCjkLength(text) >= 6 && c.materials.some((m) => m.content.includes(text)))).toBe(true);
  }
}

describe('OfflineComposer', () => {
  const cases: Case[] = [];
  for (const { value: platform } of PLATFORMS) {
    for (const { value: type } of ARTICLE_TYPES) {
      for (const length of [300, 2000, 6000]) {
        cases.push({ platform, type, length, materials: [] });
        cases.push({ platform, type, length, materials: MATERIALS, seo: length !== 2000 });
      }
    }
  }
  cases.push({ platform: 'wechat', type: 'industry_analysis', length: 10000, materials: MATERIALS, seo: true });

  it.each(cases.map((c) => [`${c.platform} ${c.type} ${c.length}${c.materials.length ? ' +kb' : ''}${c.seo ? ' +seo' : ''}`, c] as const))(
    'writes %s to length and shape',
    async (_name, c) => {
      const { combined, seo, outline, drafts, final, title } = await compose(c);
      expect(withinShare(countCjkLength(combined.markdown), c.length, 0.15)).toBe(true);
      expect(withinShare(countCjkLength(final), c.length, 0.15)).toBe(true);
      checkStructure(c, outline, final, title);
      checkContent(c, drafts, outline, final);
      if (seo) {
        const body = final.replace(/^# .*$/m, '').replace(/^#[^\s#].*$/gmu, '');
        for (const keyword of KEYWORDS[c.type]) expect(body).toContain(keyword);
        expect(seo.keywords).toEqual(KEYWORDS[c.type]);
        if (c.platform !== 'xiaohongshu') expect(final).toMatch(/^> \*\*(导语|摘要)\*\*/m);
      }
    },
  );

  it('is deterministic, and different topics read differently', async () => {
    const c: Case = { platform: 'wechat', type: 'practical_guide', length: 2000, materials: MATERIALS };
    const first = await compose(c);
    const again = await compose(c);
    expect(again.final).toBe(first.final);
    expect(again.outline).toEqual(first.outline);

    const other = await compose({ ...c, topic: '如何在三个月内学会做饭' });
    const mask = (text: string, topic: string) => extractTopicTerms(topic).terms.reduce((out, term) => out.replaceAll(term, '＊'), text);
    const a = new Set(splitSentences(mask(first.final, TOPICS.practical_guide).replace(/\n/g, '')));
    const b = splitSentences(mask(other.final, '如何在三个月内学会做饭').replace(/\n/g, ''));
    expect(other.final).not.toBe(first.final);
    expect(b.filter((sentence) => !a.has(sentence)).length).toBeGreaterThan(b.length / 4);
  });

  it('writes the same brief differently in another task (a regeneration), and the same in the same task (a resume)', async () => {
    const c: Case = { platform: 'zhihu', type: 'analysis_commentary_opinion', length: 1500, materials: [], variant: 'task-a' };
    const first = await compose(c);
    expect((await compose(c)).final).toBe(first.final);
    const regenerated = await compose({ ...c, variant: 'task-b' });
    expect(regenerated.final).not.toBe(first.final);
  });

  it('follows a reference style that hooks with questions', async () => {
    const referenceText = '早起真的难吗？其实不难。你试过吗？先定闹钟。再定目标。为什么总失败？因为太急。';
    const c: Case = { platform: 'wechat', type: 'practical_guide', length: 3000, materials: [], referenceText };
    const { outline, drafts, final } = await compose(c);
    expect(withinShare(countCjkLength(final), c.length, 0.15)).toBe(true);
    for (const draft of drafts.slice(1, -1)) {
      const opening = draft.markdown.split('\n\n')[1] ?? '';
      expect(opening).toMatch(/？/u);
    }
    checkStructure(c, outline, final, outline.title);
  });

  it('combines into one introduction and one conclusion, with transitions', async () => {
    const c: Case = { platform: 'wechat', type: 'analysis_commentary_opinion', length: 600, materials: [] };
    const brief = briefOf(c);
    const outline: Outline = {
      title: '如何看待年轻人返乡创业？',
      sections: [
        { heading: '问题的提出', keyPoints: [], budget: 100, role: 'introduction' },
        { heading: '论据', keyPoints: [], budget: 250, role: 'body' },
        { heading: '结论', keyPoints: [], budget: 250, role: 'conclusion' },
      ],
    };
    const drafts: SectionDraft[] = [
      { index: 2, heading: '结论', markdown: '## 结论\n\n总之，返乡创业值得认真对待。\n', sources: [] },
      { index: 0, heading: '问题的提出', markdown: '## 问题的提出\n\n本文聊聊年轻人返乡创业。\n', sources: [] },
      {
        index: 1,
        heading: '论据',
        markdown: '## 论据\n\n今天我们来看事实。返乡的年轻人越来越多。总之，这是大势所趋。\n\n返乡的年轻人越来越多。\n',
        sources: [],
      },
    ];
    const { markdown } = await new OfflineComposer().combine({ brief, outline, sections: drafts });
    expect(markdown.match(/^# .+$/gm)).toEqual(['# 如何看待年轻人返乡创业？']);
    expect(markdown.indexOf('## 问题的提出')).toBeLessThan(markdown.indexOf('## 论据'));
    expect(markdown.indexOf('## 论据')).toBeLessThan(markdown.indexOf('## 结论'));
    expect(markdown.match(/总之/g)).toHaveLength(1);
    expect(markdown).not.toContain('今天我们来看事实');
    expect(markdown.match(/返乡的年轻人越来越多/g)).toHaveLength(1);
    const body = markdown.slice(markdown.indexOf('## 论据'), markdown.indexOf('## 结论'));
    expect(body.split('\n\n')[1]).toMatch(TRANSITION_START);
  });

  it('may name AI when the topic is about it', async () => {
    const { final } = await compose({ platform: 'zhihu', type: 'tech_interpretation', length: 2000, materials: [], topic: 'AI绘画工具入门指南' });
    expect(final).toContain('AI绘画工具');
  });

  it('analyses a topic with the audience, the type and the material titles', async () => {
    const brief = briefOf({ platform: 'zhihu', type: 'industry_analysis', length: 3000, materials: MATERIALS });
    const analysis = await new OfflineComposer().analyzeTopic({ brief, materials: MATERIALS });
    expect(analysis.angle).toContain('新能源汽车电池回收');
    expect(analysis.audienceNeeds.length).toBeGreaterThanOrEqual(3);
    expect(analysis.audienceNeeds.length).toBeLessThanOrEqual(5);
    // Needs are clauses a frame completes (另一些人则…): they name no reader of their own.
    expect(analysis.audienceNeeds.join('')).not.toMatch(/职场打工人|职场人/u);
    expect(analysis.keyQuestions.length).toBeGreaterThanOrEqual(3);
    expect(analysis.keyQuestions.length).toBeLessThanOrEqual(5);
    expect(analysis.searchQueries.length).toBeGreaterThanOrEqual(2);
    expect(analysis.searchQueries.length).toBeLessThanOrEqual(4);
    expect(analysis.searchQueries.join(' ')).toContain('团队内部经验手册');
  });

  it('measures a reference style', async () => {
    const referenceText = [
      '## 为什么早起这么难？',
      '',
      '你是不是也这样？闹钟响了三遍。还是起不来！',
      '',
      '- 早睡是前提',
      '- 早睡靠习惯',
      '',
      '早睡不难。早睡要坚持。早睡会上瘾😄',
    ].join('\n');
    const brief = briefOf({ platform: 'xiaohongshu', type: 'practical_guide', length: 1000, materials: [] });
    const style = await new OfflineComposer().extractStyle({ brief, referenceText });
    expect(style.sentenceLength).toBe('短句为主');
    expect(style.hooks).toContain('设问');
    expect(style.structure).toContain('小标题');
    expect(style.structure).toContain('列表');
    expect(style.tone).toContain('表情');
    expect(style.vocabulary).toContain('早睡');
  });

  it('plans a cover and an image for about every second body section', async () => {
    const { brief, outline } = await compose({ platform: 'wechat', type: 'tech_interpretation', length: 6000, materials: [] });
    const plans = await new OfflineComposer().planImages({ brief, outline });
    const bodies = outline.sections.length - 2;
    expect(plans[0]!.sectionIndex).toBe(-1);
    expect(plans.length - 1).toBe(Math.ceil(bodies / 2));
    for (const plan of plans) {
      expect(plan.prompt).toMatch(/\p{Script=Han}{10,}/u);
      expect(plan.caption.trim()).not.toBe('');
    }
  });
});
