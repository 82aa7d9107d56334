import { getJieba } from '../../knowledge/index/index.js';

/**
 * The sentences of a material that may be quoted as facts. A knowledge-base chunk is markdown with
 * its heading path in front (【报告 > 会员】…), and a parsed PDF or Word file keeps its headings,
 * lists and table rows: none of those is a sentence. A real sentence ends with 。！？；(or ! ? ;),
 * counts at least 12 CJK characters, has a predicate (a verb or an adjective, by jieba's POS
 * tags) and is neither a caption nor a link.
 */

export const MIN_SENTENCE_CJK = 12;

/** A markdown or plain-text heading line: 「# 标题」, 「一、概况」, 「1.2 市场」, 「第三章 …」. */
const HEADING_LINE = /^\s{0,3}(?:#{1,6}\s|第[一二三四五六七八九十百\d]+[章节部分篇条]|[一二三四五六七八九十]+[、.．]|\d+(?:\.\d+)+\s)/u;
/** A list item: 「- 」「* 」「• 」「1. 」「1）」「（一）」「①」. */
const LIST_LINE = /^\s*(?:[-*+•·▪■●◆]\s*|\d{1,3}[.)．）、](?!\d)\s*|[（(][一二三四五六七八九十\d]{1,3}[）)]\s*|[①-⑳])/u;
/** A table row or separator (markdown pipes, or tab-separated cells). */
const TABLE_LINE = /^\s*\|.*\||^\s*[|:\-\s]{3,}$|\t.*\t/u;
/** A caption of a figure or table, or an image. */
const CAPTION = /^\s*(?:图|表|附图|附表|figure|fig\.|table|来源|资料来源|注)\s*[\d一二三四五六七八九十]*[-.：:\s]|!\[/iu;
const URL = /https?:\/\/|www\.|\]\(/iu;
/** Where a sentence ends. */
const SENTENCE = /[^。！？；!?;]+[。！？；!?;]+[”’」』）)]*/gu;
const HAN = /\p{Script=Han}/gu;
/** jieba POS tags of a predicate: verbs (not the verbal noun vn) and adjectives, idioms. */
const PREDICATE_TAGS = new Set(['v', 'vd', 'vi', 'vg', 'vq', 'vf', 'vx', 'a', 'ad', 'ag', 'l', 'i', 'z']);

const cjkCount = (text: string) => text.match(HAN)?.length ?? 0;

/** Whether one line of a source is structure (heading, list item, table row, caption) rather than prose. */
export function isStructuralLine(line: string): boolean {
  const text = line.trim();
  if (!text) return false;
  return HEADING_LINE.test(text) || LIST_LINE.test(text) || TABLE_LINE.test(text) || CAPTION.test(text) || /^>\s/.test(text);
}

/** Whether the text has a predicate: a verb or an adjective that says something of its subject. */
export function hasPredicate(text: string): boolean {
  return getJieba()
    .tag(text, true)
    .some((word) => PREDICATE_TAGS.has(word.tag));
}

/**
 * Whether `sentence` (one sentence, cut at 。！？；) may be quoted as a fact: ends with a sentence
 * mark, ≥ 12 CJK characters, a predicate, not a heading, list item, table row, caption, URL or
 * a sentence inside quotation marks of its own.
 */
export function isRealSentence(sentence: string): boolean {
  const text = sentence.trim();
  if (!/[。！？；!?;][”’」』）)]*$/u.test(text)) return false;
  if (cjkCount(text) < MIN_SENTENCE_CJK) return false;
  if (isStructuralLine(text) || URL.test(text) || /[|#*`【】]/u.test(text)) return false;
  // A sentence that opens inside a quotation or a bracket is a piece of a longer one.
  if (/^[”’」』）)，,、：:]/u.test(text)) return false;
  if (/[“「『]/u.test(text) !== /[”」』]/u.test(text)) return false;
  return hasPredicate(text);
}

/**
 * The real sentences of a material's text, in order, each once (a chunk can repeat itself), with
 * the end mark kept. The 【heading path】 label a knowledge chunk starts with is dropped; lines that
 * are structure are dropped whole; the prose lines of one paragraph are joined, since a PDF's
 * lines break inside sentences.
 */
export function materialSentences(content: string): string[] {
  const text = content
    .replace(/^\s*【[^】]*】/u, '')
    .replace(/\r\n?/g, '\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '\n')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__/g, '');
  const paragraphs: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (!line.trim() || isStructuralLine(line)) {
      if (current) paragraphs.push(current);
      current = '';
      continue;
    }
    current += line.trim();
  }
  if (current) paragraphs.push(current);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    for (const match of paragraph.match(SENTENCE) ?? []) {
      const sentence = match.trim();
      const key = sentenceKey(sentence);
      if (seen.has(key) || !isRealSentence(sentence)) continue;
      seen.add(key);
      out.push(sentence);
    }
  }
  return out;
}

/** A sentence's identity across sources and sections: its text without punctuation, marks or spaces. */
export function sentenceKey(sentence: string): string {
  return sentence.replace(/\[\d+\]/g, '').replace(/[\s\p{P}\p{S}]/gu, '');
}

/** A quotation of at least a short sentence: “…” or 「…」. */
const QUOTED = /[“「]([^”」]{6,})[”」]/gu;

/**
 * Drops from a paragraph (split into `sentences`) each cited sentence whose quotation was already
 * made earlier in the article (`quoted` collects them), and a sentence right after it that refers
 * back to it (「这句话…」「这一点…」). Returns the sentences kept.
 */
export function dropRequotes(sentences: readonly string[], quoted: Set<string>): string[] {
  const kept: string[] = [];
  let droppedLast = false;
  for (const sentence of sentences) {
    // The follow-up of a dropped quote points at it (这句话…, 放在X上看，这句话同样适用) and goes with it.
    if (droppedLast && /^\s*这|这句话|这段话/u.test(sentence) && !/\[\d+\]/.test(sentence)) {
      droppedLast = false;
      continue;
    }
    droppedLast = false;
    const keys = /\[\d+\]/.test(sentence) ? [...sentence.matchAll(QUOTED)].map((match) => sentenceKey(match[1]!)) : [];
    if (keys.some((key) => quoted.has(key))) {
      droppedLast = true;
      continue;
    }
    for (const key of keys) quoted.add(key);
    kept.push(sentence);
  }
  return kept;
}
