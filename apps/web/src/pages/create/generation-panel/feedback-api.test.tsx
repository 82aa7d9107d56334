import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../test/fixtures';
import { feedbackErrorText, useSubmitFeedback } from './feedback-api';

function renderSubmit() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSubmitFeedback(), { wrapper });
}

describe('useSubmitFeedback', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the feedback with the article id and reports the answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: '感谢反馈' }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSubmit();
    act(() => result.current.mutate({ type: 'like', content: '写得好', articleId: 'art-1' }));
    await waitFor(() => expect(result.current.data).toEqual({ success: true, message: '感谢反馈' }));
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/v1/feedback');
    expect(JSON.parse(String(init.body))).toMatchObject({ type: 'like', content: '写得好', articleId: 'art-1' });
  });

  it('is sent once even when the server fails (a retry could post it twice)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: false, message: '服务器内部错误', code: 'INTERNAL' }, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderSubmit();
    act(() => result.current.mutate({ type: 'dislike', content: '太长' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(feedbackErrorText(result.current.error)).toBe('服务器内部错误');
  });
});

describe('feedbackErrorText', () => {
  it("shows our server's worded refusals and a network failure, and the fallback for an answer without a code", () => {
    expect(feedbackErrorText(new ApiError(429, '反馈提交过于频繁', 'RATE_LIMITED'))).toBe('反馈提交过于频繁');
    expect(feedbackErrorText(new ApiError(0, '网络错误，请稍后重试'))).toBe('网络错误，请稍后重试');
    expect(feedbackErrorText(new ApiError(502, 'HTTP 502: Bad Gateway'))).toBe('提交反馈失败，请重试');
    expect(feedbackErrorText(new ApiError(200, '接口返回数据格式错误', 'BAD_RESPONSE'))).toBe('提交反馈失败，请重试');
  });
});
