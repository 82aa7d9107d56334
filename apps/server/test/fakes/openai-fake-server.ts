import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/*
 * A scripted OpenAI-compatible chat server on 127.0.0.1 for tests. Every request is recorded
 * (headers without the key, parsed body); each answer is the next queued step, or, when the queue
 * is empty, whatever the responder returns for that request (so a pipeline test can answer by the
 * prompt's content). Streams look like OpenAI's: `data: {chunk}\n\n` lines, the role first,
 * finish_reason on the last content chunk, a usage chunk with `choices: []` when
 * `stream_options.include_usage` is set, then `data: [DONE]`.
 *
 *   const fake = await startOpenAiFake();
 *   fake.enqueue({ status: 429, headers: { 'retry-after': '2' } }, { text: '你好', finishReason: 'stop' });
 *   fake.setResponder((req) => (lastUserMessage(req).includes('大纲') ? { text: '{"sections":[]}' } : { text: '正文' }));
 */

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Cached prompt tokens as OpenAI, Qwen and Kimi report them; sent only when given. */
  prompt_tokens_details?: { cached_tokens: number };
  /** Cached prompt tokens as DeepSeek reports them; sent only when given. */
  prompt_cache_hit_tokens?: number;
}

export type FakeStep =
  /**
   * Text answer, streamed in `chunkSize` characters (default 4) with `delayMs` before each chunk.
   * `usage` overrides the default count (one token per character); `null` sends none.
   * `stallAfterChunks: n` sends n content chunks and then goes silent with the connection open.
   */
  | {
      text: string;
      finishReason?: 'stop' | 'length' | 'content_filter';
      usage?: Partial<FakeUsage> | null;
      chunkSize?: number;
      delayMs?: number;
      stallAfterChunks?: number;
    }
  /** An HTTP error; the body defaults to an OpenAI-style `{error:{message,type,code}}`. */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Never answers (the client must time out). */
  | { hang: true }
  /** Streams `n` chunks of `text` (default a fixed sentence), then destroys the socket. */
  | { dropAfterChunks: number; text?: string; chunkSize?: number };

export interface FakeRequest {
  method: string;
  path: string;
  /** Lower-cased headers; `authorization` is replaced by `[redacted]`. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: ChatBody | undefined;
  /** What the fake answered, and the usage it actually sent (undefined when none reached the wire). */
  answer: { kind: 'text' | 'status' | 'hang' | 'drop'; status?: number; text?: string; usage?: FakeUsage };
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string };
  max_tokens?: number;
  temperature?: number;
  [key: string]: unknown;
}

export type FakeResponder = (request: FakeRequest) => FakeStep | Promise<FakeStep>;

export interface OpenAiFake {
  /** Base URL with `/v1`, ready for the OpenAI client's `baseURL`. */
  url: string;
  requests: FakeRequest[];
  enqueue(...steps: FakeStep[]): void;
  setResponder(responder: FakeResponder): void;
  /** The sum of the usage the fake reported (what the adapter's totals must equal). */
  reportedUsage(): FakeUsage;
  close(): Promise<void>;
}

const DROP_TEXT = '这是一段在中途断开的流式回答，后面的内容不会到达。';

const unscripted: FakeResponder = () => ({
  status: 500,
  body: { error: { message: 'openai-fake: the script is empty and no responder is set', type: 'server_error' } },
});

/** The last user message of a recorded request (handy in responders). */
export function lastUserMessage(request: FakeRequest): string {
  const users = (request.body?.messages ?? []).filter((message) => message.role === 'user');
  return users.at(-1)?.content ?? '';
}

/** Deterministic default usage: one prompt token per message character, one completion token per text character. */
function defaultUsage(body: ChatBody | undefined, text: string, given: Partial<FakeUsage> | undefined): FakeUsage {
  const prompt = given?.prompt_tokens ?? (body?.messages ?? []).reduce((sum, m) => sum + [...String(m.content)].length, 0);
  const completion = given?.completion_tokens ?? [...text].length;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: given?.total_tokens ?? prompt + completion,
    ...(given?.prompt_tokens_details ? { prompt_tokens_details: given.prompt_tokens_details } : {}),
    ...(given?.prompt_cache_hit_tokens === undefined ? {} : { prompt_cache_hit_tokens: given.prompt_cache_hit_tokens }),
  };
}

function pieces(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export async function startOpenAiFake(): Promise<OpenAiFake> {
  const requests: FakeRequest[] = [];
  const queue: FakeStep[] = [];
  let responder: FakeResponder = unscripted;
  let sequence = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `openai-fake: ${String(error)}`, type: 'server_error' } }));
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = name === 'authorization' ? '[redacted]' : String(value);
    }
    let body: ChatBody | undefined;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      body = undefined;
    }
    if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
      return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
    }
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      return json(res, 404, { error: { message: `openai-fake: no route ${req.method} ${path}`, type: 'invalid_request_error' } });
    }
    const request: FakeRequest = { method: req.method, path, headers, body, answer: { kind: 'hang' } };
    requests.push(request);
    const step = queue.shift() ?? (await responder(request));
    await answer(step, request, res);
  }

  async function answer(step: FakeStep, request: FakeRequest, res: http.ServerResponse): Promise<void> {
    if ('hang' in step) return;
    if ('status' in step) {
      request.answer = { kind: 'status', status: step.status };
      const body = step.body ?? { error: { message: `fake error ${step.status}`, type: 'server_error', code: null } };
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
      return;
    }
    const body = request.body;
    const id = `chatcmpl-fake-${++sequence}`;
    const model = body?.model ?? 'fake-model';
    const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, system_fingerprint: null };
    const withUsage = body?.stream_options?.include_usage === true;
    const chunk = (delta: object, finish: string | null) => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(withUsage ? { usage: null } : {}),
    });

    if ('dropAfterChunks' in step) {
      const parts = pieces(step.text ?? DROP_TEXT, step.chunkSize ?? 4).slice(0, step.dropAfterChunks);
      request.answer = { kind: 'drop', text: parts.join('') };
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      sse(res, chunk({ role: 'assistant', content: '' }, null));
      for (const part of parts) sse(res, chunk({ content: part }, null));
      // Let the written chunks reach the client before the connection dies.
      await delay(20);
      res.socket?.destroy();
      return;
    }

    const finish = step.finishReason ?? 'stop';
    const usage = step.usage === null ? undefined : defaultUsage(body, step.text, step.usage);
    request.answer = { kind: 'text', text: step.text };
    if (!body?.stream) {
      if (step.delayMs) await delay(step.delayMs);
      if (usage) request.answer.usage = usage;
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created: base.created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: step.text }, logprobs: null, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    sse(res, chunk({ role: 'assistant', content: '' }, null));
    const parts = pieces(step.text, step.chunkSize ?? 4);
    if (parts.length === 0) parts.push('');
    for (const [index, part] of parts.entries()) {
      if (index === step.stallAfterChunks) return;
      if (step.delayMs) await delay(step.delayMs);
      if (res.destroyed) return;
      sse(res, chunk({ content: part }, index === parts.length - 1 ? finish : null));
    }
    if (withUsage && usage) {
      request.answer.usage = usage;
      sse(res, { ...base, choices: [], usage });
    }
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...steps) => {
      queue.push(...steps);
    },
    setResponder: (next) => {
      responder = next;
    },
    reportedUsage: () =>
      requests.reduce<FakeUsage>(
        (sum, r) => ({
          prompt_tokens: sum.prompt_tokens + (r.answer.usage?.prompt_tokens ?? 0),
          completion_tokens: sum.completion_tokens + (r.answer.usage?.completion_tokens ?? 0),
          total_tokens: sum.total_tokens + (r.answer.usage?.total_tokens ?? 0),
        }),
        { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      ),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sse(res: http.ServerResponse, data: object): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

function json(res: http.ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
