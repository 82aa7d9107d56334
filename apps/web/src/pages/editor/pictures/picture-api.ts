import { ApiError, apiRequest, apiUpload, CLIENT_ERROR_CODES, NETWORK_ERROR_MESSAGE, type ResponseSchema } from '../../../lib/api';

/** Where a candidate comes from (decision 064). */
export type PictureSource = 'library' | 'knowledge' | 'pixabay' | 'pexels' | 'card' | 'model';

/** One answer of POST /api/v1/images/search, best first; a stock hit has an importToken and no imageId. */
export interface PictureCandidate {
  imageId?: string;
  url: string;
  source: PictureSource;
  caption: string;
  score: number;
  attribution?: string;
  licence?: string;
  importToken?: string;
}

/** A picture in the user's library, ready to be linked from the article. */
export interface LibraryPicture {
  imageId: string;
  url: string;
  caption: string;
  attribution?: string;
  licence?: string;
}

export const SOURCE_LABELS: Record<PictureSource, string> = {
  library: '我的图库',
  knowledge: '资料库',
  card: '文章配图',
  pixabay: 'Pixabay',
  pexels: 'Pexels',
  model: 'AI 生成',
};

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PICTURE_TYPE_TEXT = '请上传 JPG、PNG 或 WebP 格式的图片';
export const PICTURE_SIZE_TEXT = '图片大小不能超过 5MB';

/** Why a chosen file cannot be uploaded (checked before sending), or null. */
export function pictureFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TYPE_TEXT;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_SIZE_TEXT;
  if (file.size === 0) return '图片文件是空的，请换一张';
  return null;
}

/** What the sheet says for a failed call: by status and code; the server's own words otherwise. */
export function pictureErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return '操作失败，请稍后重试';
  if (error.status === 0 || error.code === CLIENT_ERROR_CODES.network) return NETWORK_ERROR_MESSAGE;
  if (error.status === 401) return '登录已过期，请重新登录';
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') return PICTURE_SIZE_TEXT;
  if (error.status === 415 || error.code === 'UNSUPPORTED_MEDIA_TYPE') return PICTURE_TYPE_TEXT;
  if (error.status === 429 || error.code === 'RATE_LIMITED') return '操作太频繁，请稍后再试';
  if (error.code === CLIENT_ERROR_CODES.badResponse) return error.message;
  return error.message || '操作失败，请稍后重试';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPicture = (value: unknown): value is { url: string; caption: string } =>
  isRecord(value) && typeof value.url === 'string' && value.url !== '' && typeof value.caption === 'string';

/** The answers' shape, checked by hand: zod stays out of the editor's chunks. */
function dataSchema<T>(check: (data: unknown) => data is T): ResponseSchema<T> {
  return {
    safeParse(value) {
      const data = isRecord(value) ? value.data : undefined;
      return check(data) ? { success: true, data } : { success: false };
    },
  };
}

const candidatesSchema = dataSchema((data): data is PictureCandidate[] =>
  Array.isArray(data) && data.every((item) => isPicture(item) && typeof (item as { source?: unknown }).source === 'string'),
);
const librarySchema = dataSchema((data): data is LibraryPicture => isPicture(data) && typeof (data as { imageId?: unknown }).imageId === 'string');

export function searchPictures(text: string, articleId: string, signal?: AbortSignal): Promise<PictureCandidate[]> {
  return apiRequest('/api/v1/images/search', { method: 'POST', body: { text, articleId }, schema: candidatesSchema, signal });
}

export function uploadPicture(file: File, caption: string): Promise<LibraryPicture> {
  const form = new FormData();
  // NOTE: the caption goes first: the server reads the parts in order and the file may be cut at the size limit.
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file, file.name);
  return apiUpload('/api/v1/images', form, { schema: librarySchema });
}

const drawnSchema = dataSchema(
  (data): data is PictureCandidate => isPicture(data) && ((data as { source?: unknown }).source === 'card' || (data as { source?: unknown }).source === 'model'),
);

/** Draws a new picture for the paragraph: the image model when configured, else a card with its title. */
export async function drawPicture(text: string, articleId: string): Promise<PictureCandidate> {
  const drawn = await apiRequest('/api/v1/images/generate', { method: 'POST', body: { text, articleId }, schema: drawnSchema });
  return { url: drawn.url, caption: drawn.caption, source: drawn.source, score: 0 };
}

/** Copies a picked stock picture into the library (with its licence and credit). */
export function importPicture(token: string): Promise<LibraryPicture> {
  return apiRequest('/api/v1/images/import', { method: 'POST', body: { token }, schema: librarySchema });
}
