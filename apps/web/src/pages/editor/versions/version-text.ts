import { REVISION_LABELS } from '@tianma/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import type { ArticleVersion } from './versions-api';

/** What made a version, in the words of the list: 生成 / 保存 / AI编辑·润色 / 恢复. */
export function versionSourceLabel({ source, action }: Pick<ArticleVersion, 'source' | 'action'>): string {
  switch (source) {
    case 'generate':
      return '生成';
    case 'save':
      return '保存';
    case 'restore':
      return '恢复';
    case 'revision':
      return action ? `AI编辑·${REVISION_LABELS[action]}` : 'AI编辑';
  }
}

export const VERSIONS_EMPTY_TEXT = '还没有历史版本';

export type VersionsFailure = 'list' | 'text' | 'restore';

const FALLBACK: Record<VersionsFailure, string> = {
  list: '历史版本加载失败，请稍后重试',
  text: '该版本内容加载失败，请稍后重试',
  restore: '恢复失败，请稍后重试',
};

/** A failure in the panel, worded by its status and code (decision 058), never by its message. */
export function versionsErrorText(error: unknown, during: VersionsFailure): string {
  if (!(error instanceof ApiError)) return FALLBACK[during];
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  if (error.status === 401) return '登录已过期，请重新登录后再试';
  if (error.status === 404) return during === 'list' ? '未找到文章，可能已被删除' : '未找到该版本，可能已被清理';
  if (error.status === 429) return '操作太频繁，请稍后再试';
  return FALLBACK[during];
}
