import { ARTICLE_MAX_CHARS, articleHeading, UNTITLED } from '@tianma/shared';

/** The toolbar's title: the first level-1 heading, else 无标题. */
export function editorTitle(markdown: string): string {
  return articleHeading(markdown) ?? UNTITLED;
}

/** Why the content cannot be saved, or null when it can (the server checks the same). */
export function contentProblem(content: string): string | null {
  if (!content.trim()) return '内容不能为空';
  if (content.length > ARTICLE_MAX_CHARS) return `内容不能超过${ARTICLE_MAX_CHARS}个字符`;
  return null;
}
