import { countCjkLength } from '@tianma/shared';

/**
 * The one measured style profile (WRITING.md §5, issue 16 point 5) and the one distance between
 * two profiles. The reference article is measured once (both writing paths carry the numbers),
 * the offline style pass steers the draft toward it (composer/style-transform.ts), the article's
 * own profile and its distance to the reference are stored with the article, and the writing
 * evaluation measures with the same functions. Plain counting over markdown or plain text: the
 * `# ` title, image lines, table rows and a closing reference list are not prose and are left out;
 * `##`–`######` lines are counted as headings and then left out too.
 */

export interface MeasuredStyle {
  /** Mean and standard deviation of sentence length in CJK characters (split after 。！？!?… and at line ends). */
  sentenceLength: number;
  sentenceSpread: number;
  /** Mean and standard deviation of paragraph length (blank-line blocks; lines when the text has no blank line). */
  paragraphLength: number;
  paragraphSpread: number;
  /** Person per 1,000 characters: 我 (not 我们), 你/您, 我们/咱们. */
  firstPersonPerK: number;
  secondPersonPerK: number;
  wePerK: number;
  questionsPerK: number;
  exclamationsPerK: number;
  emojiPerK: number;
  headingsPerK: number;
  /** Share of the headings that are numbered (1. / 一、 / 第一 …); 0 without headings. */
  numberedHeadings: number;
  /** The most used connectives (但是, 其实, 所以 …), most frequent first, at most five. */
  connectives: string[];
  /** CJK characters of the prose measured. */
  characters: number;
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const NUMBERED_HEADING = /^(?:\d+[.、．)）]|[一二三四五六七八九十]+[、.．]|第[一二三四五六七八九十\d]+[步点章节部分个条])/u;
const REFERENCE_LIST = /^#{1,6}\s*(?:参考(?:资料|文献|来源)|资料来源|引用来源)\s*$/mu;

/** Connectives a reader notices as a writer's habit; longer ones first so 但是 is not also counted as 但. */
export const CONNECTIVES = [
  '也就是说', '换句话说', '说白了', '与此同时', '不仅如此', '但是', '可是', '然而', '不过', '所以', '因此', '因为',
  '而且', '并且', '其实', '于是', '然后', '另外', '同时', '比如', '例如', '如果', '虽然', '甚至', '毕竟', '当然',
  '总之', '首先', '其次', '最后', '结果', '只是', '还有',
] as const;
const CONNECTIVE_PATTERN = new RegExp(CONNECTIVES.join('|'), 'gu');

export interface ProseParts {
  paragraphs: string[];
  headings: string[];
}

/** The prose paragraphs and the `##`+ headings of a text (markdown or plain). */
export function proseOf(text: string): ProseParts {
  const cut = REFERENCE_LIST.exec(text);
  const main = (cut ? text.slice(0, cut.index) : text).replace(/\r\n?/g, '\n');
  const headings: string[] = [];
  const kept: string[] = [];
  for (const raw of main.split('\n')) {
    const line = raw.trim();
    // A markdown heading, or a short bold line on its own (Xiaohongshu's 🎯 **第一步：…**).
    if (/^#{2,6}\s/.test(line) || (/^(?:\p{Extended_Pictographic}\uFE0F?\s*)*\*\*[^*]+\*\*$/u.test(line) && countCjkLength(line) <= 30)) {
      headings.push(line.replace(/^#+\s*/, '').replace(/\*\*/g, ''));
      kept.push('');
      continue;
    }
    if (/^#\s/.test(line) || /^!\[/.test(line) || /^\|/.test(line) || /^标题：/.test(line)) {
      kept.push('');
      continue;
    }
    kept.push(line.replace(/\*\*|__/g, '').replace(/^(?:[-*+>]\s+|\d+[.、]\s*)/u, '').replace(/\[\d{1,3}\]/g, ''));
  }
  const joined = kept.join('\n');
  const blocks = /\n\s*\n/.test(joined.trim()) ? joined.split(/\n\s*\n/) : joined.split('\n');
  const paragraphs = blocks.map((block) => block.replace(/\n+/g, '').trim()).filter((block) => countCjkLength(block) >= 2);
  return { paragraphs, headings };
}

/** Sentences of a paragraph: after 。！？!? and runs of …, with closing quotes and citation markers [n] kept. */
export function sentencesIn(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[。！？!?]+[”’」』）)]?(?:\[\d{1,3}\])*)(?![。！？!?”’」』）)[])|(?<=…{1,2})(?=[^…”’」』[])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const spread = (values: number[]) => {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
};
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

export function measureStyle(text: string): MeasuredStyle {
  const { paragraphs, headings } = proseOf(text);
  const prose = paragraphs.join('\n');
  const characters = countCjkLength(prose);
  const perK = (n: number) => (n * 1000) / Math.max(1, characters);
  const sentenceLengths = paragraphs
    .flatMap(sentencesIn)
    .map(countCjkLength)
    .filter((length) => length >= 2);
  const paragraphLengths = paragraphs.map(countCjkLength);
  const we = count(prose, /我们|咱们/gu);
  const tally = new Map<string, number>();
  for (const match of prose.match(CONNECTIVE_PATTERN) ?? []) tally.set(match, (tally.get(match) ?? 0) + 1);
  const connectives = [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || CONNECTIVES.indexOf(a[0] as never) - CONNECTIVES.indexOf(b[0] as never))
    .slice(0, 5)
    .map(([word]) => word);
  return {
    sentenceLength: mean(sentenceLengths),
    sentenceSpread: spread(sentenceLengths),
    paragraphLength: mean(paragraphLengths),
    paragraphSpread: spread(paragraphLengths),
    firstPersonPerK: perK(count(prose, /我(?!们)/gu)),
    secondPersonPerK: perK(count(prose, /你|您/gu)),
    wePerK: perK(we),
    questionsPerK: perK(count(prose, /[？?]+/gu)),
    exclamationsPerK: perK(count(prose, /[！!]+/gu)),
    emojiPerK: perK(count(prose, EMOJI)),
    headingsPerK: perK(headings.length),
    numberedHeadings: headings.length > 0 ? headings.filter((heading) => NUMBERED_HEADING.test(heading)).length / headings.length : 0,
    connectives,
    characters,
  };
}

type NumericKey = Exclude<keyof MeasuredStyle, 'connectives' | 'characters'>;

/**
 * Per dimension, the difference a reader does not notice: 0.1 against 0 questions per 1,000
 * characters is no difference, 3 against 0 is.
 */
const FLOORS: Record<NumericKey, number> = {
  sentenceLength: 5,
  sentenceSpread: 4,
  paragraphLength: 20,
  paragraphSpread: 20,
  firstPersonPerK: 3,
  secondPersonPerK: 3,
  wePerK: 3,
  questionsPerK: 2,
  exclamationsPerK: 2,
  emojiPerK: 2,
  headingsPerK: 1,
  numberedHeadings: 0.5,
};

/**
 * Mean over the numeric dimensions of |a − b| ÷ max(|a|, |b|, floor), and the connectives as one
 * more dimension (1 − the share of the reference's top connectives the other uses): 0 for the
 * same profile, 1 when everything differs.
 */
export function styleDistance(a: MeasuredStyle, b: MeasuredStyle): number {
  const keys = Object.keys(FLOORS) as NumericKey[];
  const numeric = keys.reduce((sum, key) => sum + Math.abs(a[key] - b[key]) / Math.max(Math.abs(a[key]), Math.abs(b[key]), FLOORS[key]), 0);
  const union = new Set([...a.connectives, ...b.connectives]);
  const shared = a.connectives.filter((word) => b.connectives.includes(word)).length;
  const connectives = union.size === 0 ? 0 : 1 - shared / union.size;
  return (numeric + connectives) / (keys.length + 1);
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The profile rounded for storage and prompts. */
export function roundedStyle(style: MeasuredStyle): MeasuredStyle {
  const out = { ...style };
  for (const key of Object.keys(FLOORS) as NumericKey[]) out[key] = round(style[key], key === 'numberedHeadings' ? 2 : 1);
  return out;
}

/**
 * Two short excerpts of the reference for a model to imitate (WRITING.md §5): the first prose
 * paragraph and one from the middle, each cut at a sentence end to at most `limit` characters.
 */
export function referenceExcerpts(text: string, limit = 120): string[] {
  const { paragraphs } = proseOf(text);
  const usable = paragraphs.filter((paragraph) => countCjkLength(paragraph) >= 12);
  if (usable.length === 0) return [];
  const picks = usable.length === 1 ? [usable[0]!] : [usable[0]!, usable[Math.floor(usable.length / 2)]!];
  return picks.map((paragraph) => {
    let out = '';
    for (const sentence of sentencesIn(paragraph)) {
      if (out && countCjkLength(out + sentence) > limit) break;
      out += sentence;
    }
    return countCjkLength(out) > limit ? `${[...out].slice(0, limit).join('')}…` : out;
  });
}

/** The profile in words and numbers for a prompt. */
export function styleNumbersText(style: MeasuredStyle): string {
  const r = roundedStyle(style);
  const headings =
    r.headingsPerK > 0 ? `每千字约 ${r.headingsPerK} 个小标题（${r.numberedHeadings >= 0.5 ? '带编号' : '不编号'}）` : '不用小标题';
  return [
    `- 句长：平均 ${Math.round(r.sentenceLength)} 字，波动 ±${Math.round(r.sentenceSpread)} 字`,
    `- 段长：平均 ${Math.round(r.paragraphLength)} 字，波动 ±${Math.round(r.paragraphSpread)} 字`,
    `- 人称（每千字）：我 ${r.firstPersonPerK}，你/您 ${r.secondPersonPerK}，我们 ${r.wePerK}`,
    `- 每千字：问句 ${r.questionsPerK}，感叹句 ${r.exclamationsPerK}，表情符号 ${r.emojiPerK}`,
    `- 小标题：${headings}`,
    r.connectives.length > 0 ? `- 常用连接词：${r.connectives.join('、')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A profile in words with the reference's measured numbers and two excerpts added. */
export function withMeasures<T extends object>(words: T, referenceText: string): T & { measured: MeasuredStyle; excerpts: string[] } {
  return { ...words, measured: roundedStyle(measureStyle(referenceText)), excerpts: referenceExcerpts(referenceText) };
}
