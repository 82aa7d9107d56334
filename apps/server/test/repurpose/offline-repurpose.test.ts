import { REPURPOSE_LIMITS, REPURPOSE_PLATFORM_IDS, type RepurposePlatform } from '@tianma/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { repurposeOffline } from '../../src/repurpose/offline/index.js';
import type { RepurposeDraft } from '../../src/repurpose/offline/types.js';
import { fitAtBoundary } from '../../src/repurpose/offline/pick.js';
import { toutiaoHeadline } from '../../src/repurpose/offline/toutiao.js';
import { isComposerStock } from '../../src/generation/composer/stock-sentences.js';
import { readSource } from '../../src/repurpose/source-article.js';
import { writeOffline } from '../helpers/offline-article.js';
import { CYCLING, offlineSources } from './source-articles.js';

/*
 * The offline path of 一稿多发 (decision 075) on three real articles: each platform's limits hold,
 * and no fact is invented — every sentence of every output is the source's own (whole, or its
 * leading clauses), so the only words not found in the source are the form's fixed labels.
 */

interface Source {
  name: string;
  topic?: string;
  title: string;
  imageUrl: string | null;
  content: string;
}

let sources: Source[];
const outputs = new Map<string, RepurposeDraft>();
const keyOf = (source: Source, platform: RepurposePlatform) => `${source.name}|${platform}`;

beforeAll(async () => {
  sources = [...(await offlineSources()), { name: '通勤骑行', ...CYCLING }];
  for (const source of sources) {
    const read = readSource(source);
    for (const platform of REPURPOSE_PLATFORM_IDS) outputs.set(keyOf(source, platform), repurposeOffline(platform, read, { topic: source.topic }));
  }
});

const EMOJI = /\p{Extended_Pictographic}|\uFE0F|\u200D/gu;
const length = (text: string) => [...text].length;
const cjk = (text: string) => (text.match(/\p{Script=Han}/gu) ?? []).length;

/** Text as compared: no markdown marks, emoji, spaces or end marks. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+)/gmu, '')
    .replace(/\*\*|`/gu, '')
    .replace(EMOJI, '')
    .replace(/\s+/gu, '');
}

/** The source as one string of prose, headings and captions (pictures left out). */
const sourceText = (source: Source) =>
  plain(
    source.content
      .split('\n')
      .filter((line) => !/^\s*!\[/u.test(line))
      .join('\n'),
  );

/** The form's fixed labels, removed before the words are checked against the source. */
function withoutLabels(markdown: string): string[] {
  return markdown
    .split('\n')
    .slice(1) // the title, checked on its own
    .filter((line) => !/^\s*!\[/u.test(line) && !/^\s*#[^\s#]/u.test(line) && !/^\s*\|\s*(?:镜头|---)/u.test(line))
    .map((line) => {
      const row = /^\s*\|\s*\d+\s*\|[^|]*\|([^|]*)\|[^|]*\|\s*$/u.exec(line);
      return (row ? row[1]! : line)
        .replace(/\*\*先说结论：\*\*/u, '')
        .replace(/\*\*\d+:\d{2}–\d+:\d{2}\*\*/u, '')
        .replace(/^##\s*(?:开头3秒钩子|口播稿|分镜表)\s*$/u, '')
        .replace(/^总时长约 \d+ 秒。$/u, '');
    })
    .filter((line) => line.trim() !== '');
}

/** The output's sentences, end marks removed. */
function sentencesOf(markdown: string): string[] {
  return withoutLabels(markdown)
    .flatMap((line) => plain(line).split(/[。！？!?；;]/u))
    .map((piece) => piece.replace(/^[，,：:、]+|[，,：:、…]+$/gu, ''))
    .filter((piece) => length(piece) >= 2);
}

describe.each(REPURPOSE_PLATFORM_IDS.map((platform) => [platform]))('%s offline', (platform: RepurposePlatform) => {
  it('invents nothing: every sentence and heading of the output is the source’s own', () => {
    for (const source of sources) {
      const text = sourceText(source);
      const draft = outputs.get(keyOf(source, platform))!;
      const foreign = sentencesOf(draft.markdown).filter((sentence) => !text.includes(sentence));
      expect(foreign, `${source.name}:\n${draft.markdown}`).toEqual([]);
      // Pictures only from the source.
      for (const [, url] of draft.markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/gu)) expect(source.content).toContain(url);
    }
  });

  it('says each sentence once', () => {
    for (const source of sources) {
      const sentences = sentencesOf(outputs.get(keyOf(source, platform))!.markdown).filter((s) => cjk(s) >= 10);
      // The shot list repeats the spoken script by design: its 台词 are the script's words.
      const spoken = platform === 'video_script' ? sentences.slice(0, sentences.length / 2) : sentences;
      expect(new Set(spoken).size, source.name).toBe(spoken.length);
    }
  });

  it('shares with an unrelated article only what their sources already share', () => {
    const [a, b] = sources;
    const sourceSentences = (source: Source) => new Set(sentencesOf(`# t\n${source.content}`));
    const common = new Set([...sourceSentences(a!)].filter((s) => sourceSentences(b!).has(s)));
    const other = new Set(sentencesOf(outputs.get(keyOf(b!, platform))!.markdown));
    const shared = sentencesOf(outputs.get(keyOf(a!, platform))!.markdown).filter((s) => cjk(s) >= 10 && other.has(s));
    expect(shared.filter((s) => !common.has(s))).toEqual([]);
  });

  it('is the same for the same source', () => {
    const source = sources[2]!;
    expect(repurposeOffline(platform, readSource(source), { topic: source.topic })).toEqual(outputs.get(keyOf(source, platform)));
  });
});

describe('the forms', () => {
  it('cut a title at a natural boundary, never turning a question into a claim', () => {
    expect(fitAtBoundary('为什么县城的奶茶店越开越多？背后有这几个原因', 19)).toBe('为什么县城的奶茶店越开越多？');
    expect(fitAtBoundary('MacBook Air M5 适合大学生吗？帮你把账算清楚', 19)).toBe('MacBook Air M5');
    expect(fitAtBoundary('城市通勤骑行一年，我总结了这些经验', 19)).toBe('城市通勤骑行一年，我总结了这些经验');
    expect(fitAtBoundary('城市通勤骑行一年，我总结了这些经验', 12)).toBe('城市通勤骑行一年');
  });

  it('小红书: a title of at most 20 characters after one emoji, short emoji-led paragraphs, 5–8 #话题, up to 800 characters (aim 300+)', () => {
    for (const source of sources) {
      const draft = outputs.get(keyOf(source, 'xiaohongshu'))!;
      expect(length(draft.title), draft.title).toBeLessThanOrEqual(REPURPOSE_LIMITS.xiaohongshuTitle);
      expect(draft.title).toMatch(/^\p{Extended_Pictographic}/u);
      expect(sourceText(source)).toContain(plain(draft.title));
      const tags = draft.markdown.trim().split('\n').at(-1)!.split(' ');
      expect(tags.length).toBeGreaterThanOrEqual(5);
      expect(tags.length).toBeLessThanOrEqual(8);
      for (const tag of tags) expect(tag).toMatch(/^#[^\s#\p{P}]{2,16}$/u);
      expect(draft.extra.hashtags).toEqual(tags);
      const body = plain(draft.markdown.replace(/^# .*$/mu, '').replace(/^#\S.*$/mu, ''));
      // The aim is 300–800; the offline writer's stock lines are left out (stock-sentences.ts), so a
      // source made largely of them gives a somewhat shorter note rather than a padded one.
      expect(length(body), draft.markdown).toBeGreaterThanOrEqual(240);
      expect(length(body)).toBeLessThanOrEqual(800);
      const paragraphs = draft.markdown.split('\n').slice(1, -1).filter((line) => line.trim() && !/^\s*\p{Extended_Pictographic}\s*\*\*/u.test(line));
      for (const paragraph of paragraphs) expect(length(plain(paragraph)), paragraph).toBeLessThanOrEqual(62);
      expect(draft.markdown).not.toMatch(/^##/mu);
    }
  });

  it('知乎: the conclusion first, the reasoning under the source’s headings, the source’s closing last', () => {
    for (const source of sources) {
      const draft = outputs.get(keyOf(source, 'zhihu'))!;
      const blocks = draft.markdown.trim().split('\n\n');
      expect(blocks[1]).toMatch(/^\*\*先说结论：\*\*\S/u);
      expect(blocks.filter((block) => block.startsWith('## ')).length).toBeGreaterThanOrEqual(2);
      for (const heading of blocks.filter((block) => block.startsWith('## '))) expect(source.content).toContain(heading);
      expect(blocks.at(-1)).not.toMatch(/^#/u);
    }
    expect(outputs.get(keyOf(sources[2]!, 'zhihu'))!.markdown).toContain('骑车通勤省下的不只是车费');
    expect(outputs.get(keyOf(sources[2]!, 'zhihu'))!.markdown.trim().split('\n\n').at(-1)).toContain('共享单车');
  });

  it('今日头条: a calm headline within 30 characters, a two-sentence lead, ## sections, the pictures kept and 1–3 of them as covers', () => {
    for (const source of sources) {
      const draft = outputs.get(keyOf(source, 'toutiao'))!;
      expect(length(draft.title)).toBeLessThanOrEqual(REPURPOSE_LIMITS.toutiaoTitle);
      expect(draft.title).not.toMatch(/震惊|[！!]{2}/u);
      const blocks = draft.markdown.trim().split('\n\n');
      expect(blocks[1]!.match(/[。！？]/gu)).toHaveLength(2);
      expect(blocks.filter((block) => block.startsWith('## ')).length).toBeGreaterThanOrEqual(2);
      for (const block of blocks.filter((b) => !b.startsWith('#') && !b.startsWith('!['))) expect((block.match(/[。！？]/gu) ?? []).length).toBeLessThanOrEqual(2);
    }
    const cycling = outputs.get(keyOf(sources[2]!, 'toutiao'))!;
    expect(cycling.extra.covers).toEqual(['/media/articles/cycling-cover.png', '/media/articles/cycling-bike.jpg']);
    expect(cycling.coverUrl).toBe('/media/articles/cycling-cover.png');
    // The bike picture stays in its section, after the section's text.
    const section = cycling.markdown.split('## ')[1]!;
    expect(section).toMatch(/^选车：先想清楚路况[\s\S]*!\[带挡泥板的城市车\]/u);
    expect(toutiaoHeadline('震惊！！这样骑车上班，一年瘦了4公斤！')).toBe('这样骑车上班，一年瘦了4公斤');
  });

  it('短视频脚本: a hook in the first 3 seconds, a timed script, and a shot list whose times add up to 60–120 seconds', () => {
    for (const source of sources) {
      const { markdown, extra } = outputs.get(keyOf(source, 'video_script'))!;
      const hook = /## 开头3秒钩子\n\n\*\*0:00–0:03\*\* (.+)/u.exec(markdown);
      expect(hook, markdown).not.toBeNull();
      expect(length(hook![1]!)).toBeLessThanOrEqual(REPURPOSE_LIMITS.videoHookSeconds * REPURPOSE_LIMITS.videoCharsPerSecond);
      const table = markdown.split('\n').filter((line) => line.startsWith('|'));
      expect(table[0]).toBe('| 镜头 | 画面 | 台词 | 时长 |');
      const rows = table.slice(2).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
      for (const row of rows) expect(row).toHaveLength(4);
      expect(rows.map((row) => Number(row[0]))).toEqual(rows.map((_, i) => i + 1));
      const seconds = rows.map((row) => Number(/^(\d+)秒$/u.exec(row[3]!)![1]));
      const total = seconds.reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThanOrEqual(REPURPOSE_LIMITS.videoSeconds.min);
      expect(total).toBeLessThanOrEqual(REPURPOSE_LIMITS.videoSeconds.max);
      expect(extra.seconds).toBe(total);
      expect(markdown).toContain(`总时长约 ${total} 秒。`);
      // The script's ranges follow one another and match the shots' lengths.
      const ranges = [...markdown.matchAll(/\*\*(\d+):(\d{2})–(\d+):(\d{2})\*\*/gu)].map((m) => [Number(m[1]) * 60 + Number(m[2]), Number(m[3]) * 60 + Number(m[4])] as const);
      expect(ranges).toHaveLength(rows.length);
      ranges.forEach(([from, to], i) => {
        expect(from).toBe(i === 0 ? 0 : ranges[i - 1]![1]);
        expect(to - from).toBe(seconds[i]);
      });
      // About four characters a second: each shot's time is its words' time.
      rows.forEach((row, i) => {
        expect(seconds[i]).toBe(Math.max(i === 0 ? 3 : 2, Math.ceil(length(row[2]!.replace(/\s/gu, '')) / 4)));
      });
    }
    expect(outputs.get(keyOf(sources[2]!, 'video_script'))!.markdown).toContain('配原文图片「带挡泥板的城市车」');
  });
});

describe('the offline writer’s stock lines', () => {
  it('are recognised with their openers and tails, and an article’s own sentences are not', () => {
    for (const stock of ['照我的理解，跑步的门道，大多是在动手之后才摸清的。', '往深一层想，真正有用的方法，往往简单到让人怀疑它是否有效。', '这一节想弄清楚：新手跑步最容易犯什么错？', '不需要任何基础，也能看懂跑步，原因并不复杂。']) {
      expect(isComposerStock(stock), stock).toBe(true);
    }
    for (const own of ['夜跑要穿亮色，带反光。', '一双合脚的跑鞋最重要。', '跑量要一点点加，别一下子翻倍。', '从家到公司单程8公里，我骑了整整一年。']) {
      expect(isComposerStock(own), own).toBe(false);
    }
  });

  it('are left out of every form, and 知乎’s 先说结论 never comes from a list of mistakes', async () => {
    const source = readSource({ title: '新手如何开始跑步', content: (await writeOffline('新手如何开始跑步', { type: 'practical_guide', length: 1500 })).text });
    for (const platform of ['xiaohongshu', 'zhihu', 'toutiao', 'video_script'] as const) {
      const draft = repurposeOffline(platform, source, { topic: '新手如何开始跑步' });
      const sentences = draft.markdown.split(/(?<=[。！？])/u).map((s) => s.replace(/^[\s\S]*?\*\*[^*]*\*\*/u, '').trim()).filter((s) => s.length > 6);
      for (const sentence of sentences) expect(isComposerStock(sentence.replace(/^[-#>\s\p{Extended_Pictographic}]+/u, '')), `${platform}: ${sentence}`).toBe(false);
    }
    const zhihu = repurposeOffline('zhihu', source, { topic: '新手如何开始跑步' }).markdown;
    const conclusion = /\*\*先说结论：\*\*(.+)/u.exec(zhihu)![1]!;
    const mistakes = source.sections.filter((section) => /错误|误区/u.test(section.heading ?? '')).flatMap((section) => section.paragraphs.flatMap((p) => p.sentences.map((s) => s.text)));
    for (const sentence of mistakes) expect(conclusion).not.toContain(sentence);
  });
});
