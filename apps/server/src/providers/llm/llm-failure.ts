import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { LlmError, type LlmErrorCode } from './llm-port.js';

/** One failed HTTP call, in our terms. */
export interface LlmFailure {
  code: LlmErrorCode;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
  /** The provider's own words, for the message (scrubbed before use). */
  detail: string;
}

export const CONTENT_REFUSED_MESSAGE = '内容未通过模型服务的安全审核，请调整主题或素材后重试';

/** Marks an attempt our idle timer or the caller's signal cut short (the SDK's stream ends quietly on abort). */
export class AttemptAborted extends Error {
  constructor(readonly byTimeout: boolean) {
    super(byTimeout ? 'no data within the per-call timeout' : 'aborted');
  }
}

const CONTEXT_CODES = new Set(['context_length_exceeded', 'string_above_max_length', 'model_context_window_exceeded']);
const CONTEXT_TEXT =
  /context[_ ]length|maximum context|context window|too many tokens|(input|prompt) is too long|input length|token limit|exceed(s|ed)?\b.{0,30}\b(tokens?|context)|上下文.{0,8}(长度|超|限制)|超(出|过)了?.{0,8}(最大)?(长度|上下文|token)|(长度|token数?).{0,4}超(出|过|限)|超长|(输入|文本|内容)过长/i;
const REFUSAL_CODES = new Set(['content_filter', 'data_inspection_failed', 'content_policy_violation', 'sensitive_content', '1301']);
const REFUSAL_TEXT =
  /敏感|违规|违禁|不安全|安全审核|内容审核|inappropriate content|content (management )?polic|content filter|safety system|moderation/i;

/** Statuses under which providers report request-content problems (refusals, oversized input). */
const CONTENT_STATUSES = new Set([400, 403, 413, 422, 451]);

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function classifyFailure(error: unknown, callerAborted: boolean): LlmFailure {
  if (callerAborted || error instanceof APIUserAbortError) return { code: 'ABORTED', retryable: false, detail: '' };
  if (error instanceof AttemptAborted) return { code: 'TIMEOUT', retryable: true, detail: error.message };
  if (error instanceof APIConnectionTimeoutError) return { code: 'TIMEOUT', retryable: true, detail: error.message };
  if (error instanceof APIConnectionError) return { code: 'SERVER_ERROR', retryable: true, detail: error.message };
  if (error instanceof APIError) return classifyApiError(error);
  // A stream chunk that was not JSON: the provider garbled its answer; another try may do better.
  if (error instanceof SyntaxError) return { code: 'BAD_RESPONSE', retryable: true, detail: error.message };
  // Anything else while reading the body is the connection dying midway (undici: "terminated").
  return { code: 'SERVER_ERROR', retryable: true, detail: error instanceof Error ? error.message : String(error) };
}

function classifyApiError(error: APIError): LlmFailure {
  const status = error.status;
  const code = String(error.code ?? error.type ?? '');
  const detail = error.message;
  const about = `${code} ${detail}`;
  // In-stream error events carry no status; they may still be a refusal or an oversized input.
  const contentStatus = status === undefined || CONTENT_STATUSES.has(status);
  if (REFUSAL_CODES.has(code) || (contentStatus && REFUSAL_TEXT.test(about))) {
    return { code: 'CONTENT_REFUSED', retryable: false, detail, ...(status ? { status } : {}) };
  }
  if (CONTEXT_CODES.has(code) || (contentStatus && status !== 403 && CONTEXT_TEXT.test(about))) {
    return { code: 'CONTEXT_TOO_LONG', retryable: false, detail, ...(status ? { status } : {}) };
  }
  if (status === undefined) return { code: 'SERVER_ERROR', retryable: true, detail };
  if (status === 401 || status === 403) return { code: 'AUTH', retryable: false, status, detail };
  if (status === 429) {
    // Out of credit is a 429 at OpenAI and some others: waiting does not help.
    const retryable = !/insufficient_quota|quota|余额|欠费/i.test(about);
    const after = retryAfterMs(error.headers);
    return { code: 'RATE_LIMITED', retryable, status, detail, ...(after === undefined ? {} : { retryAfterMs: after }) };
  }
  if (status === 408) return { code: 'TIMEOUT', retryable: true, status, detail };
  if (status >= 500) {
    const after = retryAfterMs(error.headers);
    return { code: 'SERVER_ERROR', retryable: true, status, detail, ...(after === undefined ? {} : { retryAfterMs: after }) };
  }
  return { code: 'BAD_RESPONSE', retryable: false, status, detail };
}

/** Capped exponential backoff; a server's Retry-After wins but is capped too. */
export function backoffDelayMs(failure: LlmFailure, failures: number, baseMs: number, maxMs: number): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, maxMs);
  return Math.min(maxMs, baseMs * 2 ** (failures - 1));
}

export interface Secrets {
  apiKey: string;
  baseUrl: string;
}

/** Removes the key, any bearer or Authorization value, key-looking tokens and the endpoint URL. */
export function scrubSecrets(text: string, secrets: Secrets): string {
  let out = text;
  if (secrets.apiKey.length >= 4) out = out.split(secrets.apiKey).join('[redacted]');
  if (secrets.baseUrl) out = out.split(secrets.baseUrl.replace(/\/+$/, '')).join('[endpoint]');
  return out
    .replace(/(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1[redacted]')
    .replace(/bearer\s+[^\s"',}]+/gi, 'Bearer [redacted]')
    .replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, 'sk-[redacted]');
}

export function toLlmError(failure: LlmFailure, tries: number, secrets: Secrets, timeoutMs: number): LlmError {
  const detail = scrubSecrets(failure.detail, secrets).slice(0, 300);
  const suffix = detail ? `：${detail}` : '';
  const afterTries = failure.retryable ? `，已尝试 ${tries} 次` : '';
  const messages: Record<LlmErrorCode, string> = {
    RATE_LIMITED: failure.retryable ? `模型服务限流${afterTries}${suffix}` : `模型服务额度不足或被限流${suffix}`,
    SERVER_ERROR: `模型服务出错${afterTries}${suffix}`,
    TIMEOUT: `模型服务在 ${Math.round(timeoutMs / 1000)} 秒内没有响应${afterTries}`,
    CONTEXT_TOO_LONG: `输入内容超出了模型的上下文长度${suffix}`,
    CONTENT_REFUSED: CONTENT_REFUSED_MESSAGE,
    EMPTY_OUTPUT: `模型没有返回任何内容，已尝试 ${tries} 次`,
    BAD_RESPONSE: `模型服务返回了无法处理的应答${afterTries}${suffix}`,
    AUTH: `模型服务拒绝了访问，请检查 API Key 与模型配置${suffix}`,
    ABORTED: '已取消',
  };
  return new LlmError(failure.code, messages[failure.code], failure.status);
}
