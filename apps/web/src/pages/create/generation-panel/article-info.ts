/** Plain helpers of the article preview; its word count is lib/word-count.ts (one rule everywhere). */

/** zh-CN long date with hour and minute, e.g. 2024年5月1日 16:30; null for a missing or bad time. */
export function formatGeneratedAt(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}
