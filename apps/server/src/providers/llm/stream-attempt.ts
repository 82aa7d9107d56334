import type OpenAI from 'openai';
import { AttemptAborted } from './llm-failure.js';
import type { ChatMessage, ChatRequest, TokenUsage } from './llm-port.js';
import { toTokenUsage } from './llm-usage.js';

export interface AttemptInput {
  client: OpenAI;
  model: string;
  messages: ChatMessage[];
  request: ChatRequest;
  /** Wait for the response headers, and the longest silence allowed between stream chunks. */
  timeoutMs: number;
  emit: (piece: string) => void;
}

export interface AttemptResult {
  /** The content this call produced (also passed to `emit`, piece by piece). */
  text: string;
  finishReason: string | null;
  /** The last usage the server reported in this call, if any. */
  usage: TokenUsage | null;
  /** Set when the call failed before a finish_reason arrived. */
  error?: unknown;
}

/** Wraps an exception from the caller's onDelta so that it propagates instead of being retried. */
class DeltaCallbackError extends Error {}

/**
 * One streamed HTTP call. Never throws for provider faults: they come back as `error` so the
 * adapter can decide about retries with the partial text in hand.
 */
export async function streamAttempt(input: AttemptInput): Promise<AttemptResult> {
  const { request } = input;
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  let idle: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, input.timeoutMs);
  };
  const result: AttemptResult = { text: '', finishReason: null, usage: null };
  try {
    // The SDK's own timeout covers the wait for headers; the idle timer below covers the body,
    // so a long but healthy stream is never cut while a stalled one is.
    const stream = await input.client.chat.completions.create(
      {
        model: input.model,
        messages: input.messages,
        stream: true,
        stream_options: { include_usage: true },
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
      },
      { signal: controller.signal, timeout: input.timeoutMs },
    );
    armIdleTimer();
    for await (const chunk of stream) {
      armIdleTimer();
      if (chunk.usage) result.usage = toTokenUsage(chunk.usage);
      const choice = chunk.choices?.[0];
      const piece = choice?.delta?.content;
      if (piece) {
        result.text += piece;
        try {
          input.emit(piece);
        } catch (error) {
          throw new DeltaCallbackError('onDelta failed', { cause: error });
        }
      }
      if (choice?.finish_reason) result.finishReason = choice.finish_reason;
    }
    // NOTE: the SDK ends the iteration quietly when its request is aborted, so ask why it ended.
    if (controller.signal.aborted && result.finishReason === null) result.error = new AttemptAborted(timedOut);
    else if (result.finishReason === null) result.error = new Error('the stream ended before a finish_reason');
  } catch (error) {
    if (error instanceof DeltaCallbackError) throw error.cause;
    result.error = timedOut ? new AttemptAborted(true) : error;
  } finally {
    clearTimeout(idle);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
  return result;
}
