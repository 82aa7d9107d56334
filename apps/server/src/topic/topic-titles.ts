import { type Platform, PLATFORM_TITLE_LIMITS } from '@tianma/shared';
import { SeededRandom } from '../platform/seeded-random.js';
import { INSTRUCTION_WORDS } from './parse-topic.js';
import { ACTION_VERBS, tagTopic, termLength } from './segment.js';
import type { ParsedTopic } from './types.js';

/**
 * Titles built from a request's parts, with frames whose slots fit the form (decision 046): a
 * question is asked as asked and answered, a how-to keeps its verb phrase whole (给 and all), a
 * noun slot only ever takes the subject. A 《title》 the user gave is used as given.
 */

/** A WeChat headline reads best within 30 characters, though the platform allows 40. */
export const WECHAT_HEADLINE_LIMIT = 30;

export function titleLimit(platform: Platform): number {
  return platform === 'wechat' ? Math.min(WECHAT_HEADLINE_LIMIT, PLATFORM_TITLE_LIMITS.wechat) : PLATFORM_TITLE_LIMITS[platform];
}

const EMOJI = ['✨', '🔥', '💡', '📌', '🌟', '👀', '📝'];
const XHS_HOOKS = ['亲测有效', '建议收藏', '看完不踩坑', '一次讲透', '干货满满', '新手必看', '真心分享'];
/** Genres whose title is the subject itself (a 散文 about 城市的夜晚 is titled 城市的夜晚). */
const CREATIVE = /散文|随笔|杂文|小说|故事|童话|寓言|诗|歌词|作文|日记|游记|开头|开场白|结尾|段落|情书/u;

/**
 * A subject that is the writer's own story (我的考研经历, 第一次养猫的那一年, 学做饭这件小事): a
 * headline frame would turn it into an explainer (读懂我的考研经历), so it is titled as given.
 */
const PERSONAL = /^我|我的|我们的|经历$|那一?年|那些年|的日子$|这件小事$|往事|回忆/u;

type Frame = (p: Slots) => string | undefined;

interface Slots {
  S: string;
  Q?: string;
  A?: string;
  B?: string;
  N?: string;
  item?: string;
  itemNP?: string;
  genre?: string;
}

function slotsOf(parsed: ParsedTopic): Slots {
  const [a, b] = parsed.options ?? [];
  const count = parsed.count;
  return {
    S: parsed.subject.trim(),
    Q: parsed.question?.trim(),
    A: a,
    B: b,
    N: count ? `${count.numeral}${count.unit}` : undefined,
    item: count?.item,
    // 三招搞定…: a verb phrase fills no noun slot (…有哪些？).
    itemNP: count && (count.item.includes('的') || !ACTION_VERBS.has(tagTopic(count.item)[0]?.word ?? '')) ? count.item : undefined,
    genre: parsed.genre,
  };
}

const q = (frame: (p: Required<Pick<Slots, 'Q'>> & Slots) => string): Frame => (p) => (p.Q ? frame(p as Required<Pick<Slots, 'Q'>> & Slots) : undefined);
const ab = (frame: (p: Required<Pick<Slots, 'A' | 'B'>> & Slots) => string): Frame => (p) => (p.A && p.B ? frame(p as Required<Pick<Slots, 'A' | 'B'>> & Slots) : undefined);
const list = (frame: (p: Required<Pick<Slots, 'N' | 'item'>> & Slots) => string): Frame => (p) => (p.N && p.item ? frame(p as Required<Pick<Slots, 'N' | 'item'>> & Slots) : undefined);

const nounList = (frame: (p: Required<Pick<Slots, 'N' | 'itemNP'>> & Slots) => string): Frame => (p) =>
  p.N && p.itemNP ? frame(p as Required<Pick<Slots, 'N' | 'itemNP'>> & Slots) : undefined;
/** A frame for a topic that asks no question: where it asks one, its own words are used. */
const unasked = (frame: (p: Slots) => string): Frame => (p) => (p.Q ? undefined : frame(p));
/** 十大 names a ranking; in 这十个 the count needs a measure word. */
const measured = (N: string) => N.replace(/大$/u, '个');

const WECHAT: Record<ParsedTopic['intent'], Frame[]> = {
  reason: [q((p) => `${p.Q}？背后有这几个原因`), q((p) => `${p.Q}？答案没那么简单`), q((p) => `${p.Q}？把原因一次说清楚`)],
  verdict: [q((p) => `${p.Q}？先看这几点再决定`), q((p) => `${p.Q}？帮你把账算清楚`), q((p) => `${p.Q}？我的答案在这里`)],
  explanation: [q((p) => `${p.Q}？一文读懂`), q((p) => `${p.Q}？这回讲清楚`), unasked((p) => `读懂${p.S}，看这些就够了`)],
  list: [q((p) => `${p.Q}？这份清单拿去用`), q((p) => `${p.Q}？清单在这里`), list((p) => `${p.N}${p.item}，建议收藏`), list((p) => `${p.N}${p.item}，一次说清楚`), nounList((p) => `${p.itemNP}：这${measured(p.N)}值得一试`)],
  method: [q((p) => `${p.Q}？这几步就够了`), q((p) => `${p.Q}？记住这几点就够了`), q((p) => `${p.Q}？照着做就不会错`), (p) => (p.Q ? undefined : `${p.S}：一份能照着做的清单`), (p) => (p.Q ? undefined : `${p.S}，照着做就不慌`)],
  choice: [ab((p) => `${p.A}还是${p.B}？看完再选不迟`), ab((p) => `${p.A}和${p.B}怎么选？一次说清`), ab((p) => `${p.A} vs ${p.B}：差别到底在哪？`), q((p) => `${p.Q}？看完再选不迟`)],
  account: [(p) => `${p.S}：发生了什么，意味着什么`, (p) => `读懂${p.S}，看这几点就够了`, (p) => `${p.S}，值得留意的几个信号`],
  view: [q((p) => `${p.Q}？说说我的看法`), q((p) => `${p.Q}？我的看法不太一样`), unasked((p) => `${p.S}，我的看法`), unasked((p) => `关于${p.S}，说几句真心话`), unasked((p) => `${p.S}：换个角度看`)],
  overview: [(p) => `${p.S}：你需要知道的几件事`, (p) => `关于${p.S}，这几点值得一说`, (p) => `读懂${p.S}，看这些就够了`],
  piece: [(p) => pieceTitle(p)],
};

const ZHIHU: Record<ParsedTopic['intent'], Frame[]> = {
  reason: [q((p) => `${p.Q}？先说结论：原因不止一个`), q((p) => `${p.Q}？结论先行：关键在这几点`)],
  verdict: [q((p) => `${p.Q}？先说结论：因人而异，关键看这几条`), q((p) => `${p.Q}？我的结论：分情况，标准在这里`)],
  explanation: [q((p) => `${p.Q}？先给结论，再讲来龙去脉`), q((p) => `${p.Q}？一句话说清，再展开讲`)],
  list: [q((p) => `${p.Q}？先说结论：按场景挑最省心`), nounList((p) => `有哪些${p.itemNP}？先说结论：这${measured(p.N)}值得一试`), nounList((p) => `${p.itemNP}有哪些？结论先行：这${measured(p.N)}就够了`), list((p) => `${p.N}${p.item}：结论先行，照着做就行`)],
  method: [q((p) => `${p.Q}？先说结论：先想清楚目的，再动手`), q((p) => `${p.Q}？结论先行：按这个顺序来`), (p) => (p.Q ? undefined : `${p.S}怎么做？先说结论：按这个顺序来`)],
  choice: [ab((p) => `${p.A}还是${p.B}？先说结论：看你最在意什么`), ab((p) => `${p.A}和${p.B}怎么选？结论先行：没有绝对的好坏`), q((p) => `${p.Q}？先说结论：看你最在意什么`)],
  account: [(p) => `${p.S}意味着什么？先说结论`, (p) => `怎么看${p.S}？我的判断先放前面`],
  view: [q((p) => `${p.Q}？先说我的结论`), unasked((p) => `如何看待${p.S}？先说结论`), unasked((p) => `怎么看${p.S}？我的结论先放前面`)],
  overview: [(p) => `关于${p.S}，先说结论再展开`, (p) => `怎样理解${p.S}？先说我的回答`, (p) => `${p.S}，最该弄清的是什么？`],
  piece: [(p) => pieceTitle(p)],
};

const XHS: Record<ParsedTopic['intent'], Frame[]> = {
  reason: [q((p) => `${p.Q}？`)],
  verdict: [q((p) => `${p.Q}？`)],
  explanation: [q((p) => `${p.Q}？`)],
  list: [list((p) => `${p.N}${p.item}`), q((p) => `${p.Q}？`)],
  method: [q((p) => `${p.Q}？`)],
  choice: [ab((p) => `${p.A}还是${p.B}？`), ab((p) => `${p.A} vs ${p.B}`), ab((p) => `${p.A}和${p.B}怎么选`), ab((p) => `${p.A}还是${p.B}`)],
  account: [],
  view: [q((p) => `${p.Q}？`)],
  overview: [],
  piece: [(p) => pieceTitle(p)],
};

/** A 主持稿 for 公司的年会 is 公司年会主持稿; a 散文 about 城市的夜晚 is 城市的夜晚. */
function pieceTitle(p: Slots): string {
  if (!p.genre || CREATIVE.test(p.genre) || p.S.endsWith(p.genre)) return p.S;
  // 一周工作总结: the subject is the genre's own head (工作); the genre names the piece already.
  if (p.genre.startsWith(p.S)) return p.genre;
  // 给女朋友写一封道歉信 → 给女朋友的道歉信.
  if (/信$|^情书$|^贺词$|^祝福语$/u.test(p.genre) && termLength(p.S) <= 8) return `给${p.S}的${p.genre}`;
  // 公司的年会 → 公司年会, but 我和我的祖国 keeps its 的.
  const compact = termLength(p.S) <= 8 && !/[我你他她们]的/u.test(p.S) ? p.S.replace(/^([^的]{1,4})的([^的]{1,4})$/u, '$1$2') : p.S;
  return `${compact}${p.genre}`;
}

function fits(title: string, limit: number): boolean {
  return [...title].length <= limit;
}

/** A title too long for the platform, cut at its last break that fits, or else at the limit. */
export function fitTitle(title: string, limit: number): string {
  if (fits(title, limit)) return title;
  const chars = [...title];
  for (let end = limit; end >= Math.ceil(limit / 2); end -= 1) {
    if (/[：:，,——｜|、]/u.test(chars[end] ?? '')) return chars.slice(0, end).join('').trim();
  }
  return chars.slice(0, limit).join('').trim();
}

/** Removes 文章 etc. left by a user's own title (never expected; a guard, not a rewrite). */
function hasInstructionWord(title: string): boolean {
  return INSTRUCTION_WORDS.some((word) => title.includes(word));
}

/**
 * The article's title on a platform: WeChat a headline with a hook (≤ 30), Zhihu the question
 * answered with its conclusion first, Xiaohongshu a short line with an emoji (≤ 20). Frames are
 * chosen by `seed`, so regenerations differ.
 */
export function titleFor(parsed: ParsedTopic, platform: Platform, seed: string): string {
  const rng = new SeededRandom(`${seed}|title|${platform}`);
  const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)]!;
  const limit = titleLimit(platform);
  const emoji = pick(EMOJI);
  const slots = slotsOf(parsed);

  if (parsed.title) {
    const given = parsed.title.trim();
    if (platform === 'xiaohongshu' && fits(`${given}${emoji}`, limit)) return `${given}${emoji}`;
    return fitTitle(given, limit);
  }

  if (!slots.Q && (parsed.intent === 'overview' || parsed.intent === 'account') && PERSONAL.test(slots.S)) {
    if (platform === 'xiaohongshu' && fits(`${slots.S}${emoji}`, limit)) return `${slots.S}${emoji}`;
    return fitTitle(slots.S, limit);
  }

  const table = platform === 'wechat' ? WECHAT : platform === 'zhihu' ? ZHIHU : XHS;
  // An instruction's words never reach its title; a question's own words (如何写出…) do.
  const built = table[parsed.intent].map((frame) => frame(slots)).filter((t): t is string => Boolean(t) && !(parsed.isInstruction && hasInstructionWord(t!)));
  if (platform === 'xiaohongshu') {
    const hook = pick(XHS_HOOKS);
    // In order of preference: the form's frames with an emoji, the whole subject with a hook,
    // the frames bare, and only then the main term alone.
    const tiers = [
      built.map((t) => `${t}${emoji}`),
      [`${slots.S}｜${hook}${emoji}`, `${slots.S}${emoji}`],
      built,
      [`${parsed.keyTerms[0]}｜${hook}${emoji}`, `${parsed.keyTerms[0]}${emoji}`],
    ];
    for (const tier of tiers) {
      const fitting = tier.filter((t) => fits(t, limit));
      if (fitting.length > 0) return pick(fitting);
    }
    return fitTitle(`${parsed.keyTerms[0]}`, limit);
  }

  const fitting = built.filter((t) => fits(t, limit));
  if (fitting.length > 0) return pick(fitting);
  // Nothing of the form fits: the question or the subject alone, as asked.
  const bare = slots.Q ? `${slots.Q}？` : slots.S;
  if (fits(bare, limit)) return bare;
  const term = parsed.keyTerms[0] ?? slots.S;
  const short = platform === 'zhihu' ? `关于${term}，先说结论` : `${term}：你需要知道的几件事`;
  return fits(short, limit) ? short : fitTitle(term, limit);
}

/** A hashtag without spaces or punctuation. */
function asTag(text: string): string {
  return text.replace(/[\s#，。、：；！？,.:;!?'"“”‘’（）()《》【】[\]|｜]+/gu, '');
}

const INTENT_TAGS: Record<ParsedTopic['intent'], string[]> = {
  reason: ['深度思考', '涨知识'],
  verdict: ['避坑指南', '真实体验'],
  explanation: ['涨知识', '科普'],
  list: ['实用清单', '建议收藏'],
  method: ['干货分享', '实用技巧'],
  choice: ['怎么选', '对比测评'],
  account: ['热点', '深度解读'],
  view: ['观点', '深度思考'],
  overview: ['干货分享', '涨知识'],
  piece: ['日常', '生活记录'],
};

/** Xiaohongshu #话题 tags: the key terms first, then the genre and the form's usual tags; 3–6. */
export function hashtagsFor(parsed: ParsedTopic): string[] {
  const tags: string[] = [];
  const add = (raw: string | undefined) => {
    const tag = asTag(raw ?? '');
    if (termLength(tag) >= 2 && termLength(tag) <= 12 && !tags.includes(tag) && !(parsed.isInstruction && hasInstructionWord(tag)) && tags.length < 6) tags.push(tag);
  };
  for (const term of parsed.keyTerms.slice(0, 4)) add(term);
  if (termLength(parsed.subject) <= 8) add(parsed.subject);
  add(parsed.genre);
  for (const tag of INTENT_TAGS[parsed.intent]) if (tags.length < 4) add(tag);
  if (tags.length < 3) add('经验分享');
  return tags.map((tag) => `#${tag}`);
}
