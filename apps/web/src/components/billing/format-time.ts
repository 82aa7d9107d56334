/** Date and time as zh-CN writes them, e.g. 2026/01/05 14:03; an unreadable value is shown as is. */
export function zhDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
}
