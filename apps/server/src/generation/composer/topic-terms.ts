import { countCjkLength } from '@tianma/shared';

/**
 * Key terms of a topic by simple rules (no word segmenter): split on punctuation, question words
 * and function words, strip a leading verb and a generic suffix (攻略, 指南…), and keep what is
 * left. Good enough to name the subject in headings, tags and sentences.
 */
export interface TopicTerms {
  /** The topic as a phrase: trimmed, without trailing punctuation. */
  topic: string;
  /** The most telling term, used wherever the text names its subject. */
  main: string;
  /** All terms, the main one first; at least one. */
  terms: string[];
}

const PUNCTUATION = /[\s,.;:!?'"()[\]{}<>/\\|，。；：！？、“”‘’（）《》【】「」『』…—～~·-]+/u;

/** Multi-character words that never belong to a term; longest first so 为什么 beats 什么. */
const STOP_WORDS = [
  '为什么', '怎么样', '是什么', '有哪些', '有什么', '怎么办', '如何', '怎么', '怎样', '为何', '什么', '哪些', '哪个',
  '是否', '能否', '可以', '应该', '到底', '究竟', '关于', '对于', '以及', '还是', '或者', '并且', '而且', '我们', '你们',
  '他们', '我的', '你的', '一个', '一款', '一种', '一些', '一份', '一篇', '这个', '那个', '这些', '那些', '如果', '真的',
  '值得', '需要', '之间', '之后', '之前', '其中', '越来越多', '越来越', '很多', '许多', '大家', '人们', '我们的',
].sort((a, b) => b.length - a.length);

/** Single characters that join words in a topic (X的Y, X和Y, 在X…). */
const PARTICLES = new Set(['的', '和', '与', '及', '或', '在', '对', '把', '被', '让', '从', '给', '了', '吗', '呢', '吧', '啊']);

/** Compounds in which a particle character is part of the word and must not split it. */
const COMPOUNDS = new Set([
  '目的', '的确', '和平', '和谐', '温和', '总和', '参与', '与其', '给予', '现在', '存在', '正在', '实在', '自在', '所在',
  '内在', '外在', '在线', '在于', '好在', '对象', '对比', '对手', '面对', '对话', '绝对', '相对', '针对', '对应', '对待',
  '从而', '从事', '自从', '让步', '转让', '被动', '被子', '把握', '了解', '为了', '除了', '给力', '或许', '或是', '以及',
]);

const LEADING_VERBS = [
  '养成', '提升', '提高', '打造', '选择', '选购', '使用', '学习', '掌握', '避免', '做好', '搞定', '应对', '理解', '看懂',
  '了解', '改变', '实现', '拥有', '开始', '坚持', '减少', '增加', '找到', '适合', '告别', '摆脱', '突破', '推动', '迎接',
  '解读', '分析', '看待', '评价', '聊聊', '谈谈', '说说', '探索', '玩转', '用好', '做出', '写出', '写好',
].sort((a, b) => b.length - a.length);

const ACTOR = /^([^，,。？?]{2,12}?)(?:(?:如何|怎样|怎么|将会|将|会|正在|能否|可以)?(?:改变|影响|重塑|颠覆|推动|赋能|冲击|改写|助力|重构)|对.{2,12}的(?:影响|冲击|改变))/u;

const SUBJECT = /^([^，,。？?]{2,12}?)(?:为什么|为何|如何|怎样|怎么|能否|是否)/u;
const PERSON_END = /(人|者|们|党|族|手|生|员|家|妈|爸|师|我|你)$/u;

const TIME_PHRASE = /\d|天|周|月|年|内|前|后/u;

const GENERIC_SUFFIXES = [
  '全攻略', '攻略', '指南', '教程', '推荐', '测评', '评测', '分享', '解读', '分析', '心得', '清单', '技巧', '盘点', '总结', '入门',
].sort((a, b) => b.length - a.length);

function splitOnStopWords(text: string): string[] {
  let parts = [text];
  for (const word of STOP_WORDS) parts = parts.flatMap((part) => part.split(word));
  return parts;
}

function splitOnParticles(text: string): string[] {
  const chars = [...text];
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    const joinsBefore = COMPOUNDS.has(`${chars[i - 1] ?? ''}${ch}`);
    const joinsAfter = COMPOUNDS.has(`${ch}${chars[i + 1] ?? ''}`);
    if (PARTICLES.has(ch) && !joinsBefore && !joinsAfter) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

function stripAffixes(segment: string): string[] {
  let text = segment;
  const out: string[] = [];
  for (const verb of LEADING_VERBS) {
    if (text.startsWith(verb) && countCjkLength(text.slice(verb.length)) >= 3) {
      text = text.slice(verb.length);
      break;
    }
  }
  // A time phrase before the verb (30天内养成…) becomes its own term.
  for (const verb of LEADING_VERBS) {
    const at = text.indexOf(verb);
    if (at > 0 && TIME_PHRASE.test(text.slice(0, at)) && countCjkLength(text.slice(at + verb.length)) >= 2) {
      out.push(text.slice(0, at));
      text = text.slice(at + verb.length);
      break;
    }
  }
  const suffix = GENERIC_SUFFIXES.find((end) => text.endsWith(end) && countCjkLength(text.slice(0, -end.length)) >= 2);
  if (suffix) text = text.slice(0, -suffix.length);
  // …入门指南 loses both words; …数据分析入门 keeps 分析.
  if (suffix && suffix !== '入门' && text.endsWith('入门') && countCjkLength(text.slice(0, -2)) >= 2) text = text.slice(0, -2);
  out.push(text);
  return out;
}

function score(term: string): number {
  const length = countCjkLength(term);
  let value = Math.min(length, 10);
  if (/\d/.test(term)) value -= 3;
  if (length > 10) value -= 2;
  return value;
}

export function extractTopicTerms(rawTopic: string): TopicTerms {
  const topic = rawTopic.trim().replace(/[\s。！？!?.,，、；;：:]+$/u, '') || '这个话题';
  const terms: string[] = [];
  for (const chunk of topic.split(PUNCTUATION)) {
    for (const piece of splitOnStopWords(chunk)) {
      for (const part of splitOnParticles(piece)) {
        for (const term of stripAffixes(part.trim())) {
          const length = countCjkLength(term);
          if (length >= 2 && length <= 14 && !terms.includes(term)) terms.push(term);
        }
      }
    }
  }
  if (terms.length === 0) terms.push(countCjkLength(topic) <= 14 ? topic : [...topic].slice(0, 12).join(''));
  // The best-scoring term; on a tie the later one, since a Chinese noun phrase ends in its head.
  let main = terms[0]!;
  for (const term of terms) if (score(term) >= score(main)) main = term;
  // 「X如何改变Y」「X对Y的影响」: the topic is about what X does, so X is the subject.
  const actor = ACTOR.exec(topic)?.[1]?.trim();
  if (actor && terms.includes(actor)) main = actor;
  // 「X为什么Y」「X如何Y」: a thing before the question word is the subject; a person asking
  // (职场人如何…, 新手怎样…) is not, and neither is a year.
  const subject = SUBJECT.exec(topic)?.[1]?.trim();
  if (subject && terms.includes(subject) && !/\d/.test(subject) && !PERSON_END.test(subject)) main = subject;
  return { topic, main, terms: [main, ...terms.filter((term) => term !== main)] };
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
