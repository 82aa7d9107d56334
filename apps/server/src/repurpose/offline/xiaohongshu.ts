import { REPURPOSE_LIMITS } from '@tianma/shared';
import { charLength } from '../../revisions/offline/sentences.js';
import { parseTopic } from '../../topic/index.js';
import { tagTopic, termLength } from '../../topic/segment.js';
import { allSentences, openingSections, type SourceArticle, sectionSentences } from '../source-article.js';
import { fitAtBoundary, pickSentences, Said, seedOf, usable } from './pick.js';
import type { RepurposeDraft } from './types.js';

/**
 * 小红书笔记 without a model: a title of at most 20 characters (the source's, cut at a natural
 * boundary, after one emoji), an opening of one or two short lines, each section's key sentences
 * as short emoji-led paragraphs under its heading, and 5–8 #话题 from the source's own terms. The
 * 3:4 picture cards are the export's (exports/xhs-cards.ts), made from this note.
 */

const TITLE_EMOJI = ['📌', '✨', '💡', '📝', '🌿', '🔖'];
const SECTION_EMOJI = ['✅', '📍', '💡', '🌟', '👉', '🔸', '🍀', '📝'];
/** A paragraph of a note: one breath. */
const PARAGRAPH_MAX = 60;
/** The whole note's characters, hashtags included. */
const TARGET = { min: 300, max: 800, aim: 560 } as const;

export function toXiaohongshu(source: SourceArticle, context: { topic?: string; keywords?: readonly string[] }): RepurposeDraft {
  const seed = seedOf(source.title);
  const emoji = (list: readonly string[], i: number) => list[(seed + i) % list.length]!;
  const title = `${emoji(TITLE_EMOJI, 0)}${fitAtBoundary(source.title, REPURPOSE_LIMITS.xiaohongshuTitle - 1)}`;
  const used = new Said();

  const opening = openingSections(source)[0] ?? source.sections.find((section) => section.paragraphs.length > 0)!;
  const openingSentences = sectionSentences(opening);
  const hook = openingSentences.find((s) => s.question && usable(s) && s.length <= 30 && !used.has(s.order));
  if (hook) used.add(hook.order, hook.text);
  const claim = pickSentences(openingSentences, { budget: PARAGRAPH_MAX, used, statements: true, standalone: true, maxLength: PARAGRAPH_MAX, max: 1 });
  const openingLines = [...(hook ? [hook.text] : []), ...claim];

  const tags = hashtags(source, context);
  const body = source.sections.filter((section) => section !== opening && section.paragraphs.length > 0);
  const fixed = charLength(title) + openingLines.reduce((sum, line) => sum + charLength(line), 0) + tags.join(' ').length;
  const perSection = Math.max(30, Math.min(2 * PARAGRAPH_MAX, Math.floor((TARGET.aim - fixed) / Math.max(1, body.length))));

  const blocks: string[] = [];
  body.forEach((section, i) => {
    const picked = pickSentences(sectionSentences(section), { budget: perSection, used, statements: true, standalone: true, maxLength: PARAGRAPH_MAX, max: 3 });
    if (picked.length === 0) return;
    const paragraphs = intoParagraphs(picked, PARAGRAPH_MAX);
    const lead = section.heading ? `${emoji(SECTION_EMOJI, i)} **${section.heading}**` : null;
    blocks.push([lead ?? `${emoji(SECTION_EMOJI, i)} ${paragraphs.shift()}`, ...paragraphs].filter(Boolean).join('\n'));
  });
  // A short source: what is left of its sentences, so the note's text (title and #话题 aside)
  // reaches its least length.
  const openingChars = openingLines.reduce((sum, line) => sum + charLength(line), 0);
  const textLength = openingChars + blocks.reduce((sum, block) => sum + charLength(block), 0);
  if (textLength < TARGET.min) {
    const more = pickSentences(allSentences(source), { budget: TARGET.min - textLength + 20, used, statements: true, maxLength: PARAGRAPH_MAX });
    if (more.length > 0) blocks.push(intoParagraphs(more, PARAGRAPH_MAX).map((p, i) => `${emoji(SECTION_EMOJI, body.length + i)} ${p}`).join('\n'));
  }
  const markdown = [`# ${title}`, openingLines.join('\n'), ...blocks, tags.join(' ')].filter((part) => part.trim()).join('\n\n');
  return { title, markdown: `${markdown}\n`, coverUrl: source.coverUrl ?? source.pictures[0]?.url ?? null, extra: { hashtags: tags } };
}

/** Sentences gathered into paragraphs of at most `max` characters each. */
function intoParagraphs(sentences: readonly string[], max: number): string[] {
  const paragraphs: string[] = [];
  for (const sentence of sentences) {
    const last = paragraphs.at(-1);
    if (last !== undefined && charLength(last + sentence) <= max) paragraphs[paragraphs.length - 1] = last + sentence;
    else paragraphs.push(sentence);
  }
  return paragraphs;
}

/** 几点, 三个, 2026: a count says nothing as a tag. */
const COUNT_WORD = /^[几一二两三四五六七八九十百千万\d]+[点个种条步招件本类天年月次位]?$/u;

/** Words frequent in any article, which tell no one what this note is about. */
const GENERIC_WORDS = new Set(
  '朋友 原因 问题 方法 情况 东西 时候 事情 注重 讨论 变化 部分 方面 角度 判断 经验 影响 人们 大家 我们 自己 内容 思路 看法 现象 结论 答案 文章 总结 小结 结语 前言 引言 建议 关键 重点 作用 意义 价值 办法 选择 开始 需要 可以 时间 地方 过程 结果 方式 一点 之前 之后 读者 注意'.split(' '),
);

/** A tag: no spaces or marks, 2–10 characters, not a bare number. */
function asTag(text: string): string | null {
  const tag = text.replace(/[\s#\p{P}\p{S}]+/gu, '');
  const chars = [...tag].length;
  const han = (tag.match(/\p{Script=Han}/gu) ?? []).length;
  if (chars < 2 || chars > 16 || han > 10 || COUNT_WORD.test(tag)) return null;
  // A topic names a subject (防晒, 奶茶店, iPhone 17): no word any article could carry, no adverb, pronoun or particle.
  if (GENERIC_WORDS.has(tag)) return null;
  const tags = tagTopic(tag);
  if (tags.length === 1 && /^(?:d|p|c|u|r|m|q|f|t)$/u.test(tags[0]!.tag)) return null;
  return tag;
}

/** 5–8 #话题: the request's key terms and SEO keywords, then the text's own key terms, heaviest first. */
export function hashtags(source: SourceArticle, context: { topic?: string; keywords?: readonly string[] }): string[] {
  const { min, max } = REPURPOSE_LIMITS.xiaohongshuTags;
  const tags: string[] = [];
  const add = (raw: string) => {
    const tag = asTag(raw);
    if (tag && !tags.some((t) => t === tag || t.includes(tag) || tag.includes(t)) && tags.length < max) tags.push(tag);
  };
  const parsed = context.topic?.trim() ? parseTopic(context.topic) : null;
  for (const term of parsed?.keyTerms.slice(0, 3) ?? []) add(term);
  for (const keyword of context.keywords ?? []) add(keyword);
  // The title's own terms, when short enough to be a topic (城市通勤骑行一年 is a phrase, not a tag).
  for (const term of parseTopic(source.title).keyTerms.slice(0, 2)) if (termLength(term) <= 6) add(term);
  for (const term of source.terms) {
    if (tags.length >= Math.max(min, 6)) break;
    // The index lower-cases Latin words and splits names (macbook, air, m5): the title's terms carry them whole.
    if (!/^[a-z0-9]+$/u.test(term)) add(term);
  }
  // A very short text has few terms: its headings' terms complete the set.
  for (const section of source.sections) if (tags.length < min && section.heading) for (const term of parseTopic(section.heading).keyTerms) add(term);
  return tags.map((tag) => `#${tag}`);
}
