import { KB_BUILD_TIMEOUT_MS, type KbBuildStatus } from '@tianma/shared';
import { ApiError, apiRequest, apiUpload, isAbort } from '../../lib/api';
import { openSseStream } from '../generation/sse-stream';
import type { StreamConnection } from '../generation/tracking-types';

/** The temporary knowledge-base calls (API.md, content-creation §7). Failures are ApiError; 404 means the session expired. */

const BASE = '/api/v1/temp_knowledge';
export const KNOWLEDGE_TIMEOUT_MS = 30_000;
export const BUILD_TIMEOUT_MS = KB_BUILD_TIMEOUT_MS;
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';
export const UPLOAD_ABNORMAL_MESSAGE = '文件上传失败：服务器响应异常';

/** One file as the server lists it. */
export interface KnowledgeFileDto {
  file_name: string;
  file_type?: string;
  file_id: string;
  chars?: number;
  size?: number;
}

/** A file the section holds (spec §3: name, type, documentId, file_id). documentId is the server's file_id. */
export interface KnowledgeFile {
  name: string;
  type: string;
  documentId: string;
  fileId: string;
  chars: number | null;
  size: number | null;
}

export type ServerBuildStatus = KbBuildStatus;

/** GET status: where the build stands, with the server's last word on it (a failure's cause). */
export interface SessionStatus {
  status: ServerBuildStatus;
  message: string | null;
}

export interface UploadResult {
  sessionId: string;
  /** The new files only. */
  files: KnowledgeFile[];
}

export interface BuildStartResult {
  /** built: already built with the same files, nothing to do. */
  status: 'building' | 'built';
  message: string | null;
}

export interface KnowledgeApi {
  upload(sessionId: string | null, deepspaceId: string | null, files: readonly File[]): Promise<UploadResult>;
  listFiles(sessionId: string): Promise<KnowledgeFile[]>;
  deleteFile(sessionId: string, fileId: string): Promise<void>;
  build(sessionId: string): Promise<BuildStartResult>;
  status(sessionId: string): Promise<SessionStatus>;
  openBuildStream(sessionId: string): StreamConnection;
}

/** An answer that arrived but cannot be used; its message is ready to show as it is. */
export class KnowledgeResponseError extends Error {
  override readonly name = 'KnowledgeResponseError';
}

const segment = (value: string) => encodeURIComponent(value);

function requireSessionId(sessionId: string): string {
  if (!sessionId?.trim()) throw new Error('会话ID不能为空');
  return sessionId;
}

/** The build-progress stream's address; an empty session id is a caller's bug. */
export function buildStreamUrl(sessionId: string): string {
  return `${BASE}/build/stream/${segment(requireSessionId(sessionId))}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Extension without the dot, upper case; the server's file_type may be `pdf`, `.pdf` or a MIME type. */
function typeLabel(fileType: unknown, name: string): string {
  const given = text(fileType);
  if (given && !given.includes('/')) return given.replace(/^\./, '').toUpperCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toUpperCase() : '文件';
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

export function toKnowledgeFile(dto: unknown): KnowledgeFile | null {
  if (!isRecord(dto)) return null;
  const id = typeof dto.file_id === 'number' ? String(dto.file_id) : text(dto.file_id);
  const name = text(dto.file_name);
  if (!id || !name) return null;
  return { name, type: typeLabel(dto.file_type, name), documentId: id, fileId: id, chars: count(dto.chars), size: count(dto.size) };
}

function fileList(payload: unknown): KnowledgeFile[] | null {
  if (!isRecord(payload) || !Array.isArray(payload.file_list)) return null;
  return payload.file_list.map(toKnowledgeFile).filter((file): file is KnowledgeFile => file !== null);
}

/** apiRequest with a deadline: a late answer becomes ApiError 408 (the server never sends one here). */
async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (timedOut && (isAbort(error) || controller.signal.aborted)) throw new ApiError(408, TIMEOUT_MESSAGE);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export const knowledgeApi: KnowledgeApi = {
  async upload(sessionId, deepspaceId, files) {
    const form = new FormData();
    form.append('session_id', sessionId ?? '');
    if (deepspaceId !== null && deepspaceId !== '') form.append('deepspace_id', deepspaceId);
    for (const file of files) form.append('files', file, file.name);
    const payload = await withTimeout(KNOWLEDGE_TIMEOUT_MS, (signal) => apiUpload<unknown>(`${BASE}/upload`, form, { signal }));
    const list = fileList(payload);
    const newSession = isRecord(payload) ? text(payload.session_id) : null;
    if (!list || !newSession) throw new KnowledgeResponseError((isRecord(payload) && text(payload.message)) || UPLOAD_ABNORMAL_MESSAGE);
    return { sessionId: newSession, files: list };
  },

  async listFiles(sessionId) {
    const payload = await withTimeout(KNOWLEDGE_TIMEOUT_MS, (signal) =>
      apiRequest<unknown>(`${BASE}/files/${segment(requireSessionId(sessionId))}`, { signal }),
    );
    return fileList(payload) ?? [];
  },

  async deleteFile(sessionId, fileId) {
    await withTimeout(KNOWLEDGE_TIMEOUT_MS, (signal) =>
      apiRequest<unknown>(`${BASE}/files/${segment(requireSessionId(sessionId))}/${segment(fileId)}`, { method: 'DELETE', signal }),
    );
  },

  async build(sessionId) {
    const payload = await withTimeout(BUILD_TIMEOUT_MS, (signal) =>
      apiRequest<unknown>(`${BASE}/build/${segment(requireSessionId(sessionId))}`, { method: 'POST', signal }),
    );
    const status = isRecord(payload) && payload.status === 'built' ? 'built' : 'building';
    return { status, message: isRecord(payload) ? text(payload.message) : null };
  },

  async status(sessionId) {
    const payload = await withTimeout(KNOWLEDGE_TIMEOUT_MS, (signal) =>
      apiRequest<unknown>(`${BASE}/status/${segment(requireSessionId(sessionId))}`, { signal }),
    );
    const status = isRecord(payload) ? payload.status : undefined;
    return {
      status: status === 'building' || status === 'completed' || status === 'error' ? status : 'none',
      message: isRecord(payload) ? text(payload.message) : null,
    };
  },

  openBuildStream(sessionId) {
    return openSseStream(buildStreamUrl(sessionId));
  },
};
