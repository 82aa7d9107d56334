import { PLATFORM_TITLE_LIMITS } from '@tianma/shared';
import { charLength } from '../../revisions/offline/sentences.js';
import { openingSections, type SourceArticle, type SourceSection, sectionSentences } from '../source-article.js';
import { fitAtBoundary, pickSentences, Said, usable } from './pick.js';
import type { RepurposeDraft } from './types.js';

/**
 * 知乎回答 without a model: the conclusion first (「先说结论」: the source's concluding section's
 * strongest statements, else the article's), then the reasoning, section by section under the
 * source's headings, compressed to their key sentences, and the source's own closing last. No
 * anecdote, no 谢邀, nothing the source does not say.
 */

/** Headings of sections that list what not to do: their sentences are no conclusion. */
const WARNING_HEADING = /错误|误区|坑|雷区|踩雷|避免|不要|别再|陷阱|风险|注意事项/u;

/** A sentence the article marks as its main point. */
const KEY_POINT = /最重要|最关键|关键是|关键在于|第一位|最要紧|核心是|要点是|说到底/u;

/** The conclusion paragraph's length. */
const CONCLUSION_CHARS = 110;
/** Share of a section's characters its compressed form keeps, and the bounds. */
const SECTION_SHARE = 0.55;
const SECTION_CHARS = { min: 60, max: 320 } as const;

export function toZhihu(source: SourceArticle): RepurposeDraft {
  const title = fitAtBoundary(source.title, PLATFORM_TITLE_LIMITS.zhihu);
  const used = new Said();
  const closingSection = [...source.sections].reverse().find((section) => section.role === 'conclusion');
  const closingParagraph = closingSection ? lastParagraph(closingSection) : null;

  // The conclusion: from the concluding section (its last paragraph is kept for the close), else the lead, else the whole text.
  const conclusionPool = closingSection ? sectionSentences(closingSection).filter((s) => !closingParagraph?.includes(s.order)) : [];
  const leadPool = openingSections(source).flatMap(sectionSentences);
  let conclusion = pickSentences(conclusionPool, { budget: CONCLUSION_CHARS, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 3 });
  if (conclusion.length === 0) conclusion = pickSentences(leadPool, { budget: CONCLUSION_CHARS, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 2 });
  // Else the article's strongest statements, but never from a section of mistakes or pitfalls:
  // 「只跑步，不练力量」 heads a list of errors there and would read as advice here.
  const advice = source.sections.filter((section) => !WARNING_HEADING.test(section.heading ?? '')).flatMap(sectionSentences);
  // What the article itself calls the most important comes first (「一双合脚的跑鞋最重要」).
  if (conclusion.length === 0) conclusion = pickSentences(advice.filter((s) => KEY_POINT.test(s.text)), { budget: CONCLUSION_CHARS, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 2 });
  if (conclusion.length === 0) conclusion = pickSentences(advice, { budget: CONCLUSION_CHARS, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 2 });

  const blocks: string[] = [`# ${title}`];
  if (conclusion.length > 0) blocks.push(`**先说结论：**${conclusion.join('')}`);
  for (const section of source.sections) {
    if (section === closingSection) continue;
    // The lead and the introduction set the scene under the conclusion, short and without their heading.
    const opening = section.role === 'lead' || section.role === 'intro';
    const paragraphs = opening ? compressSection(section, used, 0.3, { min: 0, max: 90 }, true) : compressSection(section, used);
    if (paragraphs.length === 0) continue;
    blocks.push(...(section.heading && !opening ? [`## ${section.heading}`] : []), ...paragraphs);
  }
  // The close: the source's own last paragraph, its filler left out.
  if (closingSection && closingParagraph) {
    const closing = sectionSentences(closingSection).filter((s) => closingParagraph.includes(s.order) && usable(s) && !used.has(s.order) && !used.repeats(s.text));
    for (const s of closing) used.add(s.order, s.text);
    if (closing.length > 0) blocks.push(closing.map((s) => s.text).join(''));
  }
  return { title, markdown: `${blocks.join('\n\n')}\n`, coverUrl: source.coverUrl ?? source.pictures[0]?.url ?? null, extra: {} };
}

/** The orders of a section's last paragraph that says something. */
function lastParagraph(section: SourceSection): number[] | null {
  const paragraph = [...section.paragraphs].reverse().find((p) => p.sentences.some(usable));
  return paragraph ? paragraph.sentences.map((s) => s.order) : null;
}

/** A section's key sentences, grouped back into its paragraphs (a list stays a list). */
export function compressSection(section: SourceSection, used: Said, share = SECTION_SHARE, bounds: { min: number; max: number } = SECTION_CHARS, statements = false): string[] {
  const sentences = sectionSentences(section);
  const length = sentences.reduce((sum, s) => sum + s.length, 0);
  const budget = Math.max(bounds.min, Math.min(bounds.max, Math.round(length * share)));
  const picked = new Set(pickSentences(sentences, { budget, used, statements }));
  const paragraphs: string[] = [];
  const list: string[] = [];
  for (const paragraph of section.paragraphs) {
    const kept = paragraph.sentences.filter((s) => picked.has(s.text)).map((s) => s.text);
    if (kept.length === 0) continue;
    if (paragraph.listItem) {
      list.push(`- ${kept.join('')}`);
      continue;
    }
    if (list.length > 0) paragraphs.push(list.splice(0).join('\n'));
    paragraphs.push(kept.join(''));
  }
  if (list.length > 0) paragraphs.push(list.join('\n'));
  return paragraphs.filter((p) => charLength(p) > 0);
}
