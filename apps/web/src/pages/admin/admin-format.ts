import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';

/** What the console shows for a failed call: the server's Chinese message, else a general one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : REQUEST_FAILED_MESSAGE;
}

/** 分 → 元 with two decimals: 1990 → "19.90". */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** An integer with thousands separators, as zh-CN writes it. */
export const count = (n: number) => n.toLocaleString('zh-CN');

/** A moment in Beijing time, e.g. 2026/01/05 14:03; an unreadable value is shown as is. */
export function beijingTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
}

/** A version 4 UUID, also where crypto.randomUUID is missing (a page not served over HTTPS). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
