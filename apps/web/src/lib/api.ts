/** What the client itself calls a failure that carried no server code. */
export const CLIENT_ERROR_CODES = {
  /** No answer arrived (network down, CORS, DNS, a chunk that failed to load). */
  network: 'NETWORK',
  /** An answer arrived but not in the shape the call promises. */
  badResponse: 'BAD_RESPONSE',
} as const;

/**
 * The one error type the web app sees for any failed call. The client branches on `status`,
 * `code` and `businessCode`, never on `message`, which is only for showing.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer arrived (network down, CORS, DNS). */
    readonly status: number,
    message: string,
    /**
     * The server's stable error code (`errorCode`, or a string `code`: 'BAD_REQUEST', 'KB_EMPTY'…),
     * else CLIENT_ERROR_CODES.network for status 0; undefined when neither applies.
     */
    readonly code: string | undefined = status === 0 ? CLIENT_ERROR_CODES.network : undefined,
    /** A numeric business code the contract names (1006: 业务限制). */
    readonly businessCode?: number,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = '网络错误，请稍后重试';
export const FORMAT_ERROR_MESSAGE = '接口返回数据格式错误';
export const REQUEST_FAILED_MESSAGE = '请求失败，请稍后重试';

/**
 * How a failure is worded. 'server': the server's own Chinese message when it sent one (account
 * and content calls). 'http': only the status line and the shape check (public asset calls,
 * whose error bodies are not meant for users; the spec words these errors this way).
 */
export type ErrorWording = 'server' | 'http';

/** What `schema` needs: a zod schema from @tianma/shared fits (the web app does not depend on zod itself). */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: boolean; data?: T };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Checks the successful answer; a mismatch is a FORMAT_ERROR_MESSAGE error. A loader (a dynamic
   * import) keeps the schema, and zod, out of the entry chunk: it is started with the request.
   */
  schema?: ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);
  signal?: AbortSignal;
  errorWording?: ErrorWording;
}

/** Calls our own server: JSON in and out, session cookie included, errors as ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, options);
}

/**
 * Posts a multipart form (file uploads) to our own server; the answer is read like apiRequest's.
 * The browser sets the multipart Content-Type with its boundary itself.
 */
export async function apiUpload<T = unknown>(path: string, form: FormData, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> {
  return send(path, { method: 'POST', headers: { Accept: 'application/json' }, body: form }, options);
}

/** The one place where a fetch and its answer become either the checked payload or an ApiError. */
async function send<T>(path: string, init: RequestInit, options: RequestOptions<T>): Promise<T> {
  const { signal, errorWording = 'server' } = options;
  // A loader's chunk loads while the request is under way; one that fails to load (a stale tab
  // after a deploy) reads as a network error, not as an unhandled rejection.
  const schema =
    typeof options.schema === 'function' ? options.schema().catch(() => null) : Promise.resolve(options.schema ?? null);
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'include', signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const serverMessage = errorWording === 'server' ? messageOf(payload) : undefined;
    throw errorFrom(payload, response.status, serverMessage ?? `HTTP ${response.status}: ${response.statusText}`);
  }
  if (isRecord(payload) && payload.success === false) {
    const fallback = errorWording === 'server' ? REQUEST_FAILED_MESSAGE : FORMAT_ERROR_MESSAGE;
    const serverMessage = errorWording === 'server' ? messageOf(payload) : undefined;
    throw errorFrom(payload, response.status, serverMessage ?? fallback);
  }
  if (!options.schema) return payload as T;
  const checker = await schema;
  if (!checker) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  const parsed = checker.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, FORMAT_ERROR_MESSAGE, CLIENT_ERROR_CODES.badResponse);
  return parsed.data as T;
}

/**
 * An error answer's codes (API.md): `errorCode` or a string `code` is the stable code; a numeric
 * `code` that is not the HTTP status is a business code (1006). Shared with the other readers of
 * error bodies (exports, the SSE stream's opening answer).
 */
export function errorFrom(payload: unknown, status: number, message: string): ApiError {
  const record = isRecord(payload) ? payload : {};
  const named = [record.errorCode, record.code].find((value): value is string => typeof value === 'string' && value !== '');
  const numeric = typeof record.code === 'number' && record.code !== status ? record.code : undefined;
  return new ApiError(status, message, named ?? (status === 0 ? CLIENT_ERROR_CODES.network : undefined), numeric);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Error answers carry `msg`, `message` or `error` depending on the call (API.md); the first non-blank one, trimmed. */
export function messageOf(payload: unknown): string | undefined {
  if (!isRecord(payload)) return undefined;
  for (const key of ['msg', 'message', 'error'] as const) {
    const value = payload[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}
