/*
 * One call of WeChat's official-account API over plain fetch, shared by the site's own account
 * (JS-SDK sharing) and the accounts users bind for publishing. WeChat answers HTTP 200 with
 * `errcode` on failure. Messages name the call and the errcode only: never the secret, a token or a
 * URL query; an errmsg that echoed the secret loses it here.
 */

export type WechatFailureKind = 'WECHAT_ERROR' | 'TIMEOUT' | 'NETWORK_ERROR' | 'BAD_RESPONSE';

export interface WechatFailure {
  kind: WechatFailureKind;
  /** For logs: `<label>: <call> …`. */
  message: string;
  errcode?: number;
  /** WeChat's own text for an errcode, scrubbed and cut. */
  errmsg?: string;
}

export interface WechatCall {
  /** `wechat` or `wechat-mp`: starts every message, says which client failed. */
  label: string;
  /** The call's name in messages (`stable_token`). */
  name: string;
  origin: string;
  /** Path and query. */
  path: string;
  init: RequestInit;
  timeoutMs: number;
  /** Cut out of WeChat's errmsg, should it ever echo it. */
  secret: string;
  errmsgMax: number;
}

/** The reply as an object, or the error `fail` makes of what went wrong. */
export async function callWechat(call: WechatCall, fail: (failure: WechatFailure) => Error): Promise<Record<string, unknown>> {
  const { label, name } = call;
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${call.origin}${call.path}`, {
      ...call.init,
      headers: { Accept: 'application/json', 'User-Agent': `tianma-server (${label}; node)`, ...call.init.headers },
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'error',
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const errorName = (error as { name?: unknown } | null)?.name;
    if (errorName === 'TimeoutError' || errorName === 'AbortError') {
      throw fail({ kind: 'TIMEOUT', message: `${label}: ${name} got no answer within ${call.timeoutMs} ms` });
    }
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    throw fail({ kind: 'NETWORK_ERROR', message: `${label}: ${name} failed to connect (${typeof cause === 'string' ? cause : 'Error'})` });
  }
  if (status < 200 || status >= 300) throw fail({ kind: 'BAD_RESPONSE', message: `${label}: ${name} answered HTTP ${status}` });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail({ kind: 'BAD_RESPONSE', message: `${label}: ${name} answered something that is not JSON` });
  }
  if (typeof parsed !== 'object' || parsed === null) throw fail({ kind: 'BAD_RESPONSE', message: `${label}: ${name} answered something that is not an object` });
  const reply = parsed as Record<string, unknown>;
  const errcode = reply.errcode;
  if (typeof errcode === 'number' && errcode !== 0) {
    const raw = typeof reply.errmsg === 'string' ? reply.errmsg.slice(0, call.errmsgMax) : '';
    const errmsg = call.secret ? raw.split(call.secret).join('[redacted]') : raw;
    throw fail({ kind: 'WECHAT_ERROR', message: `${label}: ${name} failed: errcode ${errcode} ${errmsg}`, errcode, errmsg });
  }
  return reply;
}
