/**
 * The LLM port. The pipeline's agents talk to a model only through this interface; the
 * OpenAI-compatible adapter implements it for any such API (DeepSeek, Qwen, Moonshot, GLM,
 * Doubao, Ollama, vLLM…). With no model configured the pipeline uses the offline composer
 * instead (generation/composer), which does not go through this port.
 */
export type LlmPurpose = 'analysis' | 'style' | 'outline' | 'research' | 'writing' | 'images' | 'combine' | 'seo' | 'keywords' | 'revision';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  /** Chooses the model (outline and writing may have their own) and labels usage records. */
  purpose: LlmPurpose;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Ask for a JSON object (response_format json_object where supported). */
  json?: boolean;
  signal?: AbortSignal;
  /** Streamed text as it arrives (each piece once, in order). */
  onDelta?: (text: string) => void;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /**
   * The part of promptTokens the provider served from its prefix cache (OpenAI, Qwen and Kimi:
   * usage.prompt_tokens_details.cached_tokens; DeepSeek: usage.prompt_cache_hit_tokens), when it
   * says. Absent when no answer reported it.
   */
  cachedPromptTokens?: number;
}

export interface ChatResult {
  text: string;
  usage: TokenUsage;
  model: string;
  /** How many HTTP calls the answer took (retries and continuations included). */
  calls: number;
  /** True when the model stopped at the length limit and the adapter had to continue. */
  continued: boolean;
}

export type LlmErrorCode =
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'TIMEOUT'
  | 'CONTEXT_TOO_LONG'
  | 'CONTENT_REFUSED'
  | 'EMPTY_OUTPUT'
  | 'BAD_RESPONSE'
  | 'AUTH'
  | 'ABORTED';

/** A model failure in our own terms; `message` never carries the API key or the endpoint's secrets. */
export class LlmError extends Error {
  override name = 'LlmError';
  /** Tokens the failed request still consumed (providers bill failed tries too). */
  usage?: TokenUsage;
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LlmPort {
  readonly name: string;
  chat(request: ChatRequest): Promise<ChatResult>;
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const sum: TokenUsage = {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  // Present once any part reported it, so "0 cached" is told apart from "not reported".
  if (a.cachedPromptTokens !== undefined || b.cachedPromptTokens !== undefined) sum.cachedPromptTokens = (a.cachedPromptTokens ?? 0) + (b.cachedPromptTokens ?? 0);
  return sum;
}

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
