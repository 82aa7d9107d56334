import { REVISION_LABELS } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { versionSourceLabel, versionsErrorText } from './version-text';

describe('versionSourceLabel', () => {
  it('names each source in Chinese, an accepted AI action by its label', () => {
    expect(versionSourceLabel({ source: 'generate' })).toBe('生成');
    expect(versionSourceLabel({ source: 'save' })).toBe('保存');
    expect(versionSourceLabel({ source: 'restore' })).toBe('恢复');
    expect(versionSourceLabel({ source: 'revision', action: 'polish' })).toBe(`AI编辑·${REVISION_LABELS.polish}`);
    expect(versionSourceLabel({ source: 'revision' })).toBe('AI编辑');
  });
});

describe('versionsErrorText', () => {
  it('words a failure by its status, whatever its message says', () => {
    expect(versionsErrorText(new ApiError(404, '网络错误'), 'text')).toBe('未找到该版本，可能已被清理');
    expect(versionsErrorText(new ApiError(404, 'x'), 'list')).toBe('未找到文章，可能已被删除');
    expect(versionsErrorText(new ApiError(0, 'x'), 'restore')).toBe(NETWORK_ERROR_MESSAGE);
    expect(versionsErrorText(new ApiError(401, 'x'), 'restore')).toBe('登录已过期，请重新登录后再试');
    expect(versionsErrorText(new ApiError(500, '未找到该版本'), 'restore')).toBe('恢复失败，请稍后重试');
    expect(versionsErrorText(new Error('boom'), 'list')).toBe('历史版本加载失败，请稍后重试');
  });
});
