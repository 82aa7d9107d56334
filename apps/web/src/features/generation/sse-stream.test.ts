import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTrackerDeps, postGenerate } from './browser-deps';
import { openSseStream, SseParser } from './sse-stream';
import type { StreamEvent } from './tracking-types';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SseParser', () => {
  it('joins data lines, keeps the id, skips comments and named events, across chunk borders', () => {
    const events: StreamEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push('retry: 3000\n\ndata: {"type":"connection_established"}\n\n: heartbeat\n\n');
    parser.push('id: 7\r\ndata: {"a":');
    parser.push('1}\r');
    parser.push('\n\r\nevent: other\ndata: x\n\ndata: one\ndata: two\n\n');
    expect(events).toEqual([
      { data: '{"type":"connection_established"}', lastEventId: undefined },
      { data: '{"a":1}', lastEventId: '7' },
      { data: 'one\ntwo', lastEventId: '7' },
    ]);
  });
});

function streamResponse(chunks: string[], init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' }, ...init });
}

describe('openSseStream', () => {
  it('sends Last-Event-ID, delivers events, and reports the end once', async () => {
    const fetchMock = vi.fn(async () => streamResponse(['id: 4\ndata: {"currentStep":"analyze_topic"}\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const connection = openSseStream('/stream/t1', '3');
    const messages: StreamEvent[] = [];
    const errors: unknown[] = [];
    connection.onMessage = (event) => messages.push(event);
    connection.onError = (error) => errors.push(error);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/stream/t1', expect.objectContaining({ headers: expect.objectContaining({ 'Last-Event-ID': '3' }) }));
    expect(messages).toEqual([{ data: '{"currentStep":"analyze_topic"}', lastEventId: '4' }]);
  });

  it('reports an HTTP failure as an error, and nothing after close', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    const failing = openSseStream('/stream/t1');
    const onError = vi.fn();
    failing.onError = onError;
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 503 });

    vi.stubGlobal('fetch', vi.fn(async () => streamResponse(['data: x\n\n'])));
    const closed = openSseStream('/stream/t1');
    const silent = vi.fn();
    closed.onMessage = silent;
    closed.onError = silent;
    closed.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(silent).not.toHaveBeenCalled();
  });
});

describe('browser calls', () => {
  it('returns the generate error shape instead of throwing', async () => {
    const body = { status: 'error', code: 1006, error: '余额不足', message: '余额不足' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 402 })));
    await expect(postGenerate({ topic: 't', advanced_mode: false, deepspaceId: '1', settings: {} })).resolves.toEqual(body);
  });

  it('throws ApiError when the generate call gets no answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(postGenerate({ topic: 't', advanced_mode: false, deepspaceId: '1', settings: {} })).rejects.toMatchObject({ status: 0 });
  });

  it('reads status and article from their paths; a 503 rejects with its status', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ currentStep: 'analyze_topic', details: {} })))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 0, status: 'success', content: '# 文' })))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 'error', code: 503, error: '服务暂不可用' }), { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const deps = browserTrackerDeps({ toast: vi.fn() });
    await expect(deps.fetchStatus('t 1')).resolves.toMatchObject({ currentStep: 'analyze_topic' });
    await expect(deps.fetchArticle('a1')).resolves.toMatchObject({ content: '# 文' });
    await expect(deps.fetchStatus('t1')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/articles/t%201/status',
      '/api/v1/articles/articles/a1?content_type=md',
      '/api/v1/articles/t1/status',
    ]);
  });
});
