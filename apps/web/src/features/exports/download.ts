/** Saving a fetched file in the browser: the name from Content-Disposition, a temporary <a download>. */

/**
 * The file name of a `Content-Disposition` header: the UTF-8 `filename*` (RFC 5987) first, then
 * a plain `filename`; null when there is none. Path separators never survive.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = null;
    }
  }
  if (!name) name = /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1] ?? null;
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe || null;
}

/** How long the object URL lives after the click: long enough for every browser to start saving. */
export const REVOKE_AFTER_MS = 10_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
