/** A card's date as zh-CN writes it, e.g. 2025/06/18; an unreadable value is shown as is. */
export function zhDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' });
}
