import { describe, expect, it } from 'vitest';
import { keywordDensity, limitKeywordDensity, MAX_KEYWORD_DENSITY, NEUTRAL_REFERENCE } from '../../src/seo/keyword-density.js';
import { classifyLines, joinLines } from '../../src/seo/article-lines.js';
import { applySeoRules, LEAD_SENTENCES, type SeoRuleInput, titleWithKeyword } from '../../src/seo/seo-rules.js';

const BOTH = { optimizeTitleAndContent: true, optimizePlatform: true };

const ARTICLE = [
  '# 英语四级备考全攻略',
  '',
  '很多同学备考时总是差几分，问题往往出在方法上。',
  '',
  '## 为什么你总是差几分',
  '',
  '缺少计划，复习没有重点。',
  '',
  '## 听力每天精听二十分钟',
  '',
  '精听加跟读，一个月就能看到变化。',
  '',
  '## 最后一个月怎么冲刺',
  '',
  '每周一套真题，错题当天弄懂。',
].join('\n');

const run = (overrides: Partial<SeoRuleInput> = {}) =>
  applySeoRules({ title: '英语四级备考全攻略', markdown: ARTICLE, keywords: ['英语四级', '备考计划'], platform: 'wechat', options: BOTH, ...overrides });

const lines = (markdown: string) => markdown.split('\n');
const headings = (markdown: string) => lines(markdown).filter((line) => line.startsWith('## '));
const firstParagraph = (markdown: string) => lines(markdown).find((line) => line.trim() && !line.startsWith('#') && !line.startsWith('!'))!;

describe('SEO rules: title', () => {
  it('leaves a title that already has the first keyword', () => {
    const result = run();
    expect(result.title).toBe('英语四级备考全攻略');
    expect(result.changes).not.toContain('title');
  });

  it('adds the first keyword after the title, in the markdown too', () => {
    const result = run({ keywords: ['备考计划', '英语四级'] });
    expect(result.title).toBe('英语四级备考全攻略｜备考计划');
    expect(lines(result.markdown)[0]).toBe('# 英语四级备考全攻略｜备考计划');
    expect(result.changes).toContain('title');
  });

  it('keeps a Xiaohongshu title within 20 characters: suffix (prefix for a question), without the emoji if need be, else unchanged', () => {
    expect(titleWithKeyword('四级备考一篇就够✨', '英语四级', 20)).toBe('四级备考一篇就够｜英语四级✨');
    expect(titleWithKeyword('四级怎么一个月过？', '英语四级', 20)).toBe('英语四级：四级怎么一个月过？');
    expect(titleWithKeyword('一个月从四百分冲到五百五十分了✨', '英语四级', 20)).toBe('一个月从四百分冲到五百五十分了｜英语四级');
    expect(titleWithKeyword('一个月从四百分冲到五百五十分的秘密方法', '英语四级', 20)).toBe('一个月从四百分冲到五百五十分的秘密方法');
    const result = run({ platform: 'xiaohongshu', title: '我的上岸经验分享给大家听听吧好不好', markdown: ARTICLE.replace(/^# .*$/m, '# 我的上岸经验分享给大家听听吧好不好'), keywords: ['四级备考计划'] });
    expect([...result.title].length).toBeLessThanOrEqual(20);
    expect(result.changes).not.toContain('title');
  });

  it('matches keywords case- and space-insensitively', () => {
    expect(titleWithKeyword('Python 数据分析入门', 'python数据分析', 50)).toBe('Python 数据分析入门');
  });
});

describe('SEO rules: first paragraph', () => {
  it('adds a short sentence with the first keyword when no keyword is in the first paragraph', () => {
    const markdown = ARTICLE.replace('很多同学备考时总是差几分，问题往往出在方法上。', '很多同学总是差几分');
    const result = run({ markdown, platform: 'zhihu' });
    expect(firstParagraph(result.markdown)).toBe(`很多同学总是差几分。${LEAD_SENTENCES.zhihu('英语四级')}`);
    expect(result.changes).toContain('lead');
  });

  it('leaves a first paragraph that names any keyword', () => {
    const markdown = ARTICLE.replace('很多同学备考时', '很多同学定好备考计划时');
    const result = run({ markdown });
    expect(firstParagraph(result.markdown)).toBe('很多同学定好备考计划时总是差几分，问题往往出在方法上。');
    expect(result.changes).not.toContain('lead');
  });

  it('speaks each platform’s voice, and sets the sentence before a list instead of inside it', () => {
    const markdown = '# 标题\n\n- 第一条\n- 第二条\n\n## 小节\n\n正文。';
    const result = applySeoRules({ title: '标题', markdown, keywords: ['婴儿推车'], platform: 'xiaohongshu', options: { optimizeTitleAndContent: true, optimizePlatform: false } });
    expect(result.markdown).toContain(`\n\n${LEAD_SENTENCES.xiaohongshu('婴儿推车')}\n\n- 第一条\n- 第二条`);
  });

  it('writes a first paragraph under the title when the article has none', () => {
    const result = applySeoRules({ title: '标题', markdown: '# 标题\n\n## 小节', keywords: ['婴儿推车'], platform: 'wechat', options: BOTH });
    expect(result.markdown.startsWith(`# 婴儿推车：标题\n\n${LEAD_SENTENCES.wechat('婴儿推车')}\n\n## 小节`) || result.markdown.startsWith(`# 标题｜婴儿推车\n\n${LEAD_SENTENCES.wechat('婴儿推车')}\n\n## 小节`)).toBe(true);
  });
});

describe('SEO rules: headings', () => {
  it('appends a keyword to the most related ## heading when none has one', () => {
    const markdown = ARTICLE.replace('## 最后一个月怎么冲刺', '## 最后一个月的计划');
    const result = run({ markdown });
    expect(headings(result.markdown)).toEqual(['## 为什么你总是差几分', '## 听力每天精听二十分钟', '## 最后一个月的计划｜备考计划']);
    expect(result.changes).toContain('heading');
  });

  it('uses the first keyword on the first body heading when no heading looks related', () => {
    const result = run({ keywords: ['英语四级'] });
    expect(headings(result.markdown)).toEqual(['## 为什么你总是差几分', '## 听力每天精听二十分钟｜英语四级', '## 最后一个月怎么冲刺']);
  });

  it('leaves the headings when one already has a keyword, and adds none to an article without headings', () => {
    const withKeyword = run({ markdown: ARTICLE.replace('## 为什么你总是差几分', '## 备考计划为什么总落空') });
    expect(withKeyword.changes).not.toContain('heading');
    const noHeadings = applySeoRules({ title: 't', markdown: '# 英语四级\n\n英语四级怎么过？', keywords: ['英语四级'], platform: 'xiaohongshu', options: BOTH });
    expect(noHeadings.markdown).not.toContain('##');
  });
});

describe('SEO rules: keyword density', () => {
  const stuffed = (mentions: number) =>
    [
      '# 英语四级攻略',
      '',
      '英语四级是很多同学的第一道坎。',
      '',
      '## 方法',
      '',
      ...Array.from({ length: mentions }, (_, i) => `第${i + 1}点，我们对英语四级的理解要更深，英语四级，需要反复练习才能掌握好节奏和方法。`),
    ].join('\n');

  it('replaces mentions beyond about 3% of the characters with a neutral word, keeping title, headings and the first paragraph', () => {
    const markdown = stuffed(20);
    expect(keywordDensity(markdown, '英语四级')).toBeGreaterThan(MAX_KEYWORD_DENSITY * 3);
    const result = applySeoRules({ title: '英语四级攻略', markdown, keywords: ['英语四级'], platform: 'wechat', options: BOTH });
    expect(result.changes).toContain('density');
    expect(result.title).toBe('英语四级攻略');
    expect(firstParagraph(result.markdown)).toBe('英语四级是很多同学的第一道坎。');
    expect(keywordDensity(result.markdown, '英语四级')).toBeLessThanOrEqual(MAX_KEYWORD_DENSITY + 0.005);
    expect(result.markdown).toContain(`对${NEUTRAL_REFERENCE}的理解`);
    // Early mentions stay: the band removes the surplus, not the keyword.
    expect(lines(result.markdown)[6]).toBe('第1点，我们对英语四级的理解要更深，英语四级，需要反复练习才能掌握好节奏和方法。');
  });

  it('leaves an article within the band, and never breaks a compound word', () => {
    const long = `${stuffed(1)}\n\n${'坚持每天练习听力和阅读，错题及时整理复盘。'.repeat(30)}`;
    expect(limitKeywordDensity(classifyLines(long), ['英语四级'])).toBeUndefined();
    const compound = ['# 标题', '', '开头。', '', ...Array.from({ length: 12 }, () => '大学英语四级考试很重要。')].join('\n');
    expect(limitKeywordDensity(classifyLines(compound), ['英语四级'])).toBeUndefined();
  });

  it('only counts prose, headings and the title', () => {
    const markdown = ['# 标题', '', '正文', '', '```', '英语四级 英语四级 英语四级 英语四级', '```', '', '#英语四级 #英语四级'].join('\n');
    expect(joinLines(classifyLines(markdown))).toBe(markdown);
    expect(keywordDensity(markdown, '英语四级')).toBe(0);
  });
});

describe('SEO rules: platform touches', () => {
  it('adds a #话题 line with the keywords to a Xiaohongshu note', () => {
    const result = run({ platform: 'xiaohongshu' });
    expect(lines(result.markdown).at(-1)).toBe('#英语四级 #备考计划');
    expect(result.changes).toContain('tags');
  });

  it('completes an existing #话题 line instead of writing a second one', () => {
    const result = run({ platform: 'xiaohongshu', markdown: `${ARTICLE}\n\n#四级 #英语四级\n` });
    expect(result.markdown.match(/^#[^#\s]/gm)).toHaveLength(1);
    expect(result.markdown.trimEnd().split('\n').at(-1)).toBe('#四级 #英语四级 #备考计划');
  });

  it('touches nothing for Zhihu and WeChat beyond the rules, and no tags without the platform option', () => {
    for (const platform of ['zhihu', 'wechat'] as const) expect(run({ platform }).markdown).not.toMatch(/^#[^#\s]/m);
    const off = run({ platform: 'xiaohongshu', options: { optimizeTitleAndContent: true, optimizePlatform: false } });
    expect(off.markdown).not.toMatch(/^#[^#\s]/m);
  });

  it('changes nothing without keywords, or with both options off', () => {
    expect(run({ keywords: [] })).toEqual({ title: '英语四级备考全攻略', markdown: ARTICLE, changes: [] });
    const off = run({ keywords: ['备考计划'], platform: 'xiaohongshu', options: { optimizeTitleAndContent: false, optimizePlatform: false } });
    expect(off).toEqual({ title: '英语四级备考全攻略', markdown: ARTICLE, changes: [] });
  });

  it('is idempotent: a second pass changes nothing', () => {
    const first = run({ keywords: ['备考计划', '英语四级'], platform: 'xiaohongshu' });
    const second = applySeoRules({ title: first.title, markdown: first.markdown, keywords: ['备考计划', '英语四级'], platform: 'xiaohongshu', options: BOTH });
    expect(second.changes).toEqual([]);
    expect(second.markdown).toBe(first.markdown);
  });
});
