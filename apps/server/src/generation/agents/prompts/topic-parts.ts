import type { ParsedTopic, TopicConstraint, TopicForm } from '../../../topic/index.js';
import { avoidedWords } from '../../../topic/avoided-words.js';

/**
 * The parsed topic (topic/parse-topic.ts) as lines of the 【创作要求】 block, so the model works
 * from the same reading of the request as the offline writer: what the article is about, the
 * question it answers, and, for a whole instruction, the role, title, length and constraints as
 * rules rather than as words to echo (issue 16 measured the instruction's own words in 31 of 60
 * articles).
 */

export const FORM_LABELS: Record<TopicForm, string> = {
  question: '问题',
  comparison: '对比',
  list: '清单',
  'how-to': '方法',
  event: '事件',
  opinion: '观点',
  subject: '主题',
};

/** Said once per instruction topic: the request's wording is for the writer, not the reader. */
export const INSTRUCTION_NOTE = '主题原话里的措辞（你是…、请…、字数…）是给写作者的指令，不要写进文章。';

/** What the form asks of the article, with the question, options or count the topic names. */
function formLine(topic: ParsedTopic): string {
  const label = FORM_LABELS[topic.form];
  if (topic.form === 'comparison' && topic.options && topic.options.length > 1) {
    return `${label}——在${topic.options.map((option) => `「${option}」`).join('与')}之间比较，最后给出怎么选的判断`;
  }
  if (topic.form === 'list' && topic.count) {
    const { n, unit, item } = topic.count;
    return `${label}——正好列出 ${n} ${unit}${item}`;
  }
  if ((topic.form === 'question' || topic.form === 'how-to') && topic.question) {
    return `${label}——全文要回答「${topic.question}」${topic.form === 'question' ? '，开篇就给出结论' : '，讲清楚具体怎么做'}`;
  }
  if (topic.form === 'opinion') return `${label}——给出明确的看法和依据`;
  return label;
}

/** 不要出现/用/提到…: words to keep out; 不要说教, 不要推荐具体产品: a way of writing to avoid. */
const NAMES_WORDS = /^(?:请|注意)?(?:尽量)?(?:不要|不能|不准|不许|不得|别|禁止|避免|切忌|杜绝|删掉|删除|去掉|去除)(?:出现|使用|用到|用|提到|提及|带)/u;
/** A device rather than a word: 不要用排比句. */
const DEVICE = /(?:句|句式|句子|修辞|手法|写法|比喻|排比|对仗|成语|网络用语|表情|emoji)$/iu;

function avoidRule(constraint: TopicConstraint): string {
  if (DEVICE.test(constraint.value)) return `不要使用${constraint.value}`;
  if (!NAMES_WORDS.test(constraint.text)) return `不要${constraint.value}`;
  // The same words the assembly strikes from the article (style/avoid-words.ts): asked for here, nothing is left to strike.
  const words = avoidedWords([constraint]);
  return `全文不得出现${(words.length > 0 ? words : [constraint.value]).map((word) => `「${word}」`).join('')}，换成自然的说法`;
}

const FORMATS: Record<string, string> = {
  emoji: '适当使用 emoji 表情',
  表情: '适当使用 emoji 表情',
  话题: '文末加上 #话题 标签',
  标签: '文末加上 #话题 标签',
  小标题: '正文使用小标题分段',
  配图建议: '在合适的位置写出配图建议',
};

/** One constraint as a rule in plain Chinese. */
export function constraintRule(constraint: TopicConstraint): string {
  const { value } = constraint;
  switch (constraint.kind) {
    case 'avoid':
      return avoidRule(constraint);
    case 'include':
      return `文中必须写到：${value}`;
    case 'quote':
      return `文中要自然地引用${value}，引文必须真实准确，记不准原文的不要引用，也不要杜撰`;
    case 'imitate':
      return `模仿${value}的文风（用词、句式、节奏），只学写法，不照抄原作，也不要在文中点明在模仿谁`;
    case 'person':
      return `用${value}叙述`;
    case 'tone':
      return `语言要${value}`;
    case 'structure':
      return `篇章结构按用户的要求安排（${constraint.text}），大纲和正文都照此分节`;
    case 'format':
      return FORMATS[value.toLowerCase()] ?? `格式按用户的要求：${constraint.text}`;
    case 'audience':
      return `写给${value}看：用词、例子和语气都贴合这群读者`;
  }
}

/**
 * The parsed parts, one line each, only those the topic has. `length` is the brief's target,
 * which the server has already reconciled with the user's word limit, so it is the one to follow.
 */
export function topicPartLines(topic: ParsedTopic, length: number): string[] {
  const lines = [`- 写作对象：${topic.subject}`, `- 题目形式：${formLine(topic)}`];
  if (topic.keyTerms.length > 0) lines.push(`- 关键词：${topic.keyTerms.join('、')}`);
  if (!topic.isInstruction) return lines;
  if (topic.role) lines.push(`- 写作身份：${topic.role}（用这个身份的口吻、视角和见识来写，文中不要提到这个身份，也不要自我介绍）`);
  if (topic.title) lines.push(`- 指定标题：${topic.title}（文章标题必须一字不改地用它）`);
  if (topic.wordLimit) lines.push(`- 字数要求：用户写的是「${topic.wordLimit.text}」，全文目标字数以约 ${length} 字为准（已按用户的要求核定）`);
  if (topic.genre) lines.push(`- 体裁：${topic.genre}（按这种体裁的写法来写）`);
  for (const constraint of topic.constraints) lines.push(`- 必须遵守（原话「${constraint.text}」）：${constraintRule(constraint)}`);
  lines.push(`- 注意：${INSTRUCTION_NOTE}`);
  return lines;
}
