import { countArticleWords } from '@tianma/shared';

/**
 * The 字数 every page shows (issue 17): one rule, countArticleWords of packages/shared, which is
 * also what the server stores, so the preview, the editor and my articles agree on the same text.
 */
export function articleWordCount(markdown: string): number {
  return countArticleWords(markdown);
}

/** A word count as every page writes it: zh-CN digits with thousands separators (2,241). */
export function formatWordCount(count: number): string {
  return count.toLocaleString('zh-CN');
}
