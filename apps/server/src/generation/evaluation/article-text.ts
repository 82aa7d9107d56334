import { stripMarkdown } from '@tianma/shared';

/**
 * An article's markdown as the measures read it: the title (first level-1 heading), the headings,
 * and the body as plain text without images, citation markers and the closing reference list.
 */

export interface ArticleText {
  title: string;
  headings: string[];
  /** Plain prose: markdown stripped, [n] markers removed, the reference list cut off. */
  body: string;
  /** The reference list's lines (without their numbers), empty when there is none. */
  references: string[];
}

const REFERENCE_HEADING = /^#{2,3}\s*(参考资料|参考文献|资料来源)\s*$/m;

export function readArticle(markdown: string): ArticleText {
  const cut = REFERENCE_HEADING.exec(markdown);
  const main = cut ? markdown.slice(0, cut.index) : markdown;
  const referencePart = cut ? markdown.slice(cut.index + cut[0].length) : '';
  const title = /^#[ \t]+(.+?)[ \t]*$/m.exec(main)?.[1]?.trim() ?? '';
  const headings = [...main.matchAll(/^#{2,6}[ \t]+(.+?)[ \t]*$/gm)].map((match) => stripMarkdown(match[1]!));
  const withoutTitle = main.replace(/^#[ \t]+.+$/m, '').replace(/!\[[^\]]*\]\([^)]*\)/g, '');
  const body = stripMarkdown(withoutTitle).replace(/\[\d{1,3}\]/g, '');
  const references = referencePart
    .split('\n')
    .map((line) => /^\s*\d+[.、]\s*(.+)$/.exec(line)?.[1]?.trim())
    .filter((line): line is string => Boolean(line));
  return { title: stripMarkdown(title), headings, body, references };
}

/**
 * The sentences WRITING.md §7 counts: the text split after 。！？ (and at line ends, so a heading
 * or list item is not glued to the next sentence), trimmed, those with at least `minCjk` CJK
 * characters kept.
 */
export function sentencesOf(text: string, minCjk = 10): string[] {
  return text
    .split(/(?<=[。！？])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => (sentence.match(/\p{Script=Han}/gu) ?? []).length >= minCjk);
}

/** A sentence reduced for comparison: whitespace, quotes and trailing punctuation do not make two sentences differ. */
export function normaliseSentence(sentence: string): string {
  return sentence.replace(/[\s“”"'‘’「」『』]/gu, '').replace(/[。！？!?，,；;：:]+$/u, '');
}

