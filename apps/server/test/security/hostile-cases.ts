import { randomBytes } from 'node:crypto';

/**
 * The hostile-input kit (issue 9, point 7): the types every case table uses and the generators
 * that turn one endpoint's description into its cases. Each case is a request that must be
 * refused: a 4xx with a Chinese message in the call's own error shape, nothing written, and the
 * server still answering /healthz. The tables live in hostile-endpoints-*.ts; hostile-catalog.ts
 * puts them together and counts them for docs/security.md.
 */

/**
 * The call's own error shape (API.md): `success:false` with `msg`/`message`, `status:'error'` with
 * `error`, or the payment notification's `{code:'FAIL', message}` that WeChat Pay reads.
 */
export type ErrorShape = 'success' | 'status' | 'fail';

/** What a case needs to know about the world: two users and the things the second one owns. */
export interface HostileContext {
  me: { cookie: string; deepspaceId: number };
  /** A second user: forged ids name their things. */
  other: { deepspaceId: number };
  /** A user only the change-password cases use (wrong current passwords may count against them). */
  pwUser: { cookie: string; deepspaceId: number };
  myArticleId: string;
  otherArticleId: string;
  /** A running generation task of the other user: nobody else may watch, read or cancel it. */
  otherTaskId: string;
  otherKbSessionId: string;
  otherKbFileId: string;
  otherOutTradeNo: string;
  /** A notification the sandbox signed for an order that does not exist (replays and tampering). */
  signedNotification: { headers: Record<string, string>; body: string };
}

export interface HostileRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Raw body text; sent with `contentType` (application/json unless said). */
  body?: string;
  contentType?: string;
  cookie?: string;
  /** Extra request headers (the payment notification's Wechatpay-* headers). */
  headers?: Record<string, string>;
}

export interface HostileCase {
  label: string;
  request: HostileRequest;
  /**
   * A call whose 200 is the right answer as long as nothing is written and no 5xx comes back:
   * injection text in a call that writes nothing (SEO keywords), logout without a valid session.
   */
  mayAccept?: boolean;
  /** The refusal's exact message, where one guard at the edge must be the one that refuses (ill-formed text). */
  message?: string;
}

export interface EndpointSpec {
  name: string;
  shape: ErrorShape;
  /** A server-sent-event call: a refusal must be JSON, never an opened stream. */
  opensStream?: boolean;
  cases(ctx: HostileContext): HostileCase[];
}

export const HUGE = 'A'.repeat(100 * 1024);
export const HUGE_ARRAY = Array.from({ length: 10_000 }, (_, i) => `item${i}`);
export const INJECTIONS: Record<string, string> = {
  sql: "' OR 1=1 --",
  html: '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template-injection text itself.
  template: '${{7*7}}',
  path: '../../etc/passwd',
  nul: 'abc\u0000def',
};
/** What the text guard answers (platform/http/text-guard.ts); written out so the suite does not import it. */
export const ILL_FORMED_TEXT = '请求内容包含无效字符';
/** A lone UTF-16 surrogate: JSON.stringify writes it as the escape "\ud800", which JSON.parse turns back into one. */
export const LONE_SURROGATE = '新能源\ud800汽车';

/** An id of the right form that names nothing (UUID-shaped, so every id pattern accepts it). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** One value of each JSON type; a field gets those whose type differs from its own. */
const WRONG_TYPES: Record<string, unknown> = {
  number: 12345,
  boolean: true,
  object: { $gt: '' },
  array: ['x'],
  string: 'not-the-right-type',
};
const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

const FORGED_COOKIES = {
  'no cookie': undefined,
  'forged random session token': `tm_session=${randomBytes(32).toString('base64url')}`,
  'forged injection cookie': "tm_session=' OR 1=1 --",
} as const;

/** Over the 1 MB body limit. */
const OVER_LIMIT = JSON.stringify({ padding: 'A'.repeat(1024 * 1024 + 10) });

function setPath(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

interface JsonEndpointOptions {
  name: string;
  method?: 'POST' | 'PUT';
  shape?: ErrorShape;
  url(ctx: HostileContext): string;
  /** A body of the right shape that the server refuses for a late reason (wrong code, not owned…). */
  base(ctx: HostileContext): Record<string, unknown>;
  /** The cookie the call is made with; absent for public calls (then no cookie cases). */
  cookie?(ctx: HostileContext): string;
  /** Fields (dot paths) with a fixed set of values, and values outside it. */
  enums?: Record<string, unknown[]>;
  /** Free-text fields: no injection cases (the text is stored or used as written, which is right). */
  freeText?: string[];
  /** Free-text fields of a call that writes nothing: injection cases may be answered 200. */
  inertText?: string[];
  /** Path variants: other users' ids and hostile ids in the URL. */
  paths?(ctx: HostileContext): Record<string, string>;
}

/** Cases for a call with a JSON body: broken bodies, wrong types, huge values, injections, cookies. */
export function jsonEndpoint(options: JsonEndpointOptions): EndpointSpec {
  return {
    name: options.name,
    shape: options.shape ?? 'success',
    cases(ctx) {
      const method = options.method ?? 'POST';
      const url = options.url(ctx);
      const cookie = options.cookie?.(ctx);
      const base = options.base(ctx);
      const raw = (label: string, body: string, extra: Partial<HostileRequest> = {}): HostileCase => ({
        label,
        request: { method, url, body, cookie, ...extra },
      });
      const json = (label: string, body: unknown, mayAccept = false): HostileCase => ({
        ...raw(label, JSON.stringify(body)),
        ...(mayAccept ? { mayAccept } : {}),
      });
      const cases: HostileCase[] = [
        raw('malformed JSON', '{"a":'),
        raw('JSON array instead of an object', '[]'),
        raw('JSON string instead of an object', '"hello"'),
        raw('JSON number instead of an object', '42'),
        raw('JSON null', 'null'),
        raw('empty body with a JSON content type', ''),
        raw('prototype pollution (__proto__)', `{"__proto__":{"isAdmin":true},${JSON.stringify(base).slice(1)}`),
        raw('XML content type', '<a/>', { contentType: 'application/xml' }),
        raw('body over the 1 MB limit', OVER_LIMIT),
        { ...raw('lone surrogate in a key', `{"\\ud800":1,${JSON.stringify(base).slice(1)}`), message: ILL_FORMED_TEXT },
      ];
      for (const field of Object.keys(base)) {
        const own = typeOf(base[field]);
        for (const [type, value] of Object.entries(WRONG_TYPES)) {
          if (type !== own) cases.push(json(`${field}: wrong type ${type}`, setPath(base, field, value)));
        }
        if (own !== 'array') cases.push(json(`${field}: 10,000-element array`, setPath(base, field, HUGE_ARRAY)));
        if (own === 'string') {
          cases.push(json(`${field}: 100 kB string`, setPath(base, field, HUGE)));
          // Free text too: a lone surrogate in a topic reached PostgreSQL and answered 500 (issue 15).
          cases.push({ ...json(`${field}: lone surrogate`, setPath(base, field, LONE_SURROGATE)), message: ILL_FORMED_TEXT });
          if (!options.freeText?.includes(field)) {
            const inert = options.inertText?.includes(field) ?? false;
            for (const [kind, text] of Object.entries(INJECTIONS)) cases.push(json(`${field}: ${kind} injection`, setPath(base, field, text), inert));
          }
        }
      }
      for (const [field, values] of Object.entries(options.enums ?? {})) {
        for (const value of values) cases.push(json(`${field}: unknown value ${JSON.stringify(value)}`, setPath(base, field, value)));
      }
      if ('deepspaceId' in base) {
        cases.push(json("deepspaceId: another user's", setPath(base, 'deepspaceId', ctx.other.deepspaceId)));
        cases.push(json('deepspaceId: negative', setPath(base, 'deepspaceId', -1)));
        cases.push(json('deepspaceId: past 2^53', setPath(base, 'deepspaceId', '99999999999999999999999')));
      }
      if (options.cookie) {
        for (const [label, forged] of Object.entries(FORGED_COOKIES)) cases.push({ label, request: { method, url, body: JSON.stringify(base), cookie: forged } });
      }
      for (const [label, path] of Object.entries(options.paths?.(ctx) ?? {})) {
        cases.push({ label, request: { method, url: path, body: JSON.stringify(base), cookie } });
      }
      return cases;
    },
  };
}

interface UrlEndpointOptions {
  name: string;
  method?: 'GET' | 'POST' | 'DELETE';
  shape?: ErrorShape;
  authed: boolean;
  opensStream?: boolean;
  /** Hostile URLs, by label; sent with the signed-in user's cookie when the call is authed. */
  urls(ctx: HostileContext): Record<string, string>;
  /**
   * The URL the forged-cookie cases use. Where it names the signed-in user's own thing (an article
   * to delete, an export), a forged cookie that got through would show in the database or the answer.
   */
  own?(ctx: HostileContext): string;
  /** Forged cookies may be answered 200 (logout: nobody is signed in, so nothing happens). */
  cookieMayAccept?: boolean;
}

/** Cases for a call whose input is its URL (path and query) and its cookie. */
export function urlEndpoint(options: UrlEndpointOptions): EndpointSpec {
  return {
    name: options.name,
    shape: options.shape ?? 'success',
    ...(options.opensStream ? { opensStream: true } : {}),
    cases(ctx) {
      const method = options.method ?? 'GET';
      const cookie = options.authed ? ctx.me.cookie : undefined;
      const cases: HostileCase[] = Object.entries(options.urls(ctx)).map(([label, url]) => ({ label, request: { method, url, cookie } }));
      if (options.authed && options.own) {
        for (const [label, forged] of Object.entries(FORGED_COOKIES)) {
          cases.push({ label, request: { method, url: options.own(ctx), cookie: forged }, ...(options.cookieMayAccept ? { mayAccept: true } : {}) });
        }
      }
      return cases;
    },
  };
}

/** Hostile values for one id in a URL, encoded as a client would send them. */
export function hostileIds(prefix: string, suffix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [kind, text] of Object.entries(INJECTIONS)) out[`id: ${kind} injection`] = `${prefix}${encodeURIComponent(text)}${suffix}`;
  out['id: 100 kB'] = `${prefix}${HUGE}${suffix}`;
  out['id: raw ../ traversal'] = `${prefix}..%2F..%2F..%2Fetc%2Fpasswd${suffix}`;
  out['id: an encoded lone surrogate'] = `${prefix}%ED%A0%80${suffix}`;
  return out;
}

/** Placeholder ids for counting cases without a database (caseCounts). */
export const PLACEHOLDER: HostileContext = {
  me: { cookie: 'x', deepspaceId: 1 },
  other: { deepspaceId: 2 },
  pwUser: { cookie: 'x', deepspaceId: 3 },
  myArticleId: 'a1',
  otherArticleId: 'a2',
  otherTaskId: 't',
  otherKbSessionId: 's',
  otherKbFileId: 'f',
  otherOutTradeNo: 'o',
  signedNotification: { headers: {}, body: '{}' },
};
