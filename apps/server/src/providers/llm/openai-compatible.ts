import { setTimeout as delay } from 'node:timers/promises';
import OpenAI, { type APIError } from 'openai';
import {
  backoffDelayMs,
  CONTENT_REFUSED_MESSAGE,
  classifyFailure,
  type LlmFailure,
  type Secrets,
  toLlmError,
} from './llm-failure.js';
import {
  addUsage,
  type ChatMessage,
  type ChatRequest,
  type ChatResult,
  LlmError,
  type LlmPort,
  type LlmPurpose,
  NO_USAGE,
} from './llm-port.js';
import { recordLlmCall } from '../../platform/observability/metrics.js';
import { estimateCostYuan, estimateUsage, type LlmPricing } from './llm-usage.js';
import { streamAttempt } from './stream-attempt.js';

export { estimateCostYuan, type LlmPricing } from './llm-usage.js';

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Models for particular purposes (e.g. a cheaper one for outline, a stronger one for writing). */
  models?: Partial<Record<LlmPurpose, string>>;
  /** Per HTTP call: the wait for the response, and the longest silence inside a stream. Default 120 s. */
  timeoutMs?: number;
  /** Calls per step for 429, 5xx, timeouts and dropped connections. Default 4. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How many times an answer cut at the length limit is continued. Default 3. */
  maxContinuations?: number;
  sleep?: (ms: number) => Promise<void>;
  pricing?: LlmPricing;
}

export const CONTINUE_INSTRUCTION = '请从中断处继续写，不要重复已写内容。';

/** Tries for an answer with no text before EMPTY_OUTPUT. */
const EMPTY_TRIES = 2;

/**
 * Some compatible providers answer errors as `{code, message}` without OpenAI's `{error: …}`
 * wrapper; the SDK would then drop their message, so wrap it.
 */
class CompatibleClient extends OpenAI {
  protected override makeStatusError(status: number, error: object, message: string | undefined, headers: Headers): APIError {
    const body = error as Record<string, unknown> | null | undefined;
    const wrapped = body && typeof body === 'object' && !('error' in body) && 'message' in body ? { error: body } : error;
    return super.makeStatusError(status, wrapped, message, headers);
  }
}

function continueFrom(messages: ChatMessage[], partial: string): ChatMessage[] {
  return [...messages, { role: 'assistant', content: partial }, { role: 'user', content: CONTINUE_INSTRUCTION }];
}

/**
 * Holds back a leading run of whitespace until real text arrives, so that a blank answer (which
 * is retried) never reaches onDelta.
 */
function skipBlankStart(active: boolean, sink: (piece: string) => void): (piece: string) => void {
  let pending = '';
  let started = !active;
  return (piece) => {
    if (started) return sink(piece);
    pending += piece;
    if (pending.trim() === '') return;
    started = true;
    sink(pending);
  };
}

/**
 * The LLM port over any OpenAI-compatible chat API. Always streams.
 *
 * No duplicated text on retries: every piece goes to onDelta once, as it arrives, and is kept.
 * A call that dies midway is not restarted from scratch (a new answer would not match what the
 * reader already saw); the retry sends the conversation plus the text so far as an assistant
 * message and asks the model to continue, exactly like a continuation after the length limit.
 * So the final text is always the concatenation of the onDelta pieces.
 */
export class OpenAiCompatibleLlm implements LlmPort {
  readonly name = 'openai-compatible';
  readonly #client: OpenAI;
  readonly #config: OpenAiCompatibleConfig;
  readonly #secrets: Secrets;
  readonly #timeoutMs: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(config: OpenAiCompatibleConfig) {
    this.#config = config;
    this.#secrets = { apiKey: config.apiKey, baseUrl: config.baseUrl };
    this.#timeoutMs = config.timeoutMs ?? 120_000;
    this.#sleep = config.sleep ?? ((ms) => delay(ms));
    this.#client = new CompatibleClient({
      baseURL: config.baseUrl,
      // Local servers (Ollama, vLLM) take no key, but the SDK insists on one.
      apiKey: config.apiKey || 'no-key',
      timeout: this.#timeoutMs,
      maxRetries: 0,
      logLevel: 'off',
      // Keep OpenAI's own environment (OPENAI_ORG_ID…) out of requests to other providers.
      organization: null,
      project: null,
    });
  }

  modelFor(purpose: LlmPurpose): string {
    return this.#config.models?.[purpose] || this.#config.model;
  }

  /** Cost in yuan when pricing is configured. */
  costYuan(usage: ChatResult['usage']): number | undefined {
    return this.#config.pricing ? estimateCostYuan(usage, this.#config.pricing) : undefined;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const model = this.modelFor(request.purpose);
    const maxAttempts = Math.max(1, this.#config.maxAttempts ?? 4);
    const maxContinuations = this.#config.maxContinuations ?? 3;
    let text = '';
    let usage = NO_USAGE;
    let calls = 0;
    let failures = 0;
    let empties = 0;
    let continuations = 0;
    let continued = false;
    const started = performance.now();
    const done = (): ChatResult => {
      recordLlmCall(request.purpose, 'ok', (performance.now() - started) / 1000, usage);
      return { text, usage, model, calls, continued };
    };
    const sink = (piece: string) => {
      text += piece;
      request.onDelta?.(piece);
    };

    try {
      for (;;) {
        if (request.signal?.aborted) throw this.#fail({ code: 'ABORTED', retryable: false, detail: '' }, calls);
        const messages = text ? continueFrom(request.messages, text) : request.messages;
        calls += 1;
        const attempt = await streamAttempt({
          client: this.#client,
          model,
          messages,
          request,
          timeoutMs: this.#timeoutMs,
          emit: skipBlankStart(text === '', sink),
        });
        // NOTE: providers that send no usage get an estimate, but only for calls that finished;
        // a failed call without reported usage counts as zero (we cannot know what was billed).
        const reported = attempt.usage ?? (attempt.finishReason ? estimateUsage(messages, attempt.text) : NO_USAGE);
        usage = addUsage(usage, reported);

        if (attempt.finishReason === null) {
          const failure = classifyFailure(attempt.error, request.signal?.aborted === true);
          failures += 1;
          if (failure.retryable && failures < maxAttempts) {
            const { backoffBaseMs = 1000, backoffMaxMs = 20_000 } = this.#config;
            await this.#wait(backoffDelayMs(failure, failures, backoffBaseMs, backoffMaxMs), request.signal, calls);
            continue;
          }
          // A continuation that no longer fits keeps what was written rather than losing it all.
          if (failure.code === 'CONTEXT_TOO_LONG' && text) return done();
          throw this.#fail(failure, failures);
        }
        failures = 0;
        if (attempt.finishReason === 'content_filter') {
          throw new LlmError('CONTENT_REFUSED', CONTENT_REFUSED_MESSAGE);
        }
        if (attempt.text.trim() === '') {
          if (text) return done();
          empties += 1;
          if (empties < EMPTY_TRIES) continue;
          throw this.#fail({ code: 'EMPTY_OUTPUT', retryable: false, detail: '' }, empties);
        }
        if (attempt.finishReason === 'length' && continuations < maxContinuations) {
          continuations += 1;
          continued = true;
          continue;
        }
        // Still at the length limit after maxContinuations: return what there is.
        return done();
      }
    } catch (error) {
      // A failure still carries what the tries before it consumed: providers bill those too.
      if (error instanceof LlmError) error.usage = usage;
      recordLlmCall(request.purpose, error instanceof LlmError ? error.code : 'error', (performance.now() - started) / 1000, usage);
      throw error;
    }
  }

  #fail(failure: LlmFailure, tries: number): LlmError {
    return toLlmError(failure, tries, this.#secrets, this.#timeoutMs);
  }

  async #wait(ms: number, signal: AbortSignal | undefined, calls: number): Promise<void> {
    if (!signal) return this.#sleep(ms);
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(this.#fail({ code: 'ABORTED', retryable: false, detail: '' }, calls));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.#sleep(ms), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw this.#fail({ code: 'ABORTED', retryable: false, detail: '' }, calls);
  }
}
