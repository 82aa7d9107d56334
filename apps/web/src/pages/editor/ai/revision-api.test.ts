import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { streamRevision } from './revision-api';

const BODY = { action: 'polish', selection: { start: 0, end: 2, text: '你好' } } as const;

function sse(frames: string[]) {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const frame of frames) controller.enqueue(encoder.encode(frame));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

describe('streamRevision', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the action and reads deltas then done', async () => {
    const fetchMock = vi.fn(async () => sse([': \n\n', 'data: {"type":"delta","text":"您"}\n\n', 'data: {"type":"delta","text":"好"}\n\ndata: {"type":"done","revisionId":"r1","text":"您好","cost":1}\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const deltas: string[] = [];
    const result = await streamRevision('a1', BODY, { signal: new AbortController().signal, onDelta: (text) => deltas.push(text) });
    expect(result).toEqual({ revisionId: 'r1', text: '您好', cost: 1 });
    expect(deltas).toEqual(['您', '好']);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/articles/a1/revisions', expect.objectContaining({ method: 'POST', body: JSON.stringify(BODY) }));
  });

  it('turns an error frame into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', async () => sse(['data: {"type":"error","code":"TIMEOUT","message":"AI 处理失败，请稍后重试，本次未扣金币"}\n\n']));
    const error = await streamRevision('a1', BODY, { signal: new AbortController().signal, onDelta: () => {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: 'AI 处理失败，请稍后重试，本次未扣金币' });
  });

  it('turns a refusal before the stream into an ApiError with status and codes', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, message: '余额不足', code: 1006 }), { status: 402 }));
    const short = await streamRevision('a1', BODY, { signal: new AbortController().signal, onDelta: () => {} }).catch((caught: unknown) => caught);
    expect(short).toMatchObject({ status: 402, businessCode: 1006, message: '余额不足' });

    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: false, message: '润色需要配置大模型', code: 'model_required' }), { status: 409 }));
    const refused = await streamRevision('a1', BODY, { signal: new AbortController().signal, onDelta: () => {} }).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ status: 409, code: 'model_required' });
  });
});
