import { ApiError } from '../../lib/api';
import { KnowledgeResponseError } from './knowledge-api';

/** The knowledge base's user messages (content-creation §8). */
export const KB_TEXT = {
  network: '无法连接到服务器，请检查网络连接或联系管理员',
  expired: '知识库会话已过期，文件列表已清空，如需使用请重新上传',
  deleted: '临时知识库已被删除，请重新上传文件',
  noFiles: '没有可构建的文件',
  uploaded: '文件上传成功',
  removed: '文件已删除',
  built: '知识库构建完成',
  alreadyBuilt: '知识库已是最新，文件未变化，无需重新构建',
  buildFailed: '知识库构建失败',
  streamLost: '构建进度连接中断，请稍后重新构建',
  lastBuildFailed: '上次构建失败，请重新构建',
  unbuiltHint: '请先构建知识库，未构建的文件不会被使用',
} as const;

export type KnowledgeAction = '上传文件' | '删除文件' | '构建知识库' | '检查知识库';

export function isExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * No answer → the network message; an HTTP error → `{action}失败：{server message or status text}`;
 * an unusable answer → its own message.
 */
export function failureMessage(action: KnowledgeAction, error: unknown): string {
  if (error instanceof KnowledgeResponseError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 0) return KB_TEXT.network;
    // apiRequest words a bare HTTP error `HTTP 500: Internal Server Error`: keep the status text.
    const detail = error.message.replace(/^HTTP \d+:\s*/, '').trim() || `HTTP ${error.status}`;
    return `${action}失败：${detail}`;
  }
  const detail = error instanceof Error ? error.message : '';
  return detail ? `${action}失败：${detail}` : `${action}失败`;
}
