/**
 * A writing request read into parts (issue 16, point 1). Shared by the offline writer and the
 * model prompts: every title, heading and sentence is built from these parts, never from the raw
 * request.
 */
export type TopicForm =
  /** 为什么…, 是否…, 值不值得…, …吗, 是什么 */
  | 'question'
  /** A还是B, A vs B, A和B哪个… */
  | 'comparison'
  /** 5个…, 十种…, 3条… */
  | 'list'
  /** 如何…, 怎么…, …攻略/指南/计划 */
  | 'how-to'
  /** 发布会, 回顾, 召开… */
  | 'event'
  /** 如何看待…, 谈谈…, …的利与弊 */
  | 'opinion'
  /** a noun phrase and nothing else */
  | 'subject';

/** What the reader wants from the article. */
export type TopicIntent =
  | 'reason'
  | 'method'
  | 'verdict'
  | 'choice'
  | 'list'
  | 'explanation'
  | 'account'
  | 'view'
  /** A piece of writing in a genre (散文, 主持稿, 开头…) about the subject. */
  | 'piece'
  | 'overview';

export interface WordLimit {
  min: number;
  max: number;
  target: number;
  /** The words that asked for it: 300字以内, 五分钟… */
  text: string;
}

export type ConstraintKind = 'avoid' | 'include' | 'quote' | 'imitate' | 'audience' | 'tone' | 'person' | 'structure' | 'format';

export interface TopicConstraint {
  kind: ConstraintKind;
  /** The clause as the user wrote it. */
  text: string;
  /** What it is about: the words to avoid, the author to imitate, the audience… */
  value: string;
}

export interface TopicToken {
  word: string;
  tag: string;
}

export interface ParsedTopic {
  /** The request as typed, trimmed. */
  raw: string;
  form: TopicForm;
  intent: TopicIntent;
  /** A noun phrase naming what the article is about; never an instruction word. */
  subject: string;
  /** The question as a reader would ask it, without its question mark (question, how-to, comparison forms). */
  question?: string;
  /** A how-to's verb phrase as asked (给三岁孩子挑选绘本), or a question's predicate (越开越多). */
  action?: string;
  /** Who asks or acts, when named before the question word (职场新人如何…). */
  actor?: string;
  /** A comparison's options, in order. */
  options?: string[];
  /** A list's count and item (5, 个, 提高睡眠质量的小习惯). */
  count?: { n: number; numeral: string; unit: string; item: string };
  /** Whole words and noun phrases of the subject, most telling first; at least one. */
  keyTerms: string[];
  /** True when the request is an instruction to a writer rather than a bare topic. */
  isInstruction: boolean;
  /** 你是…/作为…: the voice to write in; never the subject. */
  role?: string;
  /** 《…》, 以“…”为题, 题目：…: the title to use. */
  title?: string;
  wordLimit?: WordLimit;
  /** 散文, 主持稿, 开头…: the kind of text asked for. */
  genre?: string;
  constraints: TopicConstraint[];
  /** 基于以下内容：…: the user's own material. */
  material?: string;
}
