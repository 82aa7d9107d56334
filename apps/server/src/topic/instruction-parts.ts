import { NUMBER_SOURCE, parseNumber } from './chinese-number.js';
import type { ConstraintKind, TopicConstraint, WordLimit } from './types.js';

/**
 * The parts of a request that instruct the writer rather than name the subject: material, title,
 * role, word limit, constraints and genre. Each finder returns what it found and the request with
 * that part cut out, so that what is left at the end is the subject's text.
 */

const N = NUMBER_SOURCE;

/** Pasted material: everything after 基于以下内容： / 以下是…：; words between (写一篇新闻稿) stay in the request. */
const MATERIAL =
  /(?:(?:基于|根据|参考|结合|围绕|阅读)以下(?:的)?(?:内容|材料|资料|文字|信息|素材|文章|数据|要点)?|以下是(?:我的)?(?:内容|材料|资料|文字|信息|素材|笔记|草稿|要点)?|(?:材料|原文|内容|资料)如下|(?:这段话|这段文字|这段内容|这篇文章|这篇稿子|下面这段话?|下面的文字))([^：:\n]{0,20})[：:]\s*([\s\S]+)$/u;

export function takeMaterial(text: string): { material?: string; rest: string } {
  const match = MATERIAL.exec(text);
  if (!match || match[2]!.trim().length === 0) return { rest: text };
  // 根据以下要求…：语言更简洁: what follows is a list of constraints, not material.
  if (/要求|规则|格式|条件|指令|标准|注意事项/u.test(match[0].slice(0, match[0].length - match[2]!.length))) {
    return { rest: `${text.slice(0, match.index)}，${match[1]!}，${match[2]!}` };
  }
  return { material: match[2]!.trim(), rest: `${text.slice(0, match.index)}，${match[1]!}` };
}

/** 用鲁迅的风格写…: a style to imitate, inside a clause that also asks for writing. */
const INLINE_IMITATE = /(?:模仿|仿照|借鉴|用|以|按照?)([^，,。；;：:]{1,12}?)的?(?:风格|文风|笔法|笔调)/u;

/** 用通俗的话解释…: a tone inside a clause that also says what to write. */
const INLINE_TONE = /(?:用|以)(通俗易懂|通俗|大白话|简单|浅显|幽默|轻松|口语化|专业)的?(?:话|语言|语气|方式|口吻|文字)?(?:来)?(?=解释|介绍|讲|说|写|聊|科普|描述|分析)/u;

export function takeInlineTone(text: string): { constraint?: TopicConstraint; rest: string } {
  const match = INLINE_TONE.exec(text);
  if (!match) return { rest: text };
  const constraint: TopicConstraint = { kind: 'tone', text: match[0], value: match[1]! };
  return { constraint, rest: `${text.slice(0, match.index)}${text.slice(match.index + match[0].length)}` };
}

/** 分析评论类, 文章类型：实用攻略: the article type, which the form's type setting already says. */
export const TYPE_HINT = /^(?:文章)?(?:类型|体裁)?(?:是|为)?[：:]?(?:分析评论|观点评论|实用攻略|干货攻略|经验分享|故事随笔|种草安利|种草推荐|行业分析|技术解读|科普|干货|评论|攻略)(?:类|型|向|风)(?:的?文章)?$/u;

export function takeInlineImitation(text: string): { constraint?: TopicConstraint; rest: string } {
  const match = INLINE_IMITATE.exec(text);
  if (!match) return { rest: text };
  const constraint: TopicConstraint = { kind: 'imitate', text: match[0], value: match[1]!.trim() };
  return { constraint, rest: `${text.slice(0, match.index)}${text.slice(match.index + match[0].length)}` };
}

const QUOTED_TITLE = /以[“"「『‘]([^”"」』’]{1,40})[”"」』’]为(?:题目|标题|题)/u;
const BARE_TITLE = /以([^，,。；;：:“”"《》\s]{2,20}?)为(?:题目|标题|题)/u;
const LABELLED_TITLE = /(?:题目|标题|题为)(?:是|为|叫)?[：:]?\s*[《“"「『]?([^，,。；;\n《》“”"」』]{1,40})[》”"」』]?/u;
// 写一篇《背影》的教案: a 《…》 followed by a genre names what the text is about, not its title.
const BOOK_TITLE = /(?:(?:为|给|以|替)\s*)?《([^》]{1,40})》(?:为(?:题目|标题|题))?(?!的?(?:教案|读后感|观后感|读书报告|读书笔记|书评|影评|说课稿|简介|介绍|赏析))/u;

export function takeTitle(text: string, allowBookTitle: boolean): { title?: string; rest: string } {
  for (const pattern of [QUOTED_TITLE, LABELLED_TITLE, BARE_TITLE, ...(allowBookTitle ? [BOOK_TITLE] : [])]) {
    const match = pattern.exec(text);
    if (match) {
      const title = match[1]!.trim();
      // NOTE: cut without a comma: 为《题》写一个开头 leaves 写一个开头 as one clause.
      if (title) return { title, rest: `${text.slice(0, match.index)}${text.slice(match.index + match[0].length)}` };
    }
  }
  return { rest: text };
}

const ROLES = [
  /(?:^|[，,。；;！!\s])(?:请)?(?:假如|假设|如果|现在)?你(?:现在)?(?:是|扮演|作为)(?:一[名位个家]|一个)?([^，,。；;！!\n]{1,24})/u,
  /(?:^|[，,。；;！!\s])(?:请)?(?:扮演|作为|身为)(?:一[名位个家]|一个)?([^，,。；;！!\n]{1,24}?)(?=[，,。；;！!\n]|$)/u,
  /以([^，,。；;！!\n]{1,16}?)的(?:身份|口吻|视角|角度|语气)/u,
];

export function takeRole(text: string): { role?: string; rest: string } {
  for (const pattern of ROLES) {
    const match = pattern.exec(text);
    if (match) {
      const role = match[1]!.replace(/^(?:一[名位个家]|一个)/u, '').trim();
      if (role) return { role, rest: `${text.slice(0, match.index)}，${text.slice(match.index + match[0].length)}` };
    }
  }
  return { rest: text };
}

/** Spoken Chinese runs at about 220 characters a minute. */
const CHARS_PER_MINUTE = { min: 180, target: 220, max: 260 };

const RANGE = new RegExp(`(?:字数|篇幅)?(?:在|约|大约)?(${N})\\s*(?:字)?\\s*(?:到|至|-|~|～|—)\\s*(${N})\\s*字(?:之间|左右)?`, 'u');
const WORDS = new RegExp(`(?:字数|篇幅)?(?:在|约|大约|控制在|不少于|不低于|至少|不超过|不多于|最多)?\\s*(${N})\\s*(?:个)?字(以内|之内|以下|内|左右|上下|以上|起|多)?`, 'u');
const MINUTES = new RegExp(`(${N})\\s*分钟(?:左右|以内)?`, 'u');

export function takeWordLimit(text: string): { wordLimit?: WordLimit; rest: string } {
  // 写一篇800字左右的散文 → 写一篇散文: the limit goes with its 的, and the clause stays whole.
  const cut = (match: RegExpExecArray) => `${text.slice(0, match.index)}${text.slice(match.index + match[0].length).replace(/^的/u, '')}`;
  const range = RANGE.exec(text);
  if (range) {
    const a = parseNumber(range[1]!);
    const b = parseNumber(range[2]!);
    if (a > 0 && b >= a) return { wordLimit: { min: a, max: b, target: Math.round((a + b) / 2), text: range[0] }, rest: cut(range) };
  }
  const words = WORDS.exec(text);
  if (words) {
    const n = parseNumber(words[1]!);
    const head = words[0];
    if (n >= 10) {
      let limit: WordLimit;
      if (/以内|之内|以下|内|不超过|不多于|最多/u.test(head)) limit = { min: Math.round(n * 0.6), max: n, target: Math.round(n * 0.9), text: head };
      else if (/以上|起|多|不少于|不低于|至少/u.test(head)) limit = { min: n, max: Math.round(n * 1.5), target: Math.round(n * 1.2), text: head };
      else limit = { min: Math.round(n * 0.85), max: Math.round(n * 1.15), target: n, text: head };
      return { wordLimit: limit, rest: cut(words) };
    }
  }
  const minutes = MINUTES.exec(text);
  if (minutes) {
    const n = parseNumber(minutes[1]!);
    if (n > 0 && n <= 120) {
      const limit = { min: n * CHARS_PER_MINUTE.min, max: n * CHARS_PER_MINUTE.max, target: n * CHARS_PER_MINUTE.target, text: minutes[0] };
      return { wordLimit: limit, rest: cut(minutes) };
    }
  }
  return { rest: text };
}

const CONSTRAINTS: { kind: ConstraintKind; pattern: RegExp }[] = [
  { kind: 'avoid', pattern: /^(?:请|注意)?(?:尽量)?(?:不要|不能|不准|不许|不得|别|禁止|避免|切忌|杜绝|删掉|删除|去掉|去除)(?:出现|使用|用到|用|写|有|提到|提及|带)?(.+)$/u },
  { kind: 'quote', pattern: /^(?:要|需要|必须|适当|请)?引用(.+)$/u },
  { kind: 'imitate', pattern: /^(?:要|请)?(?:模仿|仿照|模拟|学习|参考|借鉴)(.+?)(?:的)?(?:风格|文风|笔法|笔调|口吻|语气|写法)?$/u },
  { kind: 'imitate', pattern: /^(?:要|请)?(?:用|以|按|按照)(.+?)的?(?:风格|文风|笔法|笔调)$/u },
  { kind: 'include', pattern: /^(?:必须|需要|要|务必|一定要|请)?(?:包含|包括|提到|提及|涵盖|带上|加入|融入|结合|突出|强调|重点(?:写|介绍|突出)?)(.+)$/u },
  // 一是…，二是…，三是作为主要情节: a numbered requirement.
  { kind: 'include', pattern: /^(?:[一二三四五六七八九十]是|其[一二三四五]|第[一二三四五六七八九十][，,、：:]|\d+[.、)）])(.+)$/u },
  { kind: 'audience', pattern: /^(?:面向|针对|写给|读者是|受众是|目标读者(?:是|为)?|读者为|受众为)(.+?)(?:看|阅读)?$/u },
  { kind: 'person', pattern: /^(?:用|以)(第[一二三]人称)(?:来写|写|叙述)?$/u },
  { kind: 'structure', pattern: new RegExp(`^(?:分成?|包含|列出?|写)?(${N})\\s*(?:个|条)?(?:小标题|段落?|部分|要点|点)$`, 'u') },
  { kind: 'format', pattern: /^(?:要|需要|请)?(?:多用|多加|多放|加|带|配|附|用)(?:上|点|些|一些)?(emoji|表情包?|话题|标签|小标题|配图建议)$/iu },
  {
    kind: 'tone',
    pattern: /^(?:要求|要|需要|请|尽量|语言|语气|风格|文风|整体|内容|写得|要写得)*(?:要|更|比较|非常|很)?(幽默|风趣|生动|活泼|严肃|正式|口语化|通俗易懂|通俗|简洁|简练|温暖|感人|煽情|有趣|接地气|专业|深刻|优美|文艺|轻松|真诚|走心|有感染力|有画面感|有文采|热情|激昂|大气|庄重|亲切)(?:一点|一些|些)?$/u,
  },
];

/** The constraints among a request's clauses, and the clauses that are not constraints. */
export function takeConstraints(clauses: string[]): { constraints: TopicConstraint[]; rest: string[] } {
  const constraints: TopicConstraint[] = [];
  const rest: string[] = [];
  for (const clause of clauses) {
    const found = CONSTRAINTS.find(({ pattern }) => pattern.test(clause));
    if (found) {
      const value = found.pattern.exec(clause)![1]!.trim();
      constraints.push({ kind: found.kind, text: clause, value });
    } else rest.push(clause);
  }
  return { constraints, rest };
}

/** The kinds of text people ask for, longest first so 读书报告 beats 报告. */
export const GENRES = [
  '小红书笔记', '公众号文章', '短视频脚本', '脚本', '招聘JD', '招聘启事', '岗位描述', '职位描述', 'JD', '策划方案', '活动方案', '测评', '评测', '议论文', '记叙文', '说明文', '邮件', '知乎回答', '朋友圈文案', '视频脚本', '口播稿', '口播文案', '演讲稿', '主持稿', '主持词', '发言稿', '致辞', '贺词',
  '读书报告', '调查报告', '研究报告', '分析报告', '可行性报告', '读后感', '观后感', '读书笔记', '书评', '影评', '乐评', '新闻稿', '通讯稿', '申请信', '申请书', '推荐信', '求职信', '感谢信',
  '道歉信', '情书', '检讨书', '倡议书', '策划书', '策划案', '方案', '工作总结', '年终总结', '述职报告', '周报', '月报', '日报', '教案',
  '说课稿', '作文', '散文', '随笔', '杂文', '小说', '微小说', '故事', '童话', '寓言', '剧本', '诗歌', '现代诗', '古诗', '诗', '歌词',
  '对联', '祝福语', '文案', '广告语', '标语', '推文', '微博', '日记', '游记', '开头', '开场白', '结尾', '段落', '简介', '介绍', '评论',
].sort((a, b) => b.length - a.length);

/** Genres that are a platform's format rather than a document: the title follows the subject's form. */
export const PLATFORM_GENRES = /测评|评测|脚本|小红书笔记|公众号文章|知乎回答|朋友圈文案|视频脚本|口播|推文|微博|文案/u;

/** Verbs and words that ask for writing. */
export const WRITE_VERB = /(?:写|撰写|创作|生成|起草|拟|编|整理|输出|来|出|做)(?:一|两|三|几)?(?:篇|个|段|首|封|份|则|条|下|出)?/u;

const QUESTION_MARKS = /为什么|为何|如何|怎么|怎样|是否|能否|吗|呢|[？?]/u;

/** The genre a clause asks for (写一个开头 → 开头), when the clause asks for writing. */
export function genreOf(clause: string): string | undefined {
  if (!WRITE_VERB.test(clause) || QUESTION_MARKS.test(clause) || /写好|写出好/u.test(clause)) return undefined;
  // 写一封给家长的信: 信 alone is too short to look for anywhere (信心, 自信), but a 封 before it is a letter.
  return GENRES.find((genre) => clause.includes(genre)) ?? (/封[^，,。]*信$/u.test(clause) ? '信' : undefined);
}
