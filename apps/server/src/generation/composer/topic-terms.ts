import { countCjkLength } from '@tianma/shared';
import { ASPECT_SUFFIX, parseTopic } from '../../topic/parse-topic.js';
import { ACTION_VERBS, tagTopic, termLength } from '../../topic/segment.js';
import type { ParsedTopic } from '../../topic/types.js';

/**
 * The names the offline composer gives its subject, from the parsed request (decision 046): never
 * the raw request, which may be a question or a whole instruction.
 */
export interface TopicTerms {
  /** The subject as a noun phrase, for noun slots (本文围绕{topic}). */
  topic: string;
  /** The most telling term, used wherever the text names its subject. */
  main: string;
  /** All terms, the main one first; at least one. */
  terms: string[];
}

/** A short subject is named whole (新能源车, iPhone 17和华为Mate 80); a long one by its main term. */
export function termsOf(parsed: ParsedTopic): TopicTerms {
  const { subject, keyTerms } = parsed;
  const limit = parsed.form === 'comparison' ? 16 : 10;
  // 学会和焦虑相处, 用碎片时间坚持阅读: a doing, not a thing; frames like 「和{term}有关的日子」 need a
  // noun, so such a subject is named by its main term (焦虑, 阅读).
  const first = tagTopic(subject)[0];
  const verbal = Boolean(first && (ACTION_VERBS.has(first.word) || first.tag === 'p')) && keyTerms.length > 0;
  // 预制菜行业分析, 新能源汽车行业格局: the aspect is what the article does; the thing names it.
  const aspect = ASPECT_SUFFIX.test(subject) && keyTerms.length > 0;
  const whole = termLength(subject) <= limit && !subject.includes('的') && !/[《》]/u.test(subject) && !verbal && !aspect;
  const main = whole ? subject : (keyTerms[0] ?? subject);
  return { topic: subject, main, terms: [main, ...keyTerms.filter((term) => term !== main)] };
}

export function extractTopicTerms(rawTopic: string): TopicTerms {
  return termsOf(parseTopic(rawTopic));
}

/** A heading or label without its 第一步： style prefix or trailing question mark, for reuse in prose. */
export function shortLabel(heading: string): string {
  const afterColon = heading.includes('：') ? heading.slice(heading.indexOf('：') + 1) : heading;
  return afterColon.replace(/[？?！!。]+$/u, '').trim() || heading;
}

/**
 * What a section is about, for a transition or a recap: the label before the colon when it is a
 * short name (亮点, 适合谁, 行业现状), else the phrase after it (第一步：给X找准起点 → 给X找准起点).
 */
export function topicLabel(heading: string): string {
  const at = heading.indexOf('：');
  const before = at > 0 ? heading.slice(0, at) : '';
  if (before && countCjkLength(before) <= 6 && !/^(第.+步|先说|先搞懂|先亮|关于)/u.test(before)) return before;
  const label = shortLabel(heading);
  const bare = label.replace(/^(也说说|说说|聊聊|谈谈|先说)/u, '');
  return countCjkLength(bare) >= 2 ? bare : label;
}
