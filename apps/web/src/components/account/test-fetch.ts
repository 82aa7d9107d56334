import { vi } from 'vitest';

export interface RecordedCall {
  path: string;
  method: string;
  /** Parsed JSON body, or the FormData of an upload. */
  body: unknown;
}

type Answer = Response | Error | (() => Response | Error);

/**
 * Test helper: replaces fetch with a table from path to answer (a Response, or an Error to
 * simulate a network failure) and records every call. Unknown paths answer 404.
 */
export function stubApi(answers: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    calls.push({ path, method: init.method ?? 'GET', body });
    const entry = answers[path];
    const answer = typeof entry === 'function' ? entry() : entry;
    if (answer instanceof Error) throw answer;
    return answer ?? new Response(JSON.stringify({ success: false, message: '未找到' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, bodiesOf: (path: string) => calls.filter((call) => call.path === path).map((call) => call.body) };
}
