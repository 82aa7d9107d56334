/**
 * Topic integrity (WRITING.md §1, §2, §7): the subject's key terms intact in the title and the
 * text, no word of the user's instruction in the article, and no frame filled with a slot of
 * the wrong kind. The heuristics are deliberately simple and listed here so a reader can judge
 * each hit:
 *  - key terms: the brief names them (the evaluator does not trust the writer's own parser);
 *    Latin case and spacing are ignored ("MacBook Air M5" = "macbook air  M5").
 *  - instruction words: STRICT words never belong in an article (你是, 请以, 为题, 字以内 …);
 *    SOFT words (要求, 以下, 内容 …) are ordinary Chinese and count only when the topic itself
 *    contains them, i.e. when they were probably copied from the instruction; a whole instruction
 *    topic pasted verbatim counts as well.
 *  - wrong-kind frames: a question (吗/呢/为什么/是否/值不值得/？; 如何/怎么 after 把) or an
 *    instruction inside a noun or verb-phrase slot — 把…做好, 关于…(我想说|的一些话|，),
 *    那些与…有关的, …的N个误区/方法, 我和…的故事, 如何看待…？ — plus signs of a topic cut or
 *    pasted: 吗 followed by more text in the same clause, 值不 without 值得, a 2–4 character word immediately doubled (行业行业),
 *    and a title segment cut out of the topic mid-phrase (cutTopicSegments).
 */

export const STRICT_INSTRUCTION_WORDS = ['你是一名', '你是一位', '你是写', '假如你是', '请以', '为题', '字以内', '字左右', '字以上', '帮我写', '请根据', '不要出现', '不要用', '字数'];
export const SOFT_INSTRUCTION_WORDS = ['要求', '以下', '内容', '文章', '主题是', '面向', '语言生动', '语言活泼', '作为一名', '作为一位', '标题', '题目', '写一篇', '写一个', '写个', '不超过', '模仿', '风格'];

/** A yes/no or wh-question, or an instruction: never a noun phrase. */
const QUESTION = /吗|呢|为什么|为何|是否|值不值得|能不能|要不要|[？?]/u;
/** How-questions, fine after 关于 (关于如何选绘本) but not as the object of 把…做好. */
const HOW = /如何|怎么|怎样/u;
/** A slot that opens with a preposition or verb holds a clause, not the object 把 needs (把用碎片时间坚持阅读做好). */
const VERB_FIRST = /^(?:用|去|给|在|让|面向|对于?|从|为|被|人去)/u;
const INSTRUCTION = /你是|假如|作为一名|作为一位|请|写一篇|写个|写一个|字数|\d+字|要求|为题|不要|面向|主题是/u;

/** Frames with a noun or verb-phrase slot, the slot's capture group, and what may not fill it. */
const FRAMES: { name: string; pattern: RegExp; wrong: (slot: string) => boolean }[] = [
  { name: '把…做好', pattern: /把([^。！？\n]{1,40}?)做好/gu, wrong: (slot) => QUESTION.test(slot) || HOW.test(slot) || INSTRUCTION.test(slot) || VERB_FIRST.test(slot) || [...slot].length > 15 },
  { name: '关于…我想说', pattern: /关于([^。！？\n]{1,40}?)[，,]?我想说/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) },
  { name: '关于…的一些话', pattern: /关于([^。！？\n]{1,40}?)的一些话/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) },
  { name: '那些与…有关的', pattern: /那些与([^。！？\n]{1,40}?)有关的/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) || /写|做|是|作为/u.test(slot) },
  { name: '…的N个误区/方法', pattern: /([^。！？\n，,]{2,40}?)的[一二三四五六七八九十两\d]+个(?:误区|方法|建议|技巧|步骤|问题)/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) },
  { name: '我和…的故事', pattern: /我和([^。！？\n]{1,40}?)的故事/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) || VERB_FIRST.test(slot) },
  { name: '如何看待/理解…', pattern: /如何(?:看待|通俗地理解|理解)([^。！？\n]{1,40}?)[？?]/gu, wrong: (slot) => INSTRUCTION.test(slot) },
  { name: '关于…，', pattern: /关于([^。！？\n，,]{2,40}?)[，,]/gu, wrong: (slot) => QUESTION.test(slot) || INSTRUCTION.test(slot) },
];

export interface IntegrityHit {
  kind: 'wrong_slot' | 'question_cut' | 'doubled_word' | 'instruction_word' | 'topic_pasted' | 'topic_cut';
  rule: string;
  line: string;
}

export interface TopicIntegrity {
  /** The subject (the first key term) appears in the title. */
  subjectInTitle: boolean;
  /** Key terms that the text never contains. */
  missingInText: string[];
  /** Key terms that the title does not contain. */
  missingInTitle: string[];
  hits: IntegrityHit[];
  /** Lines (title, headings, sentences) with at least one hit of the wrong-slot, cut, doubled or pasted kind. */
  brokenLines: string[];
}

const loose = (text: string) => text.replace(/\s+/g, '').toLowerCase();
export const containsTerm = (text: string, term: string) => loose(text).includes(loose(term));

/** The title, headings and body split into lines and sentences, each checked once. */
function linesOf(title: string, headings: string[], body: string): string[] {
  const sentences = body.split(/(?<=[。！？])|\n+/u).map((line) => line.trim()).filter(Boolean);
  return [title, ...headings, ...sentences].filter(Boolean);
}

/** Two-character words whose doubling is ordinary: onomatopoeia and the tentative 商量商量 kind. */
const ORDINARY_ABAB = /^(?:[咕哗叮扑呼咚嘀嘟噼啪轰叽喳沙滴答]{2}|咕嘟|哗啦|扑通|叮咚|滴答|轰隆|叽喳|噼啪|商量|研究|休息|考虑|打听|琢磨|溜达|收拾|活动|高兴|暖和|凉快)$/u;

export function frameHits(line: string): IntegrityHit[] {
  const hits: IntegrityHit[] = [];
  for (const { name, pattern, wrong } of FRAMES) {
    for (const match of line.matchAll(pattern)) {
      const slot = match[1]!;
      if (wrong(slot)) hits.push({ kind: 'wrong_slot', rule: `${name}: 「${slot}」`, line });
    }
  }
  // 吗 with more of the same clause after it: a question cut into a phrase (适合大学生吗的三个误区).
  if (/吗(?![？?！!。，,；;：:、」』》）)”"\s]|$)/u.test(line) && !/吗啡/.test(line)) hits.push({ kind: 'question_cut', rule: '吗 inside a phrase', line });
  if (/值不(?!值)/u.test(line)) hits.push({ kind: 'question_cut', rule: '值不 without 值得', line });
  const doubled = /(\p{Script=Han}{2,4})\1/u.exec(line);
  // ABAB runs starting with 一 or ending with 着 are ordinary Chinese (一步一步, 做着做着), and so are
  // sound words (咕嘟咕嘟, 哗啦哗啦: the 口 radical of most of them) and verbs tried out (商量商量).
  if (doubled && !/^一|着$/u.test(doubled[1]!) && !ORDINARY_ABAB.test(doubled[1]!)) hits.push({ kind: 'doubled_word', rule: `「${doubled[0]}」`, line });
  return hits;
}

/**
 * A title segment (split on ｜ | ： :) that is a piece of the topic cut off before more of the
 * same phrase: 「新能源汽车值不｜…」 from 新能源汽车值不值得买, 「第一次养猫要准备｜…」 from
 * 第一次养猫要准备什么. A piece that runs to the topic's end (睡眠监测准不准) is a fair shortening.
 */
export function cutTopicSegments(title: string, topic: string): string[] {
  return title
    .split(/[｜|：:]/u)
    .map((segment) => segment.replace(/\p{Extended_Pictographic}|[\s？?！!]/gu, ''))
    .filter((segment) => [...segment].length >= 4 && topic.includes(segment))
    .filter((segment) => {
      const next = topic.slice(topic.indexOf(segment) + segment.length)[0];
      return next !== undefined && /\p{Script=Han}/u.test(next);
    });
}

export function checkTopicIntegrity(input: { topic: string; keyTerms: string[]; instruction: boolean; title: string; headings: string[]; body: string }): TopicIntegrity {
  const { topic, keyTerms, title, headings, body } = input;
  const all = `${title}\n${headings.join('\n')}\n${body}`;
  const hits: IntegrityHit[] = [];
  for (const line of linesOf(title, headings, body)) hits.push(...frameHits(line));
  for (const word of STRICT_INSTRUCTION_WORDS) {
    for (const line of linesOf(title, headings, body)) if (line.includes(word)) hits.push({ kind: 'instruction_word', rule: word, line });
  }
  for (const word of SOFT_INSTRUCTION_WORDS) {
    if (!topic.includes(word)) continue;
    for (const line of linesOf(title, headings, body)) if (line.includes(word)) hits.push({ kind: 'instruction_word', rule: `${word} (from the topic)`, line });
  }
  const lengthAsked = /\d+字/.exec(topic)?.[0];
  if (lengthAsked && all.includes(lengthAsked)) hits.push({ kind: 'instruction_word', rule: lengthAsked, line: lengthAsked });
  for (const segment of cutTopicSegments(title, topic)) hits.push({ kind: 'topic_cut', rule: `「${segment}」 cut from the topic`, line: title });
  if (input.instruction && loose(all).includes(loose(topic))) hits.push({ kind: 'topic_pasted', rule: 'the whole instruction', line: topic });
  const brokenLines = [...new Set(hits.filter((hit) => hit.kind !== 'instruction_word').map((hit) => hit.line))];
  return {
    subjectInTitle: keyTerms.length === 0 || containsTerm(title, keyTerms[0]!),
    missingInText: keyTerms.filter((term) => !containsTerm(all, term)),
    missingInTitle: keyTerms.filter((term) => !containsTerm(title, term)),
    hits,
    brokenLines,
  };
}
