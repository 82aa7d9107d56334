import type { WechatThemeId } from '@tianma/shared';
import { ApiError, apiRequest, isAbort, NETWORK_ERROR_MESSAGE, type ResponseSchema } from '../../lib/api';
import { fileNameFromDisposition, saveBlob } from './download';

/** GET /api/v1/article/{articleId}/export?format=… (the owner's saved article). */
export type ExportFormat = 'md' | 'docx' | 'wechat-html' | 'xhs-cards';
export type DownloadFormat = Exclude<ExportFormat, 'wechat-html'>;

export function exportPath(articleId: string, format: ExportFormat): string {
  return `/api/v1/article/${encodeURIComponent(articleId)}/export?format=${format}`;
}

export interface WechatHtml {
  title: string;
  html: string;
}

const wechatHtmlSchema: ResponseSchema<WechatHtml> = {
  safeParse(value) {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof record.html !== 'string' || !record.html) return { success: false };
    return { success: true, data: { html: record.html, title: typeof record.title === 'string' ? record.title : '' } };
  },
};

/** The article as WeChat rich text, in a layout theme (GET /api/v1/themes; the server's default when none). */
export function fetchWechatHtml(articleId: string, theme?: WechatThemeId): Promise<WechatHtml> {
  const path = exportPath(articleId, 'wechat-html');
  return apiRequest(theme ? `${path}&theme=${theme}` : path, { schema: wechatHtmlSchema });
}

const FALLBACK_NAMES: Record<DownloadFormat, string> = {
  md: '天马文章.md',
  docx: '天马文章.docx',
  'xhs-cards': '天马文章-小红书图片.zip',
};

/** Fetches the file and hands it to the browser; failures are ApiErrors with the server's message. */
export async function downloadExport(articleId: string, format: DownloadFormat): Promise<string> {
  let response: Response;
  try {
    response = await fetch(exportPath(articleId, format), { credentials: 'include' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, (await errorMessage(response)) ?? statusLine(response));
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? FALLBACK_NAMES[format];
  saveBlob(blob, fileName);
  return fileName;
}

function statusLine(response: Response): string {
  return response.statusText ? `HTTP ${response.status}: ${response.statusText}` : `HTTP ${response.status}`;
}

/** Error answers are JSON with `message`/`msg`/`error` (API.md). */
async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const payload = (await response.json()) as Record<string, unknown>;
    for (const key of ['message', 'msg', 'error']) {
      const value = payload?.[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  } catch {
    // not JSON
  }
  return undefined;
}
