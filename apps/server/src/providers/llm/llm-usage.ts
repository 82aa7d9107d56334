import type { ChatMessage, TokenUsage } from './llm-port.js';

/** Prices in yuan per million tokens. */
export interface LlmPricing {
  promptPerMillion: number;
  completionPerMillion: number;
  /** Prompt tokens served from the provider's prefix cache (DeepSeek, Qwen and Kimi charge a fraction); unset: the prompt price. */
  cachedPromptPerMillion?: number;
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/gu;

/**
 * A rough token count for providers that report no usage: Chinese tokenizers give about one
 * token per CJK character, and other text runs about four characters per token.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const other = [...text].length - cjk;
  return cjk + Math.ceil(other / 4);
}

export function estimateUsage(messages: ChatMessage[], completion: string): TokenUsage {
  // A few tokens per message for the role markers, as chat templates add them.
  const promptTokens = messages.reduce((sum, message) => sum + 4 + estimateTokens(message.content), 0);
  const completionTokens = estimateTokens(completion);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/** A stream's usage as the providers send it; the cache fields differ by provider. */
export interface ReportedUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  /** OpenAI, Qwen (DashScope compatible mode), Kimi. */
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  /** DeepSeek. */
  prompt_cache_hit_tokens?: number | null;
  /** Kimi's older field. */
  cached_tokens?: number | null;
}

export function toTokenUsage(usage: ReportedUsage): TokenUsage {
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? usage.cached_tokens;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.total_tokens ?? promptTokens + completionTokens,
    ...(typeof cached === 'number' && cached >= 0 ? { cachedPromptTokens: Math.min(cached, promptTokens) } : {}),
  };
}

/** Cost in yuan, rounded to 0.0001 yuan (a hundredth of a fen). */
export function estimateCostYuan(usage: TokenUsage, pricing: LlmPricing): number {
  const cached = usage.cachedPromptTokens ?? 0;
  const prompt = (usage.promptTokens - cached) * pricing.promptPerMillion + cached * (pricing.cachedPromptPerMillion ?? pricing.promptPerMillion);
  const yuan = (prompt + usage.completionTokens * pricing.completionPerMillion) / 1_000_000;
  return Math.round(yuan * 10_000) / 10_000;
}
