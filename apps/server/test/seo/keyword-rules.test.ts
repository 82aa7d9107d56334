import { type Platform, RECOMMENDED_KEYWORDS } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { FORMAT_WORDS, keywordLength, offlineKeywords } from '../../src/seo/offline-keywords.js';
import { PLATFORM_TERMS } from '../../src/seo/platform-terms.js';
import { applySeoRules } from '../../src/seo/seo-rules.js';
import { keywordDensity, MAX_KEYWORD_DENSITY } from '../../src/seo/keyword-density.js';

/**
 * Issue 16, point 6: offline keywords are whole words or noun phrases of the request's subject,
 * 2–8 long, the subject (or its head phrase) among them, no instruction words, no format word
 * alone, no near-duplicates, at most two platform-search variants; 8–10 of them, deterministic.
 */

interface Case {
  topic: string;
  platform: Platform;
  industry?: string;
  audience?: string;
  /** The subject, or its head noun phrase when the subject is longer than 8. */
  subject: string[];
  /** Fragments, format words and instruction words this topic used to yield or might. */
  never: string[];
}

const CASES: Case[] = [
  // comparison, subject longer than 8
  { topic: '新能源汽车电池技术路线对比', platform: 'wechat', subject: ['电池技术路线', '新能源汽车'], never: ['路线对比', '路线', '对比', '路线对比指南', '技术'] },
  // instruction: role, 《title》, genre, word limit
  { topic: '你是一名美食博主，为《深夜食堂里的一碗面》写一个开头，300字以内', platform: 'xiaohongshu', subject: ['深夜食堂'], never: ['博主', '美食博主', '开头', '300字', '一名美食', '字以内'] },
  // question with English words and numbers
  { topic: 'MacBook Air M5 适合大学生吗', platform: 'zhihu', audience: 'student', subject: ['MacBook Air M5', '大学生'], never: ['M5 适合', 'Air', 'Air M5', '适合'] },
  // why-question
  { topic: '为什么县城的奶茶店越开越多', platform: 'zhihu', subject: ['县城奶茶店', '奶茶店'], never: ['奶茶店越', '店越', '越开越多'] },
  // A还是B
  { topic: 'iPhone 17还是华为Mate 80', platform: 'xiaohongshu', subject: ['iPhone 17', '华为Mate 80'], never: ['还是', 'Mate'] },
  // A和B的区别, where jieba cuts 文心一言 into 文心/一/言
  { topic: 'ChatGPT和文心一言的区别', platform: 'wechat', subject: ['ChatGPT', '文心一言'], never: ['文心', '区别'] },
  // list
  { topic: '5个提高睡眠质量的小习惯', platform: 'xiaohongshu', subject: ['睡眠质量', '小习惯'], never: ['提高睡眠', '5个', '习惯', '质量'] },
  { topic: '10本适合大学生读的经典小说', platform: 'xiaohongshu', subject: ['经典小说', '大学生'], never: ['经典', '10本', '适合大学生'] },
  // how-to
  { topic: '新手妈妈如何挑选婴儿推车', platform: 'xiaohongshu', subject: ['婴儿推车', '新手妈妈'], never: ['挑选婴儿', '挑选'] },
  { topic: '大学生如何高效备考英语四级', platform: 'zhihu', industry: 'education', subject: ['英语四级', '大学生'], never: ['高效备考', '高效备考英语四级', '备考英语四级'] },
  { topic: '怎么用Excel做数据透视表', platform: 'wechat', industry: 'it', subject: ['数据透视表', 'Excel'], never: ['数据透视', '透视'] },
  // plan with a year
  { topic: '2027年国考行测备考计划', platform: 'wechat', subject: ['国考行测备考', '国考', '行测'], never: ['年国', '考行测', '2027年', '计划', '年国考行测'] },
  // opinion
  { topic: '如何看待年轻人躺平', platform: 'zhihu', subject: ['年轻人躺平'], never: ['看待', '如何看待'] },
  { topic: 'AI写作工具对内容创作者的影响', platform: 'zhihu', subject: ['AI写作工具', '内容创作者'], never: ['影响', '工具'] },
  // instructions with a title, a genre, a word limit and constraints
  { topic: '请以“城市的夜晚”为题，写一篇800字左右的散文，不要用排比句', platform: 'wechat', subject: ['城市夜晚'], never: ['排比句', '请以', '为题', '散文', '800字', '字左右'] },
  { topic: '给我们公司的年会写个主持稿，要幽默，五分钟', platform: 'wechat', subject: ['公司年会'], never: ['写个主持稿', '主持稿', '写个', '幽默', '五分钟'] },
  { topic: '作为一名HR，写一篇关于员工离职面谈的文章，1000字左右', platform: 'wechat', audience: 'worker', subject: ['员工离职面谈'], never: ['HR', '文章', '1000字', '一篇'] },
  // plain subjects, a verdict question, a genre-suffixed topic
  { topic: '露营装备清单', platform: 'xiaohongshu', subject: ['露营装备'], never: ['清单', '露营装备清单'] },
  { topic: '苹果Vision Pro值不值得买', platform: 'zhihu', subject: ['苹果Vision Pro'], never: ['值不值得', '值不值得买'] },
  { topic: '2026年春晚观后感', platform: 'wechat', subject: ['2026年春晚'], never: ['观后感', '春晚观后感'] },
  { topic: '中小企业数字化转型指南', platform: 'xiaohongshu', subject: ['数字化转型', '中小企业'], never: ['中小企业数字化', '转型', '指南'] },
];

const normal = (text: string) => text.toLowerCase().replace(/\s+/gu, '');

/** X and X指南 / X全攻略 where X is in the list and the word is the platform's own search word. */
function platformVariants(keywords: readonly string[], platform: Platform): string[] {
  const suffixes = [...PLATFORM_TERMS[platform].suffixes];
  return keywords.filter((keyword) => suffixes.some((suffix) => keyword.endsWith(suffix) && keywords.some((stem) => normal(stem) === normal(keyword.slice(0, -suffix.length)))));
}

function expectRules(keywords: string[], c: Case) {
  expect(keywords.length, c.topic).toBeGreaterThanOrEqual(8);
  expect(keywords.length, c.topic).toBeLessThanOrEqual(10);
  expect(new Set(keywords.map(normal)).size, `${c.topic}: duplicates`).toBe(keywords.length);
  for (const keyword of keywords) {
    expect(keywordLength(keyword), keyword).toBeGreaterThanOrEqual(2);
    expect(keywordLength(keyword), keyword).toBeLessThanOrEqual(8);
    // never ending in a function word or a verb fragment
    expect(keyword, c.topic).not.toMatch(/[的了和与及或吗呢吧啊越得地着]$/u);
    expect(keyword, c.topic).not.toMatch(/^[的了和与及或在是给为对把被让从]/u);
    // a format word is never a keyword alone
    expect(FORMAT_WORDS.has(keyword), `${c.topic}: ${keyword} alone`).toBe(false);
    // no instruction words
    expect(keyword, c.topic).not.toMatch(/\d+字|字数|以内|左右|要求|文章|你是|作为|为题|博主|开头|不要|一篇/u);
  }
  for (const subject of c.subject) expect(keywords, c.topic).toContain(subject);
  for (const bad of c.never) expect(keywords.map(normal), c.topic).not.toContain(normal(bad));
  // near-duplicates: no keyword is another plus a format word, apart from the platform variants
  const variants = platformVariants(keywords, c.platform);
  expect(variants.length, `${c.topic}: ${variants.join(', ')}`).toBeLessThanOrEqual(2);
  // Other search words after a keyword (…怎么样, …方法) only fill a list the request's own words
  // cannot: then the list stops at eight.
  const longTail = keywords.filter(
    (keyword) => !variants.includes(keyword) && keywords.some((other) => other !== keyword && normal(keyword).startsWith(normal(other)) && FORMAT_WORDS.has(normal(keyword).slice(normal(other).length))),
  );
  if (longTail.length > 0) expect(keywords.length, `${c.topic}: ${longTail.join(', ')}`).toBe(RECOMMENDED_KEYWORDS.min);
}

describe('offline keywords: whole phrases of the subject (issue 16, point 6)', () => {
  for (const c of CASES) {
    it(`${c.topic} (${c.platform})`, () => {
      const request = { topic: c.topic, platform: c.platform, industry: c.industry ?? null, audience: c.audience ?? null };
      const keywords = offlineKeywords(request);
      expectRules(keywords, c);
      // the subject leads the list
      expect(c.subject).toContain(keywords[0]);
      expect(offlineKeywords({ ...request })).toEqual(keywords);
    });
  }

  it('leaves a role, a genre and a word limit out entirely', () => {
    const keywords = offlineKeywords({ topic: '你是一名美食博主，为《深夜食堂里的一碗面》写一个开头，300字以内', platform: 'wechat' });
    expect(keywords.join(' ')).not.toMatch(/博主|开头|300|字/u);
  });

  it('names the audience and the industry after the subject', () => {
    const keywords = offlineKeywords({ topic: '怎么用Excel做数据透视表', platform: 'wechat', industry: 'it', audience: 'worker' });
    expect(keywords.slice(0, 2)).toEqual(['数据透视表', 'Excel']);
    expect(keywords).toEqual(expect.arrayContaining(['职场打工人', '数字化']));
  });

  it('ranks the words of material after the subject (TF-IDF over jieba)', () => {
    const material = '磷酸铁锂电池成本低、寿命长；三元锂电池能量密度高。固态电池仍在研发，磷酸铁锂在储能领域占比最高。';
    const without = offlineKeywords({ topic: '新能源汽车电池技术路线对比', platform: 'wechat' });
    const withMaterial = offlineKeywords({ topic: '新能源汽车电池技术路线对比', platform: 'wechat', material });
    expect(withMaterial[0]).toBe('电池技术路线');
    // jieba cuts 磷酸铁锂 into 磷酸 / 铁锂: the phrase is offered as written, never its pieces.
    expect(withMaterial.some((keyword) => keyword.startsWith('磷酸铁锂'))).toBe(true);
    expect(withMaterial).not.toContain('磷酸');
    expect(withMaterial).not.toContain('铁锂');
    expect(withMaterial).not.toEqual(without);
    expectRules(withMaterial, CASES[0]!);
  });

  it('offers no instruction word when the request names no subject', () => {
    const keywords = offlineKeywords({ topic: '请根据以下要求优化这篇文章', platform: 'wechat' });
    expect(keywords.length).toBeGreaterThanOrEqual(8);
    expect(keywords.join(' ')).not.toMatch(/优化|这篇|以下|要求|文章/u);
  });
});

describe('SEO rules place the recommended keywords (after SEO optimisation)', () => {
  const article = (title: string) =>
    [
      `# ${title}`,
      '',
      '选车的人越来越多地问起电池：续航、寿命、安全和成本，各家说法不一。',
      '',
      '## 三条路线各自的长处',
      '',
      '磷酸铁锂便宜耐用，三元锂能量密度更高，固态电池还在路上。每条路线都有自己的取舍，关键看用车场景。',
      '',
      '## 怎么看自己的用车场景',
      '',
      '通勤为主的人更看重寿命和成本，常跑长途的人更看重续航。先想清楚自己怎么用车，再看参数。',
      '',
      '冬天住在北方的车主，可以留意低温下的表现，问问身边开了两三年的人，比看宣传页可靠。',
      '',
      '家里能不能装充电桩，单位有没有快充，这些日常条件往往比纸面上的数字更影响体验。',
      '',
      '## 最后做决定之前',
      '',
      '把预算、里程、充电条件和打算开几年写在一张纸上，逐条对照，答案通常就清楚了。试驾时多问一句保修条款，尤其是关键部件的年限和里程。',
      '',
      '二手车残值也值得算一算：同样的价钱，几年后卖出去能回收多少，会改变你对总成本的判断。',
      '',
      '如果一时拿不定主意，不妨先租一辆同款开上一周，通勤、接孩子、周末出城都走一遍，真实的感受会告诉你很多参数表上看不到的东西。',
      '',
      '最后提醒一句：别被一两个亮眼的数字带着走，适合自己的才是好选择，买车是一件要陪你好几年的事。',
    ].join('\n');

  for (const platform of ['wechat', 'zhihu', 'xiaohongshu'] as const) {
    it(`puts the subject keyword in the title, the first paragraph and a heading at a natural density (${platform})`, () => {
      const keywords = offlineKeywords({ topic: '新能源汽车电池技术路线对比', platform });
      const result = applySeoRules({ title: '选车前先看懂电池', markdown: article('选车前先看懂电池'), keywords, platform, options: { optimizeTitleAndContent: true, optimizePlatform: true } });
      const first = keywords[0]!;
      expect(first).toBe('电池技术路线');
      expect(result.title).toContain(first);
      const lines = result.markdown.split('\n');
      const lead = lines.find((line) => line.trim() && !line.startsWith('#'))!;
      expect(keywords.some((keyword) => lead.includes(keyword))).toBe(true);
      expect(lines.filter((line) => line.startsWith('## ')).some((line) => keywords.some((keyword) => line.includes(keyword)))).toBe(true);
      for (const keyword of keywords) expect(keywordDensity(result.markdown, keyword)).toBeLessThanOrEqual(MAX_KEYWORD_DENSITY);
    });
  }
});
