import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { AiStatusBadge, OFFLINE_HINT, STATUS_RETRY_MS } from './AiStatusBadge';
import { SYSTEM_STATUS_PATH } from './system-status-api';

function stubStatus(...answers: (() => Promise<Response>)[]) {
  const fetchMock = vi.fn((_input: RequestInfo | URL) => (answers.shift() ?? (() => new Promise<Response>(() => {})))());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderBadge = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AiStatusBadge />
    </QueryClientProvider>,
  );

const ready = (writer: 'model' | 'offline') => async () => jsonResponse({ success: true, data: { writer, webSearch: true } });

describe('AiStatusBadge', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });

  /** The cache tells its observers in a setTimeout 0, which a fake clock would only run on its next tick. */
  const startFakeClock = () => {
    vi.useFakeTimers();
    notifyManager.setScheduler(queueMicrotask);
  };

  it('reads 连接中 until the server answers, then AI 系统就绪', async () => {
    const fetchMock = stubStatus(ready('model'));
    renderBadge();
    expect(screen.getByTestId('ai-status')).toHaveTextContent('连接中');
    expect(await screen.findByText('AI 系统就绪')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(SYSTEM_STATUS_PATH);
    expect(screen.queryByText('离线写作模式')).not.toBeInTheDocument();
  });

  it('names the offline writer with an explanation', async () => {
    stubStatus(ready('offline'));
    renderBadge();
    const note = await screen.findByText('离线写作模式');
    expect(note).toHaveAttribute('title', OFFLINE_HINT);
  });

  it('stays on 连接中 while the call fails, and asks again later', async () => {
    startFakeClock();
    const fetchMock = stubStatus(async () => jsonResponse({ success: false, message: '内部错误' }, { status: 500 }), ready('model'));
    renderBadge();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('ai-status')).toHaveTextContent('连接中');
    await act(() => vi.advanceTimersByTimeAsync(STATUS_RETRY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('ai-status')).toHaveTextContent('AI 系统就绪');
  });

  it('treats an answer of the wrong shape as not ready', async () => {
    startFakeClock();
    stubStatus(async () => jsonResponse({ success: true, data: { writer: 'cloud' } }));
    renderBadge();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('ai-status')).toHaveTextContent('连接中');
  });
});
