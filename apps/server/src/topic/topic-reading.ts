import { ADVANCED_LENGTH, GUIDED_LENGTH, type TopicReading, type TopicReadingInstruction } from '@tianma/shared';
import { avoidedWords } from './avoided-words.js';
import type { ConstraintKind, ParsedTopic, TopicConstraint } from './types.js';

/**
 * What the creation form shows under the topic before the user pays (issue 16, point 1; decision
 * 050): the request's word limit when the length setting disagrees with it, and which of its
 * instructions the writer will follow. A model follows them all (they are in its prompts); the
 * offline writer follows only what it can honestly do without one.
 */

/** Instructions the offline writer carries out: 不要出现… (style/avoid-words.ts) and 面向… (the audience). */
const OFFLINE_KINDS: ReadonlySet<ConstraintKind> = new Set(['avoid', 'audience']);

const OFFLINE_NOTES: Record<ConstraintKind, string> = {
  avoid: '离线写作只能避开具体的词语，这条要求需配置大模型',
  audience: '',
  quote: '离线写作不会引用资料以外的原文，需配置大模型',
  imitate: '离线写作无法模仿指定作者的文风，需配置大模型',
  include: '离线写作不保证写到这一点，需配置大模型',
  person: '离线写作的人称由写作风格决定',
  tone: '离线写作的语气由“写作风格”决定，请在风格里选择',
  structure: '离线写作的段落结构由文章类型决定',
  format: '离线写作按发布平台的格式排版',
};

/** Kinds of text the offline writer can produce: an article or a post in a platform's format. */
const ARTICLE_GENRES = /公众号文章|小红书笔记|知乎回答|测评|评测|推文|文案|随笔|散文|游记|介绍|简介|评论|作文|攻略/u;

/** 不要出现首先 names words the offline writer strikes; 不要推荐具体产品 names none. */
function followsOffline(constraint: TopicConstraint): boolean {
  return OFFLINE_KINDS.has(constraint.kind) && (constraint.kind !== 'avoid' || avoidedWords([constraint]).length > 0);
}

function clampToRange(length: number, advanced: boolean): number {
  const range = advanced ? ADVANCED_LENGTH : GUIDED_LENGTH;
  const stepped = Math.round(length / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, stepped));
}

export function readTopic(parsed: ParsedTopic, options: { length: number; advanced: boolean; writer: 'model' | 'offline' }): TopicReading {
  const offline = options.writer === 'offline';
  const instructions: TopicReadingInstruction[] = [];
  const add = (text: string, supported: boolean, note: string) => instructions.push(supported ? { text, supported } : { text, supported, note });
  if (parsed.role) add(`你是${parsed.role}`, !offline, '离线写作不切换身份口吻，按所选写作风格成文');
  if (parsed.genre) add(`体裁：${parsed.genre}`, !offline || ARTICLE_GENRES.test(parsed.genre), `离线写作按文章体例成稿，不是${parsed.genre}的格式`);
  for (const constraint of parsed.constraints) add(constraint.text, !offline || followsOffline(constraint), OFFLINE_NOTES[constraint.kind]);

  const reading: TopicReading = { subject: parsed.subject, lengthConflict: false, instructions };
  if (parsed.title) reading.title = parsed.title;
  if (parsed.role) reading.role = parsed.role;
  if (parsed.genre) reading.genre = parsed.genre;
  const limit = parsed.wordLimit;
  if (limit) {
    reading.wordLimit = { text: limit.text, min: limit.min, max: limit.max, target: limit.target };
    if (options.length < limit.min || options.length > limit.max) {
      reading.lengthConflict = true;
      const suggested = clampToRange(limit.target, options.advanced);
      if (suggested !== options.length) reading.suggestedLength = suggested;
    }
  }
  return reading;
}
