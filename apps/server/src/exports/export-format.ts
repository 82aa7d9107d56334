import { z } from 'zod';

/** What an article can be exported as (issue 8): the query of GET /api/v1/article/{id}/export. */
export const EXPORT_FORMATS = ['md', 'docx', 'wechat-html', 'xhs-cards'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const UNKNOWN_FORMAT = `不支持的导出格式，可选：${EXPORT_FORMATS.join('、')}`;

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: UNKNOWN_FORMAT }),
});

export const FALLBACK_FILE_NAME = '天马文章';
const MAX_NAME_CHARS = 60;

/**
 * A file name from the title: no path separators, characters Windows refuses, control
 * characters or leading dots; at most 60 characters; '天马文章' when nothing is left.
 */
export function safeFileName(title: string | null | undefined): string {
  const cleaned = (title ?? '')
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = Array.from(cleaned).slice(0, MAX_NAME_CHARS).join('').trim();
  return cut || FALLBACK_FILE_NAME;
}

/**
 * `attachment` with the UTF-8 name (RFC 6266/5987) and an ASCII stand-in for old clients.
 * encodeURIComponent leaves ' ( ) * alone, which RFC 5987 does not allow unencoded.
 */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
