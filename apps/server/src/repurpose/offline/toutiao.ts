import { REPURPOSE_LIMITS } from '@tianma/shared';
import { CLICKBAIT } from '../../revisions/offline/titles.js';
import { charLength } from '../../revisions/offline/sentences.js';
import { allSentences, type SourceArticle, sectionSentences } from '../source-article.js';
import { fitAtBoundary, pickSentences, Said } from './pick.js';
import type { RepurposeDraft } from './types.js';

/**
 * 今日头条文章 without a model: a headline of at most 30 characters with no clickbait (no 震惊,
 * no ！！), a lead of two sentences, the sections under ## subheadings in short paragraphs (two
 * sentences at most), the source's pictures kept in their sections, and 1–3 covers chosen from
 * those pictures (头条 shows one or three).
 */

const PARAGRAPH_SENTENCES = 2;
const SECTION_SHARE = 0.55;
const SECTION_CHARS = { min: 60, max: 360 } as const;

/** The headline: the source's title without clickbait words or stacked marks, within 30 characters. */
export function toutiaoHeadline(title: string): string {
  const calm = title
    .replace(new RegExp(CLICKBAIT.source, 'giu'), '')
    .replace(/[！!]+/gu, '，')
    .replace(/[？?]{2,}/gu, '？')
    .replace(/^[，,\s]+|[，,\s]+$/gu, '')
    .replace(/[，,]{2,}/gu, '，');
  return fitAtBoundary(calm || title, REPURPOSE_LIMITS.toutiaoTitle);
}

export function toToutiao(source: SourceArticle): RepurposeDraft {
  const title = toutiaoHeadline(source.title);
  const used = new Said();
  const opening = source.sections.filter((s) => s.role === 'lead' || s.role === 'intro');
  const leadPool = opening.length > 0 ? opening.flatMap(sectionSentences) : allSentences(source);
  let lead = pickSentences(leadPool, { budget: 120, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 2 });
  if (lead.length < 2) lead = [...lead, ...pickSentences(allSentences(source), { budget: 70, used, statements: true, standalone: true, prose: true, maxLength: 70, max: 2 - lead.length })];

  const covers = [...new Set([...(source.coverUrl ? [source.coverUrl] : []), ...source.pictures.map((p) => p.url)])].slice(0, REPURPOSE_LIMITS.toutiaoCovers.max);
  const blocks: string[] = [`# ${title}`, lead.join('')];
  for (const section of source.sections) {
    const pictures = section.pictures.map((p) => p.markdown);
    // The lead and the introduction gave the lead; their pictures (the cover) stay under it.
    if (opening.includes(section)) {
      blocks.push(...pictures);
      continue;
    }
    const sentences = sectionSentences(section);
    const length = sentences.reduce((sum, s) => sum + s.length, 0);
    const budget = Math.max(SECTION_CHARS.min, Math.min(SECTION_CHARS.max, Math.round(length * SECTION_SHARE)));
    const picked = pickSentences(sentences, { budget, used, maxLength: 80 });
    if (picked.length === 0 && pictures.length === 0) continue;
    if (section.heading) blocks.push(`## ${section.heading}`);
    for (let i = 0; i < picked.length; i += PARAGRAPH_SENTENCES) blocks.push(picked.slice(i, i + PARAGRAPH_SENTENCES).join(''));
    blocks.push(...pictures);
  }
  const markdown = `${blocks.filter((b) => charLength(b) > 0).join('\n\n')}\n`;
  return { title, markdown, coverUrl: covers[0] ?? null, extra: { covers } };
}
