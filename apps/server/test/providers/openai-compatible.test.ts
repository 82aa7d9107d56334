import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, type ChatRequest, type TokenUsage } from '../../src/providers/llm/llm-port.js';
import {
  CONTINUE_INSTRUCTION,
  estimateCostYuan,
  OpenAiCompatibleLlm,
  type OpenAiCompatibleConfig,
} from '../../src/providers/llm/openai-compatible.js';
import { estimateTokens } from '../../src/providers/llm/llm-usage.js';
import { type FakeUsage, type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';

const KEY = 'sk-test-0123456789abcdefSECRET';
const REFUSED = '内容未通过模型服务的安全审核，请调整主题或素材后重试';

let fake: OpenAiFake;
let delays: number[];

beforeEach(async () => {
  fake = await startOpenAiFake();
  delays = [];
});
afterEach(async () => {
  await fake.close();
});

function llm(config: Partial<OpenAiCompatibleConfig> = {}) {
  return new OpenAiCompatibleLlm({
    baseUrl: fake.url,
    apiKey: KEY,
    model: 'base-model',
    backoffBaseMs: 100,
    backoffMaxMs: 1000,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...config,
  });
}

function ask(extra: Partial<ChatRequest> = {}): ChatRequest & { deltas: string[] } {
  const deltas: string[] = [];
  return {
    purpose: 'writing',
    messages: [
      { role: 'system', content: '你是写作助手。' },
      { role: 'user', content: '写一段关于秋天的文字。' },
    ],
    onDelta: (piece) => deltas.push(piece),
    deltas,
    ...extra,
  };
}

function asUsage(u: FakeUsage): TokenUsage {
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: u.total_tokens };
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('OpenAiCompatibleLlm', () => {
  it('streams pieces whose concatenation is the text, with the fake usage', async () => {
    fake.enqueue({ text: '秋天的风吹过金黄的稻田，远处传来收割机的声音。', chunkSize: 3, usage: { prompt_tokens: 31, completion_tokens: 17 } });
    const request = ask();
    const result = await llm().chat(request);
    expect(result.text).toBe('秋天的风吹过金黄的稻田，远处传来收割机的声音。');
    expect(request.deltas.length).toBeGreaterThan(3);
    expect(request.deltas.join('')).toBe(result.text);
    expect(result.usage).toEqual({ promptTokens: 31, completionTokens: 17, totalTokens: 48 });
    expect(result).toMatchObject({ calls: 1, continued: false, model: 'base-model' });
    const body = fake.requests[0]?.body;
    expect(body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(body?.response_format).toBeUndefined();
    expect(fake.requests[0]?.headers.authorization).toBe('[redacted]');
  });

  it('picks the model per purpose and sets json mode, max_tokens and temperature', async () => {
    fake.enqueue({ text: '{"sections":[]}' }, { text: '正文' }, { text: '关键词' });
    const adapter = llm({ models: { outline: 'outline-model', writing: 'writing-model' } });
    await adapter.chat(ask({ purpose: 'outline', json: true, maxTokens: 800, temperature: 0.3 }));
    await adapter.chat(ask({ purpose: 'writing' }));
    const keywords = await adapter.chat(ask({ purpose: 'keywords' }));
    expect(fake.requests.map((r) => r.body?.model)).toEqual(['outline-model', 'writing-model', 'base-model']);
    expect(fake.requests[0]?.body).toMatchObject({ response_format: { type: 'json_object' }, max_tokens: 800, temperature: 0.3 });
    expect(fake.requests[1]?.body?.response_format).toBeUndefined();
    expect(keywords.model).toBe('base-model');
  });

  it('returns bad JSON as it came in one call: the caller validates the outline', async () => {
    fake.enqueue({ text: '{"sections": [' });
    const result = await llm().chat(ask({ purpose: 'outline', json: true }));
    expect(result).toMatchObject({ text: '{"sections": [', calls: 1 });
  });

  it('retries 429 with backoff, honouring Retry-After, and sums usage', async () => {
    fake.enqueue(
      { status: 429, headers: { 'retry-after': '0.5' } },
      { status: 429, body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } },
      { text: '好的。' },
    );
    const result = await llm().chat(ask());
    expect(result).toMatchObject({ text: '好的。', calls: 3 });
    expect(fake.requests).toHaveLength(3);
    expect(delays).toEqual([500, 200]);
    expect(result.usage).toEqual(asUsage(fake.reportedUsage()));
  });

  it('caps Retry-After and the exponential backoff at backoffMaxMs', async () => {
    fake.enqueue({ status: 503, headers: { 'retry-after': '3600' } }, { status: 500 }, { status: 500 }, { status: 500 }, { text: '好' });
    const result = await llm({ maxAttempts: 5, backoffBaseMs: 300 }).chat(ask());
    expect(result.calls).toBe(5);
    expect(delays).toEqual([1000, 600, 1000, 1000]);
  });

  it('gives SERVER_ERROR after exactly maxAttempts calls of 500', async () => {
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { text: '不会用到' });
    const error = await failure(llm().chat(ask()));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(4);
    expect(delays).toEqual([100, 200, 400]);
  });

  it('gives RATE_LIMITED after maxAttempts calls of 429', async () => {
    fake.enqueue({ status: 429 }, { status: 429 });
    const error = await failure(llm({ maxAttempts: 2 }).chat(ask()));
    expect(error.code).toBe('RATE_LIMITED');
    expect(fake.requests).toHaveLength(2);
  });

  it('times out a call that never answers, then retries', async () => {
    fake.enqueue({ hang: true }, { text: '终于来了' });
    const started = Date.now();
    const result = await llm({ timeoutMs: 200 }).chat(ask());
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(result).toMatchObject({ text: '终于来了', calls: 2 });
    expect(delays).toEqual([100]);
  });

  it('gives TIMEOUT after maxAttempts calls that hang', async () => {
    fake.enqueue({ hang: true }, { hang: true });
    const error = await failure(llm({ timeoutMs: 150, maxAttempts: 2 }).chat(ask()));
    expect(error.code).toBe('TIMEOUT');
    expect(fake.requests).toHaveLength(2);
  });

  it('times out a stream that stalls and continues from what arrived', async () => {
    fake.enqueue({ text: '第一句。第二句。', chunkSize: 4, stallAfterChunks: 1 }, { text: '第二句。' });
    const request = ask();
    // 1 s, not less: under CI's load the first chunk itself can take a few hundred ms to arrive.
    const result = await llm({ timeoutMs: 1000 }).chat(request);
    expect(result.text).toBe('第一句。第二句。');
    expect(request.deltas.join('')).toBe(result.text);
    expect(fake.requests[1]?.body?.messages?.[2]).toEqual({ role: 'assistant', content: '第一句。' });
  });

  it('gives CONTEXT_TOO_LONG after exactly one call', async () => {
    fake.enqueue({
      status: 400,
      body: { error: { code: 'context_length_exceeded', message: "This model's maximum context length is 8192 tokens." } },
    });
    const error = await failure(llm().chat(ask()));
    expect(error.code).toBe('CONTEXT_TOO_LONG');
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    { error: { message: 'Range of input length should be [1, 30720]', code: 'invalid_parameter_error' } },
    { error: { message: '输入内容超出了模型上下文长度限制', code: '1261' } },
    { message: 'Your request exceeded model token limit: 8192', code: 'invalid_request' },
  ])('recognises context-length wording %#', async (body) => {
    fake.enqueue({ status: 400, body });
    expect((await failure(llm().chat(ask()))).code).toBe('CONTEXT_TOO_LONG');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives CONTENT_REFUSED for finish_reason content_filter after one call', async () => {
    fake.enqueue({ text: '部分', finishReason: 'content_filter' }, { text: '不会用到' });
    const error = await failure(llm().chat(ask()));
    expect(error.code).toBe('CONTENT_REFUSED');
    expect(error.message).toBe(REFUSED);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    { error: { code: 'data_inspection_failed', message: 'Input data may contain inappropriate content.' } },
    { error: { code: '1301', message: '系统检测到输入或生成内容可能包含不安全或敏感内容' } },
  ])('gives CONTENT_REFUSED for a refusing 400 %#', async (body) => {
    fake.enqueue({ status: 400, body });
    const error = await failure(llm().chat(ask()));
    expect(error).toMatchObject({ code: 'CONTENT_REFUSED', message: REFUSED });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries an empty answer once, then gives EMPTY_OUTPUT', async () => {
    fake.enqueue({ text: '' }, { text: '  \n' }, { text: '不会用到' });
    const request = ask();
    const error = await failure(llm().chat(request));
    expect(error.code).toBe('EMPTY_OUTPUT');
    expect(fake.requests).toHaveLength(2);
    expect(request.deltas).toEqual([]);
  });

  it('continues an answer cut at the length limit without duplicating text', async () => {
    fake.enqueue({ text: '春天来了，', finishReason: 'length' }, { text: '花开了，', finishReason: 'length' }, { text: '鸟也回来了。' });
    const request = ask();
    const result = await llm().chat(request);
    expect(result).toMatchObject({ text: '春天来了，花开了，鸟也回来了。', continued: true, calls: 3 });
    expect(request.deltas.join('')).toBe(result.text);
    const second = fake.requests[1]?.body?.messages ?? [];
    expect(second.slice(0, 2)).toEqual(request.messages);
    expect(second.slice(2)).toEqual([
      { role: 'assistant', content: '春天来了，' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    expect(fake.requests[2]?.body?.messages?.[2]).toEqual({ role: 'assistant', content: '春天来了，花开了，' });
    expect(result.usage).toEqual(asUsage(fake.reportedUsage()));
  });

  it('stops continuing after maxContinuations and returns the text so far', async () => {
    fake.enqueue({ text: '一', finishReason: 'length' }, { text: '二', finishReason: 'length' }, { text: '三', finishReason: 'length' });
    const result = await llm({ maxContinuations: 2 }).chat(ask());
    expect(result).toMatchObject({ text: '一二三', calls: 3, continued: true });
  });

  it('resumes a stream dropped midway without duplicating streamed text', async () => {
    fake.enqueue({ dropAfterChunks: 2, text: '甲乙丙丁戊己庚辛', chunkSize: 2 }, { text: '戊己庚辛。' });
    const request = ask();
    const result = await llm().chat(request);
    expect(result.text).toBe('甲乙丙丁戊己庚辛。');
    expect(request.deltas.join('')).toBe(result.text);
    expect(result.calls).toBe(2);
    expect(fake.requests[1]?.body?.messages?.slice(2)).toEqual([
      { role: 'assistant', content: '甲乙丙丁' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    expect(result.continued).toBe(false);
  });

  it('restarts a stream dropped before any text and counts usage of every finished call', async () => {
    fake.enqueue({ dropAfterChunks: 0 }, { status: 502 }, { text: '完整的回答。', finishReason: 'length' }, { text: '续写。' });
    const request = ask();
    const result = await llm().chat(request);
    expect(result).toMatchObject({ text: '完整的回答。续写。', calls: 4, continued: true });
    expect(request.deltas.join('')).toBe(result.text);
    expect(fake.requests[1]?.body?.messages).toHaveLength(2);
    expect(result.usage).toEqual(asUsage(fake.reportedUsage()));
  });

  it('estimates usage when the provider sends none', async () => {
    fake.enqueue({ text: '你好 world', usage: null });
    const result = await llm().chat(ask());
    expect(result.usage.completionTokens).toBe(estimateTokens('你好 world'));
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(estimateTokens('你好 world')).toBe(4);
  });

  it('gives AUTH for 401 after one call and never shows the key', async () => {
    fake.enqueue({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}. Authorization: Bearer ${KEY}`, code: 'invalid_api_key' } },
    });
    const error = await failure(llm().chat(ask()));
    expect(error.code).toBe('AUTH');
    expect(error.status).toBe(401);
    expect(fake.requests).toHaveLength(1);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('0123456789abcdef');
    expect(error.message).not.toContain(fake.url);
  });

  it('keeps the message of errors without the {error: …} wrapper', async () => {
    fake.enqueue({ status: 403, body: { code: 'AccessDenied', message: 'model not enabled for this account' } });
    const error = await failure(llm().chat(ask()));
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain('model not enabled');
  });

  it('gives ABORTED when the caller aborts mid-stream, and does not retry', async () => {
    fake.enqueue({ text: '一二三四五六七八九十', chunkSize: 1, delayMs: 50 });
    const controller = new AbortController();
    const request = ask({ signal: controller.signal });
    const onDelta = (piece: string) => {
      request.onDelta?.(piece);
      controller.abort();
    };
    const pending = llm().chat({ ...request, onDelta });
    const error = await failure(pending);
    expect(error.code).toBe('ABORTED');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives ABORTED for an already aborted signal without calling', async () => {
    const error = await failure(llm().chat(ask({ signal: AbortSignal.abort() })));
    expect(error.code).toBe('ABORTED');
    expect(fake.requests).toHaveLength(0);
  });

  it('prices usage in yuan', () => {
    const usage = { promptTokens: 2_000_000, completionTokens: 500_000, totalTokens: 2_500_000 };
    expect(estimateCostYuan(usage, { promptPerMillion: 2, completionPerMillion: 8 })).toBe(8);
    expect(llm({ pricing: { promptPerMillion: 1, completionPerMillion: 2 } }).costYuan(usage)).toBe(3);
    expect(llm().costYuan(usage)).toBeUndefined();
  });

  it('prices the prompt tokens the prefix cache served at the cached price, or at the prompt price when none is set', () => {
    const usage = { promptTokens: 2_000_000, completionTokens: 500_000, totalTokens: 2_500_000, cachedPromptTokens: 1_500_000 };
    // 0.5 M fresh at 2, 1.5 M cached at 0.2, 0.5 M written at 8.
    expect(estimateCostYuan(usage, { promptPerMillion: 2, completionPerMillion: 8, cachedPromptPerMillion: 0.2 })).toBe(5.3);
    expect(estimateCostYuan(usage, { promptPerMillion: 2, completionPerMillion: 8 })).toBe(8);
  });
});
