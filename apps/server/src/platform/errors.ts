/**
 * One error type for everything the server refuses on purpose. `code` is stable (clients and
 * tests may match on it), `userMessage` is Chinese and safe to show, `internal` is for logs.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: '请求参数有误',
  UNAUTHENTICATED: '请先登录',
  FORBIDDEN: '没有权限执行此操作',
  NOT_FOUND: '请求的资源不存在',
  CONFLICT: '操作冲突，请刷新后重试',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  UNSUPPORTED_MEDIA_TYPE: '不支持的内容类型',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  INTERNAL: '服务器内部错误，请稍后重试',
  UNAVAILABLE: '服务暂时不可用，请稍后重试',
};

export interface AppErrorOptions {
  internal?: string;
  cause?: unknown;
  /** Seconds, sent as Retry-After (429, 503). */
  retryAfter?: number;
  /** Extra fields merged into the error body, for calls whose contract has them. */
  details?: Record<string, unknown>;
  /** An HTTP status other than the code's usual one (business limits: 402, 403, 429). */
  status?: number;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly retryAfter?: number;
  readonly details?: Record<string, unknown>;
  private readonly statusOverride?: number;

  constructor(code: ErrorCode, userMessage?: string, options: AppErrorOptions = {}) {
    super(options.internal ?? userMessage ?? DEFAULT_MESSAGES[code], { cause: options.cause });
    this.code = code;
    this.userMessage = userMessage ?? DEFAULT_MESSAGES[code];
    this.retryAfter = options.retryAfter;
    this.details = options.details;
    this.statusOverride = options.status;
  }

  get status(): number {
    return this.statusOverride ?? ERROR_STATUS[this.code];
  }
}

export const badRequest = (message?: string, options?: AppErrorOptions) => new AppError('BAD_REQUEST', message, options);
export const unauthenticated = (message?: string) => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
