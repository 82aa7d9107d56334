import { articleSummary, countArticleWords, pictureMarkdown } from '@tianma/shared';
import type { CombinedArticle, Material, Outline } from '../agents/types.js';
import { finalizeCitations, referenceList } from '../citations.js';
import { removeAvoidedWords } from '../style/avoid-words.js';
import { humanizeArticle } from '../style/humanize.js';
import { type MeasuredStyle, measureStyle, roundedStyle, styleDistance } from '../style/style-metrics.js';
import type { PlacedImage } from './images.js';

export interface FinalArticle {
  title: string;
  markdown: string;
  summary: string;
  coverUrl: string | null;
  wordCount: number;
  references: Material[];
  /** Stock phrases (去AI味) per 1,000 characters before and after the final revision. */
  stockPhrases: { before: number; after: number };
  /** The article's measured style (style/style-metrics.ts) and, with a reference, its distance to it. */
  style: { profile: MeasuredStyle; referenceDistance: number | null };
}

/** The line of a section's heading: exact, else one the SEO pass extended (标题｜关键词). */
function headingLine(lines: string[], heading: string): number {
  const texts = lines.map((line) => (/^#{2,3} /.test(line) ? line.replace(/^#+\s*/, '').trim() : null));
  const exact = texts.indexOf(heading);
  return exact >= 0 ? exact : texts.findIndex((text) => text?.startsWith(heading) ?? false);
}

/** Inserts an image line at index `at`, with a blank line on each side. */
function insertAfter(lines: string[], at: number, markdown: string): void {
  lines.splice(at, 0, '', markdown, '');
}

/**
 * Places each section image at the end of its section, found by the section's heading. Without
 * headings (Xiaohongshu writes none), an image goes after the paragraph at the same relative
 * position in the article.
 */
function placeSectionImages(markdown: string, images: PlacedImage[], outline: Outline): string {
  const lines = markdown.split('\n');
  const sectionImages = images.filter((image) => image.sectionIndex >= 0).sort((a, b) => b.sectionIndex - a.sectionIndex);
  for (const image of sectionImages) {
    const heading = outline.sections[image.sectionIndex]?.heading;
    const tag = pictureMarkdown(image);
    const start = heading ? headingLine(lines, heading.trim()) : -1;
    if (start >= 0) {
      let end = lines.findIndex((line, i) => i > start && /^## /.test(line));
      if (end < 0) end = lines.length;
      while (end > start + 1 && lines[end - 1]!.trim() === '') end -= 1;
      insertAfter(lines, end, tag);
      continue;
    }
    const paragraphEnds = lines.map((line, i) => (line.trim() && !lines[i + 1]?.trim() && !/^#/.test(line) ? i + 1 : -1)).filter((i) => i > 0);
    if (paragraphEnds.length === 0) continue;
    const share = (image.sectionIndex + 1) / (outline.sections.length + 1);
    insertAfter(lines, paragraphEnds[Math.min(paragraphEnds.length - 1, Math.floor(share * paragraphEnds.length))]!, tag);
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

/**
 * Stage 10: the article as it will be stored. Its prose gets the final revision of stock phrases
 * (style/humanize.ts) and loses the words the request forbids (style/avoid-words.ts). Section images go at the end of their sections, the
 * cover under the title, the citations are checked once more (finalizeCitations: no dangling
 * [n], no source twice, only cited sources), and the reference list closes the article when
 * sources exist.
 */
export function assembleArticle(
  article: CombinedArticle,
  images: PlacedImage[],
  sources: Material[],
  outline: Outline,
  keywords: readonly string[] = [],
  referenceStyle?: MeasuredStyle,
  avoid: readonly string[] = [],
): FinalArticle {
  const cover = images.find((image) => image.sectionIndex < 0);
  const humanized = humanizeArticle(article.markdown, keywords);
  // The request's own 不要出现… words go last, after every other revision could have added one.
  const revised = { ...humanized, markdown: removeAvoidedWords(humanized.markdown, avoid) };
  let markdown = placeSectionImages(revised.markdown, images, outline);
  if (cover) markdown = markdown.replace(/^(# .+\n)/, (heading) => `${heading}\n${pictureMarkdown(cover)}\n`);
  const cited = finalizeCitations(markdown, sources);
  const references = cited.references;
  markdown = cited.markdown.trimEnd();
  const refs = referenceList(references);
  if (refs) markdown = `${markdown}\n\n${refs}`;

  return {
    title: article.title,
    markdown: `${markdown}\n`,
    summary: articleSummary(revised.markdown),
    coverUrl: cover?.url ?? null,
    // The stored text's count by the one rule (countArticleWords): the editor and my articles count it alike.
    wordCount: countArticleWords(markdown),
    references,
    stockPhrases: { before: revised.before, after: revised.after },
    style: styleOf(markdown, referenceStyle),
  };
}

function styleOf(markdown: string, reference: MeasuredStyle | undefined): FinalArticle['style'] {
  const profile = measureStyle(markdown);
  return {
    profile: roundedStyle(profile),
    referenceDistance: reference ? Math.round(styleDistance(reference, profile) * 1000) / 1000 : null,
  };
}
