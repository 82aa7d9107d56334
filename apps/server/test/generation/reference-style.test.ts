import { describe, expect, it } from 'vitest';
import { styleText } from '../../src/generation/agents/prompts/style.js';
import { combineMessages } from '../../src/generation/agents/prompts/combine.js';
import { sectionMessages } from '../../src/generation/agents/prompts/section.js';
import type { ArticleBrief, SectionDraft, StyleProfile } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { transformTowardStyle } from '../../src/generation/composer/style-transform.js';
import { assembleArticle } from '../../src/generation/stages/assemble.js';
import { measureStyle, styleDistance } from '../../src/generation/style/style-metrics.js';

/** Three references of different character (issue 16 point 5). */
export const REFERENCES = {
  punchy: [
    '早起真的难吗？不难。难的是第一天。',
    '你试过几次？三次？五次？别急。先把觉睡够。再谈早起。',
    '为什么总是失败？因为太急了！一下子提前两小时，身体当然不答应。',
    '那怎么办？一次提前十五分钟。就这么简单！坚持一周，再提前十五分钟。',
    '起来做什么？先喝水。再拉伸。别碰手机！',
    '你会发现，早上的时间真的不一样。试试看？',
  ].join('\n\n'),
  calm: [
    '我是在三十岁那年开始早起的，那时候工作忙，晚上总是加班到很晚，回到家里已经没有什么力气做自己喜欢的事情，于是我想，也许可以把属于自己的时间挪到早晨去。一开始并不顺利，闹钟响了好几遍我才勉强起身，坐在书桌前也只是发呆，但我没有急着责备自己，而是告诉自己先习惯这个时间再说。',
    '后来我慢慢发现，早晨的安静和夜里的安静并不一样，夜里的安静带着疲惫，而早晨的安静里有一种清醒，我可以在这段时间里读几页书，写几行字，或者只是看着窗外的天一点一点亮起来，心里那些乱糟糟的念头也会随之沉淀下来。我渐渐明白，早起本身并不是目的，它只是让我重新拥有了一段不被打扰的时间。',
    '现在回头看，我觉得早起教会我的其实是耐心，我不再要求自己每天都做到，偶尔睡过头也没有关系，因为我知道明天还可以重新开始，而这种对自己的宽容，反而让这个习惯坚持得更久。',
  ].join('\n\n'),
  xiaohongshu: [
    '姐妹们！早起真的会上瘾😭✨',
    '坚持早起30天，我的状态完全不一样了🌞 皮肤变好了💆‍♀️ 效率也高了📈',
    '👉 第一步：前一晚11点前睡😴',
    '👉 第二步：闹钟放远一点⏰ 必须下床才能关！',
    '👉 第三步：起床先喝一杯温水💧',
    '真的超级推荐大家试试🙌 有问题评论区见💬',
  ].join('\n\n'),
};

const briefOf = (platform: ArticleBrief['platform'], style: ArticleBrief['style']): ArticleBrief => ({
  topic: '如何在30天内养成早起习惯',
  audience: '职场打工人',
  articleType: 'practical_guide',
  style,
  platform,
  length: 1500,
  industry: '不限',
  language: 'zh-CN',
  advanced: true,
  seoKeywords: [],
  variant: 'reference-style-test',
});

async function write(brief: ArticleBrief, style?: StyleProfile) {
  const agents = new OfflineComposer();
  const analysis = await agents.analyzeTopic({ brief, materials: [] });
  const outline = await agents.outline({ brief, analysis, materials: [], style });
  const sections: SectionDraft[] = [];
  for (const index of outline.sections.keys()) sections.push(await agents.writeSection({ brief, outline, analysis, index, materials: [], style }));
  const combined = await agents.combine({ brief, outline, sections, style });
  return { outline, combined };
}

describe('the reference style, offline', () => {
  const cases = [
    ['punchy', 'wechat', 'colloquial_fun'],
    ['calm', 'wechat', 'sincere_narrative'],
    ['xiaohongshu', 'xiaohongshu', 'accessible_easyread'],
  ] as const;

  it.each(cases)('brings the article closer to the %s reference than a run without it', async (name, platform, writingStyle) => {
    const reference = REFERENCES[name];
    const brief = briefOf(platform, writingStyle);
    const style = await new OfflineComposer().extractStyle({ brief, referenceText: reference });
    expect(style.measured).toBeDefined();
    const target = measureStyle(reference);
    const withReference = await write(brief, style);
    const without = await write(brief);
    // The same brief and task: the only difference is the reference.
    const near = styleDistance(target, measureStyle(withReference.combined.markdown));
    const far = styleDistance(target, measureStyle(without.combined.markdown));
    expect(near).toBeLessThan(far - 0.05);

    // Stored with the article: its own profile and the distance to the reference.
    const final = assembleArticle(withReference.combined, [], [], withReference.outline, [], style.measured);
    expect(final.style.referenceDistance).not.toBeNull();
    expect(final.style.referenceDistance!).toBeLessThan(far);
    expect(final.style.profile.characters).toBeGreaterThan(500);
    const plain = assembleArticle(without.combined, [], [], without.outline, []);
    expect(plain.style.referenceDistance).toBeNull();
  });

  it('leaves quotations, citations, headings and images as they were', () => {
    const draft = [
      '# 标题',
      '',
      '我们先说一个事实，这件事情其实很多人都知道，只是很少有人真的去做，结果往往是拖了又拖，最后不了了之。',
      '',
      '## 第一步，准备好',
      '',
      '他说：“我们早上六点起床，先喝水，再读书，最后出门。”[1] 这句话我一直记得，因为它简单，而且做得到，谁都可以试一试。',
      '',
      '![清晨](https://example.com/a.png)',
      '',
      '| 时间 | 事项 |',
      '|---|---|',
      '| 6:00 | 起床 |',
    ].join('\n');
    const out = transformTowardStyle(draft, measureStyle(REFERENCES.punchy));
    expect(out).toContain('## 第一步，准备好');
    expect(out).toContain('他说：“我们早上六点起床，先喝水，再读书，最后出门。”[1]');
    expect(out).toContain('![清晨](https://example.com/a.png)');
    expect(out).toContain('| 时间 | 事项 |\n|---|---|\n| 6:00 | 起床 |');
    expect(out.startsWith('# 标题\n')).toBe(true);
    // The long opening sentence was split toward the reference's short sentences.
    expect(measureStyle(out).sentenceLength).toBeLessThan(measureStyle(draft).sentenceLength);
  });
});

describe('the offline style pass on Xiaohongshu blocks', () => {
  it('never joins a paragraph with a bold heading, nor splits a condition from its clause', () => {
    const draft = ['# 标题', '', '接着说故事的开始。', '', '🎯 **故事的开始**', '', '那天早上很冷。', '', '如果你是第一次做早餐，可以先从煎蛋开始，慢慢来，不用着急，味道会越来越好。'].join('\n');
    const out = transformTowardStyle(draft, measureStyle(REFERENCES.calm));
    expect(out).toContain('\n\n🎯 **故事的开始**\n\n');
    const punchy = transformTowardStyle(draft, measureStyle(REFERENCES.punchy));
    expect(punchy).not.toMatch(/如果你是第一次做早餐。/u);
  });
});

describe('the reference style in the model prompts', () => {
  it('puts the measured numbers and two excerpts into the section and combine prompts', async () => {
    const brief = briefOf('wechat', 'sincere_narrative');
    const style = await new OfflineComposer().extractStyle({ brief, referenceText: REFERENCES.calm });
    expect(style.excerpts).toHaveLength(2);
    const outline = {
      title: '早起',
      sections: [
        { heading: '开篇', keyPoints: [], budget: 500, role: 'introduction' as const },
        { heading: '怎么开始', keyPoints: [], budget: 1000, role: 'body' as const },
      ],
    };
    const analysis = { angle: '从自己的经历出发', audienceNeeds: [], keyQuestions: [], searchQueries: [] };
    const section = sectionMessages({ brief, outline, analysis, index: 1, materials: [], style }, [])[1]!.content;
    const combine = combineMessages(brief, '# 早起\n\n正文。\n', style)[1]!.content;
    for (const prompt of [section, combine]) {
      expect(prompt).toContain('【文风数据】');
      expect(prompt).toMatch(/句长：平均 \d+ 字，波动 ±\d+ 字/u);
      expect(prompt).toMatch(/人称（每千字）：我 [\d.]+，你\/您 [\d.]+，我们 [\d.]+/u);
      expect(prompt).toMatch(/每千字：问句 [\d.]+，感叹句 [\d.]+，表情符号 [\d.]+/u);
      expect(prompt).toContain('【参考片段1】\n我是在三十岁那年开始早起的');
      expect(prompt).toContain('【参考片段2】');
      expect(prompt).toContain('不要照抄');
    }
    // A profile saved before the numbers existed still gives the words alone.
    const old = styleText({ tone: '平实', sentenceLength: '长句为主', structure: '段落连贯叙述', hooks: '以陈述直接切入', vocabulary: [] })!;
    expect(old).toContain('【风格参考】');
    expect(old).not.toContain('文风数据');
  });
});
