import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { ApiError, apiRequest, CLIENT_ERROR_CODES, FORMAT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from './api';

const schema = {
  safeParse: (value: unknown) =>
    typeof value === 'object' && value !== null && 'ok' in value
      ? { success: true, data: value as { ok: boolean } }
      : { success: false },
};

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the answer with a schema loaded on demand, the load started with the request', async () => {
    const events: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        events.push('fetch');
        return jsonResponse({ ok: true });
      }),
    );
    const load = vi.fn(async () => {
      events.push('load');
      return schema;
    });
    await expect(apiRequest('/api/x', { schema: load })).resolves.toEqual({ ok: true });
    expect(events).toEqual(['load', 'fetch']);
    mockFetch(jsonResponse({ other: true }));
    expect((await failureOf(apiRequest('/api/x', { schema: load }))).message).toBe(FORMAT_ERROR_MESSAGE);
  });

  it('reads a schema chunk that fails to load (a stale tab after a deploy) as a network error', async () => {
    mockFetch(jsonResponse({ ok: true }));
    const failure = await failureOf(apiRequest('/api/x', { schema: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }));
    expect(failure.status).toBe(0);
    expect(failure.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('sends JSON with the session cookie and returns the checked answer', async () => {
    const fetchMock = mockFetch(jsonResponse({ ok: true }));
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 }, schema })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the server's message for a failed status", async () => {
    mockFetch(jsonResponse({ success: false, msg: '请先登录' }, { status: 401, statusText: 'Unauthorized' }));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('请先登录');
  });

  it('falls back to the status line when the body says nothing', async () => {
    mockFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
  });

  it("ignores the server's message when asked for the http wording", async () => {
    mockFetch(jsonResponse({ message: '内部错误' }, { status: 500, statusText: 'Internal Server Error' }));
    const error = await failureOf(apiRequest('/x', { errorWording: 'http' }));
    expect(error.message).toBe('HTTP 500: Internal Server Error');
  });

  it('turns success:false on a 200 into an error', async () => {
    mockFetch(jsonResponse({ success: false, message: '余额不足' }));
    expect((await failureOf(apiRequest('/api/x'))).message).toBe('余额不足');
    mockFetch(jsonResponse({ success: false }));
    expect((await failureOf(apiRequest('/api/x'))).message).toBe(REQUEST_FAILED_MESSAGE);
  });

  it('reports an answer of the wrong shape', async () => {
    mockFetch(jsonResponse({ unexpected: true }));
    const error = await failureOf(apiRequest('/api/x', { schema }));
    expect(error.message).toBe(FORMAT_ERROR_MESSAGE);
  });

  it('reports a network failure with status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/api/x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("carries the server's stable code and business code, so that callers never read the message", async () => {
    mockFetch(jsonResponse({ success: false, msg: '知识库中还没有文件', message: '知识库中还没有文件', code: 'KB_EMPTY' }, { status: 400 }));
    const named = await failureOf(apiRequest('/api/x'));
    expect([named.status, named.code, named.businessCode]).toEqual([400, 'KB_EMPTY', undefined]);

    mockFetch(jsonResponse({ status: 'error', code: 1006, errorCode: 'FORBIDDEN', error: '余额不足', message: '余额不足' }, { status: 403 }));
    const limited = await failureOf(apiRequest('/api/x'));
    expect([limited.code, limited.businessCode]).toEqual(['FORBIDDEN', 1006]);

    // The status shape repeats the HTTP status as `code`: that is not a business code.
    mockFetch(jsonResponse({ status: 'error', code: 404, errorCode: 'NOT_FOUND', error: '文章不存在' }, { status: 404 }));
    const missing = await failureOf(apiRequest('/api/x'));
    expect([missing.code, missing.businessCode]).toEqual(['NOT_FOUND', undefined]);
  });

  it('names a network failure and a malformed answer with client codes', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    expect((await failureOf(apiRequest('/api/x'))).code).toBe(CLIENT_ERROR_CODES.network);
    mockFetch(jsonResponse({ nope: true }));
    expect((await failureOf(apiRequest('/api/x', { schema }))).code).toBe(CLIENT_ERROR_CODES.badResponse);
  });
});
