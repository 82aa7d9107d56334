import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { queryKeys } from '../../lib/query-keys';
import { jsonResponse } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { articleTextPath } from './article-api';
import { useArticleSave } from './use-article-save';

function renderSave() {
  const client = testQueryClient();
  client.setQueryData(queryKeys.articles.text('a1'), '# 旧');
  client.setQueryData(queryKeys.articles.pages(7), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.articles.text('a2'), '# 别的文章');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useArticleSave('a1', '# 旧'), { wrapper });
  return { client, ...hook };
}

describe('useArticleSave', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the saved text in the cache and marks the lists stale, not the other texts', async () => {
    stubApi({ [articleTextPath('a1')]: () => jsonResponse({ success: true, message: '保存成功' }) });
    const { client, result } = renderSave();
    await act(() => result.current.save('# 新'));

    expect(result.current.saved).toBe('# 新');
    expect(client.getQueryData(queryKeys.articles.text('a1'))).toBe('# 新');
    expect(client.getQueryState(queryKeys.articles.pages(7))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.articles.text('a2'))?.isInvalidated).toBe(false);
  });

  it('leaves the cache alone when the server refuses', async () => {
    stubApi({ [articleTextPath('a1')]: () => jsonResponse({ success: false, message: '文章内容不能超过100000个字符' }, { status: 413 }) });
    const { client, result } = renderSave();
    await act(() => result.current.save('# 新'));

    expect(result.current.saved).toBe('# 旧');
    expect(client.getQueryData(queryKeys.articles.text('a1'))).toBe('# 旧');
    expect(client.getQueryState(queryKeys.articles.pages(7))?.isInvalidated).toBe(false);
  });

  it('sends one save for two calls in the same moment', async () => {
    const { calls } = stubApi({ [articleTextPath('a1')]: () => jsonResponse({ success: true, message: '保存成功' }) });
    const { result } = renderSave();
    await act(() => Promise.all([result.current.save('# 新'), result.current.save('# 新')]));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
