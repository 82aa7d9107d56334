import { countCjkLength, stripMarkdown } from '@tianma/shared';
import type { ArticleMeta } from '../../../features/generation/tracking-types';

/** Plain helpers of the article preview. */

/** The server's count when it sent one, else the article counted the way the server counts. */
export function articleWordCount(markdown: string, meta: ArticleMeta | null): number {
  return meta?.wordCount ?? countCjkLength(stripMarkdown(markdown));
}

/** zh-CN long date with hour and minute, e.g. 2024年5月1日 16:30; null for a missing or bad time. */
export function formatGeneratedAt(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}
