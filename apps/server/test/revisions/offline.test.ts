import fs from 'node:fs';
import path from 'node:path';
import { stripMarkdown } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { countStockPhrases } from '../../src/generation/style/stock-phrases.js';
import { OFFLINE_ACTIONS, type OfflineContext, runOfflineAction } from '../../src/revisions/offline/index.js';
import { splitSentences } from '../../src/revisions/offline/sentences.js';
import { CLICKBAIT, TITLE_LIMITS } from '../../src/revisions/offline/titles.js';

/** The article part of a sample in docs/samples (after its reader's note and the --- rule). */
function sample(file: string): string {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/samples', file), 'utf8');
  return text.slice(text.indexOf('\n---\n') + 5).trim();
}

const SAMPLES = {
  cat: { article: sample('01-first-cat.md'), platform: 'xiaohongshu', topic: '第一次养猫要准备什么' },
  books: { article: sample('02-picture-books.md'), platform: 'wechat', topic: '如何给三岁孩子挑选绘本' },
  night: { article: sample('03-city-night-essay.md'), platform: 'wechat', topic: '请以“城市的夜晚”为题写一篇散文' },
  phone: { article: sample('04-phone-choice.md'), platform: 'zhihu', topic: 'iPhone 17 和 Pixel 10 怎么选' },
  tea: { article: sample('05-county-milk-tea.md'), platform: 'zhihu', topic: '为什么县城的奶茶店越开越多' },
} as const;

const chars = (text: string) => [...text.replace(/\s+/gu, '')].length;
const run = (action: Parameters<typeof runOfflineAction>[0], selection: string, context: Partial<OfflineContext> = {}) =>
  runOfflineAction(action, selection, { platform: 'wechat', ...context });

describe('shorten (缩写)', () => {
  const selection = [
    '## 纸质绘本、点读和音频',
    '',
    '纸质绘本互动最多。点读笔适合孩子自己翻着玩，但少了和大人的交流。大人读纸质绘本，能随时停下来和孩子聊几句。总而言之，这一点很关键。',
    '',
    '![绘本书架](/media/articles/a-1.png)',
    '',
    '- 点读和音频能让孩子自己听。精装书耐翻，平装书轻便，适合带出门。',
    '- 音频故事在坐车时、关灯后很方便。',
    '',
    '屏幕上的内容要控制时长。电子绘本拿来就能看，孩子盯屏幕的时间却要管住。外文绘本可以尝试，别让它变成背单词的课。更多书单见[这份清单](https://example.com/list?a=1)，按年龄排好了。',
    '',
    '他说：“读完这本。再读一本”，然后关了灯。',
  ].join('\n');
  const out = run('shorten', selection);

  it('keeps the heading, the image, the list marker, the link and the first sentence, and drops the filler', () => {
    expect(out).toBe(
      [
        '## 纸质绘本、点读和音频',
        '',
        '纸质绘本互动最多。大人读纸质绘本，能随时停下来和孩子聊几句。',
        '',
        '![绘本书架](/media/articles/a-1.png)',
        '',
        '- 点读和音频能让孩子自己听。',
        '',
        '电子绘本拿来就能看，孩子盯屏幕的时间却要管住。更多书单见[这份清单](https://example.com/list?a=1)，按年龄排好了。',
      ].join('\n'),
    );
    expect(out).not.toContain('总而言之');
  });

  it('keeps about half the characters, whole sentences only, in the original order', () => {
    const ratio = chars(out) / chars(selection);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.65);
    const original = selection.split('\n').flatMap((line) => splitSentences(line.replace(/^- /u, '')));
    const kept = out.split('\n').flatMap((line) => (line.startsWith('#') || line.startsWith('![') ? [] : splitSentences(line.replace(/^- /u, ''))));
    const indices = kept.map((sentence) => original.indexOf(sentence));
    expect(indices.every((i) => i >= 0)).toBe(true);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
  });

  it('keeps a sentence of every paragraph that has two or more, on a section of a real article', () => {
    const books = SAMPLES.books.article;
    const section = books.slice(books.indexOf('## 不同年龄读什么'), books.indexOf('## 家里可以备的几类绘本')).trim();
    const short = run('shorten', section);
    expect(short.startsWith('## 不同年龄读什么\n\n先从第一点说起。')).toBe(true);
    expect(short).toContain('（配图：不同年龄读什么）');
    const ratio = chars(short) / chars(section);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.65);
    for (const paragraph of section.split('\n\n').filter((p) => splitSentences(p).length >= 2)) {
      expect(splitSentences(paragraph).some((sentence) => short.includes(sentence.trim()))).toBe(true);
    }
  });

  it('returns a single sentence unchanged, quotes and brackets included', () => {
    expect(run('shorten', '他说：“读完这本。再读一本”，然后关了灯。')).toBe('他说：“读完这本。再读一本”，然后关了灯。');
    expect(run('shorten', '## 标题\n\n只有一句（包括括号里的句号。）')).toBe('## 标题\n\n只有一句（包括括号里的句号。）');
  });

  it('splits sentences at 。！？； and their ASCII forms, never inside quotes or brackets', () => {
    expect(splitSentences('先试一周。他说：“行。”真的吗？好!再说;结束')).toEqual(['先试一周。', '他说：“行。”', '真的吗？', '好!', '再说;', '结束']);
    expect(splitSentences('见[文档。](https://a.cn/x.y)后再定。版本 3.5 更好。')).toEqual(['见[文档。](https://a.cn/x.y)后再定。', '版本 3.5 更好。']);
  });
});

describe('deai (去AI味)', () => {
  it('removes the stock openers and summaries cleanly and leaves balanced pairs alone', () => {
    const text = '首先，我们要明确目标。其次，制定计划。总而言之，行动最重要。值得注意的是，预算要留余量。他不仅会写，而且会画。希望本文对你有所帮助。让我们一起努力！';
    expect(run('deai', text)).toBe('我们要明确目标。接着，制定计划。行动最重要。预算要留余量。他不仅会写，而且会画。一起努力！');
  });

  it('leaves no doubled comma and no sentence opening with a comma', () => {
    const text = ['- 首先， 列出预算。', '这件事，，值得注意的是，很简单。综上所述，，先做试点。', '随着人工智能技术的不断发展，很多岗位在变；毋庸置疑，写作也在变。', '总而言之：，用`a,,b`分隔。'].join('\n');
    const out = run('deai', text);
    expect(out).toBe(['- 列出预算。', '这件事，值得注意的是，很简单。先做试点。', '很多岗位在变；写作也在变。', '用`a,,b`分隔。'].join('\n'));
    expect(out.replace(/`[^`]*`/gu, '')).not.toMatch(/[，,]{2}|(?:^|[。！？；\n])\s*(?:-\s*)?[，,]/u);
  });

  it('turns inflated predicates plain and lowers the stock-phrase count of a passage', () => {
    const text = '数据在决策中扮演着重要的角色，复盘至关重要，经验也不可或缺。与此同时，团队不容忽视。';
    const out = run('deai', text);
    expect(out).toBe('数据在决策中很重要，复盘很关键，经验也少不了。同时，团队不能忽视。');
    expect(countStockPhrases(out).total).toBe(0);
    expect(countStockPhrases(text).total).toBeGreaterThan(0);
  });

  it('leaves headings, quote blocks, quoted words and code as they are', () => {
    const text = ['## 总而言之', '> 值得注意的是，引用不动', '资料里写道：“总而言之，电池至关重要。”', '```', '首先，代码不动', '```'].join('\n');
    expect(run('deai', text)).toBe(['## 总而言之', '> 值得注意的是，引用不动', '资料里写道：“总而言之，电池很关键。”', '```', '首先，代码不动', '```'].join('\n').replace('电池很关键', '电池至关重要'));
  });
});

describe('normalize', () => {
  const cases: [string, string, string][] = [
    ['half-width marks between Chinese', '我们先试,再改;最后看结果:好吗?', '我们先试，再改；最后看结果：好吗？'],
    ['a sentence-ending period, but not a decimal point', '价格涨了3.5倍.真的', '价格涨了 3.5 倍。真的'],
    ['a mark after Latin text before Chinese', '我喜欢iPhone 17,因为它很快!!!', '我喜欢 iPhone 17，因为它很快！'],
    ['repeated marks collapse', '真的吗？？？太好了！！！', '真的吗？太好了！'],
    ['straight quotes around Chinese become “…”', '他说"慢慢来"就走了', '他说“慢慢来”就走了'],
    ['parentheses around Chinese', '绘本 (适合三岁) 很好', '绘本（适合三岁）很好'],
    ['ellipses', '然后...走了。。。', '然后……走了……'],
    ['a space between Chinese and Latin or digits', '用Python做数据分析要3个月', '用 Python 做数据分析要 3 个月'],
    ['no space inside Chinese', '这 是 一个 例子 ， 对吧', '这是一个例子，对吧'],
    ['no space next to Chinese quotes', '他说 “你好” 然后走了', '他说“你好”然后走了'],
    ['code spans untouched', '运行`npm run a,b`即可.', '运行`npm run a,b`即可。'],
    ['link and image targets untouched', '见[文档,第1章](https://a.cn/x,y?q=1.2)吧![图](/media/a_1,2.png)', '见[文档，第 1 章](https://a.cn/x,y?q=1.2)吧![图](/media/a_1,2.png)'],
    ['heading and list markers untouched', '## 第1章,开始\n1. 打开,然后关闭\n- 再试一次!!', '## 第 1 章，开始\n1. 打开，然后关闭\n- 再试一次！'],
    ['English stays English', 'Hello, world. It costs $3.50 (tax incl.)!', 'Hello, world. It costs $3.50 (tax incl.)!'],
    ['trailing spaces and extra blank lines', '第一段  \n\n\n\n第二段\t', '第一段\n\n第二段'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(run('normalize', input)).toBe(expected));
  }

  it('leaves fenced code blocks as they are', () => {
    const text = '示例,如下:\n\n```js\nconst a = "中文,不动";  \n\n\n```\n结束';
    expect(run('normalize', text)).toBe('示例，如下：\n\n```js\nconst a = "中文,不动";  \n\n\n```\n结束');
  });
});

/** What a title adds to its article: the characters that are in neither the article nor its topic. */
const frameOf = (title: string, source: string) => [...title].filter((ch) => /\p{Script=Han}/u.test(ch) && !source.includes(ch)).join('');
const EMOJI = /\p{Extended_Pictographic}/gu;
const normal = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '');

describe('titles (标题候选)', () => {
  const titlesOf = (name: keyof typeof SAMPLES, title?: string) => {
    const { article, platform, topic } = SAMPLES[name];
    return run('titles', '', { platform, topic, articleText: article, ...(title ? { title } : {}) }).split('\n');
  };

  for (const name of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
    it(`gives five distinct titles within the platform's limit for the ${name} article`, () => {
      const { article, platform } = SAMPLES[name];
      const titles = titlesOf(name);
      const current = /^# (.+)$/mu.exec(article)![1]!;
      expect(titles).toHaveLength(5);
      expect(new Set(titles.map(normal)).size).toBe(5);
      for (const title of titles) {
        expect([...title].length).toBeLessThanOrEqual(TITLE_LIMITS[platform]!);
        expect(normal(title)).not.toBe(normal(current));
        expect(title).not.toMatch(CLICKBAIT);
        expect(title).not.toMatch(/震惊|必看|绝了/u);
      }
    });
  }

  it('keeps 公众号 titles within 32 and 小红书 titles within 20 with one emoji at most', () => {
    expect(titlesOf('books').every((t) => [...t].length <= 32)).toBe(true);
    const notes = titlesOf('cat');
    expect(notes.every((t) => [...t].length <= 20)).toBe(true);
    expect(notes.join('').match(EMOJI)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('gives 知乎 questions or the article’s own claims', () => {
    const plain = stripMarkdown(SAMPLES.tea.article);
    const titles = titlesOf('tea');
    expect(titles).toContain('为什么县城的奶茶店越开越多？');
    for (const title of titles) expect(title.endsWith('？') || plain.includes(title)).toBe(true);
  });

  it('builds the titles from the article’s headings and sentences, not from shared frames', () => {
    const books = SAMPLES.books;
    const tea = SAMPLES.tea;
    const titles = titlesOf('books');
    expect(titles).toContain('纸质绘本互动最多');
    expect(titles.some((t) => t.startsWith('不同年龄读什么：') || t.startsWith('家里可以备的几类绘本'))).toBe(true);
    // Every Chinese character of a title comes from its article or its topic: no frame words.
    const framesOfBooks = titles.map((t) => frameOf(t, books.article + books.topic));
    const framesOfTea = titlesOf('tea').map((t) => frameOf(t, tea.article + tea.topic));
    expect(framesOfBooks.every((frame) => frame === '')).toBe(true);
    expect(framesOfTea.every((frame) => frame === '')).toBe(true);
    // And the two unrelated articles share no title, nor the same title skeleton.
    const skeleton = (title: string, topic: string) => title.replace(/\p{Script=Han}|[A-Za-z0-9]/gu, (ch) => (topic.includes(ch) ? 'S' : 'x'));
    const teaTitles = titlesOf('tea');
    for (const a of titles) for (const b of teaTitles) expect(skeleton(a, books.topic)).not.toBe(skeleton(b, tea.topic));
  });

  it('still gives five for a short article without headings or topic, made of its own sentences', () => {
    const text = '周末带孩子去了趟图书馆。三岁的孩子最喜欢翻翻书，一本能看二十分钟。借书卡办起来很快，一次可以借五本。回家后我们把书放在低处的书架上，孩子自己会去拿。';
    const titles = run('titles', text, { platform: 'xiaohongshu' }).split('\n');
    expect(titles).toHaveLength(5);
    expect(new Set(titles.map(normal)).size).toBe(5);
    expect(titles[0]).toBe('三岁的孩子最喜欢翻翻书，一本能看二十分钟');
    for (const title of titles) expect(text).toContain(title.replace(EMOJI, ''));
  });

  it('never offers the current title', () => {
    const first = titlesOf('books')[0]!;
    const again = titlesOf('books', first);
    expect(again).toHaveLength(5);
    expect(again).not.toContain(first);
  });
});

describe('summary (摘要)', () => {
  for (const name of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
    it(`is one paragraph of 80–120 characters ending with 。 for the ${name} article`, () => {
      const { article, platform } = SAMPLES[name];
      const summary = run('summary', '', { platform, articleText: article });
      expect([...summary].length).toBeGreaterThanOrEqual(80);
      expect([...summary].length).toBeLessThanOrEqual(120);
      expect(summary.endsWith('。')).toBe(true);
      expect(summary).not.toContain('\n');
      // Extracted: every sentence of it opens as a sentence of the article does.
      const plain = stripMarkdown(article);
      for (const sentence of summary.split('。').filter(Boolean)) expect(plain).toContain(sentence.slice(0, 8));
    });
  }

  it('picks the article’s key sentences, not its filler', () => {
    const summary = run('summary', '', { platform: 'wechat', articleText: SAMPLES.books.article });
    expect(summary).toContain('纸质绘本互动最多。');
    expect(summary).not.toMatch(/一起来看看|共勉|先从第一点说起/u);
    // Nor a sentence that leans on the one before it, a bold lead-in that only names a point, or a transition.
    const phone = run('summary', '', { platform: 'zhihu', articleText: SAMPLES.phone.article });
    expect(phone).not.toContain('也是同样的道理');
    expect(phone).not.toMatch(/(?:^|。)屏幕、电池和影像。/u);
    expect(run('summary', '', { platform: 'zhihu', articleText: SAMPLES.tea.article })).not.toMatch(/下一个方面|顺着这个思路/u);
  });

  it('uses the selection when no article is given', () => {
    expect(run('summary', SAMPLES.tea.article)).toBe(run('summary', '', { articleText: SAMPLES.tea.article }));
  });
});

describe('runOfflineAction', () => {
  it('is deterministic: the same input gives the same output', () => {
    for (const name of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
      const { article, platform, topic } = SAMPLES[name];
      for (const action of OFFLINE_ACTIONS) {
        const context = { platform, topic, articleText: article };
        expect(runOfflineAction(action, article, context)).toBe(runOfflineAction(action, article, { ...context }));
      }
    }
  });
});
