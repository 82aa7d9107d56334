import { randomBytes } from 'node:crypto';

/**
 * The hostile-input case list (issue 9, point 7), built from a table of JSON endpoints. Each case is
 * a request that must be refused: a 4xx with a Chinese message in the call's own error shape,
 * nothing written, and the server still answering /healthz. `caseCounts()` gives the per-endpoint
 * numbers that docs/security.md lists (a test checks the table against them).
 */

export type ErrorShape = 'success' | 'status';

/** What a case needs to know about the world: two users, their articles, sessions and orders. */
export interface HostileContext {
  me: { cookie: string; deepspaceId: number };
  /** A second user: forged ids name their things. */
  other: { deepspaceId: number };
  /** A user only the change-password cases use (wrong current passwords may count against them). */
  pwUser: { cookie: string; deepspaceId: number };
  myArticleId: string;
  otherArticleId: string;
  otherKbSessionId: string;
  otherOutTradeNo: string;
}

export interface HostileRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Raw body text; sent with `contentType` (application/json unless said). */
  body?: string;
  contentType?: string;
  cookie?: string;
}

export interface HostileCase {
  label: string;
  request: HostileRequest;
  /**
   * Injection text in a free-text field whose call writes nothing (SEO keywords): a 200 is a right
   * answer there, as long as nothing is written and no 5xx comes back.
   */
  mayAccept?: boolean;
}

export interface EndpointSpec {
  name: string;
  shape: ErrorShape;
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

function jsonEndpoint(options: JsonEndpointOptions): EndpointSpec {
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
      ];
      const fields = Object.keys(base);
      for (const field of fields) {
        const own = typeOf(base[field]);
        for (const [type, value] of Object.entries(WRONG_TYPES)) {
          if (type !== own) cases.push(json(`${field}: wrong type ${type}`, setPath(base, field, value)));
        }
        if (own !== 'array') cases.push(json(`${field}: 10,000-element array`, setPath(base, field, HUGE_ARRAY)));
        if (own === 'string') {
          cases.push(json(`${field}: 100 kB string`, setPath(base, field, HUGE)));
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

interface GetEndpointOptions {
  name: string;
  shape?: ErrorShape;
  authed: boolean;
  /** Hostile URLs, by label; the last segment or query value is what is hostile. */
  urls(ctx: HostileContext): Record<string, string>;
  /** A URL the call answers for the signed-in user, for the cookie cases. */
  own?(ctx: HostileContext): string;
  cookie?(ctx: HostileContext): string;
  method?: 'GET' | 'POST';
}

function urlEndpoint(options: GetEndpointOptions): EndpointSpec {
  return {
    name: options.name,
    shape: options.shape ?? 'success',
    cases(ctx) {
      const method = options.method ?? 'GET';
      const cookie = options.authed ? (options.cookie ?? ((c: HostileContext) => c.me.cookie))(ctx) : undefined;
      const cases: HostileCase[] = Object.entries(options.urls(ctx)).map(([label, url]) => ({ label, request: { method, url, cookie } }));
      if (options.authed && options.own) {
        for (const [label, forged] of Object.entries(FORGED_COOKIES)) cases.push({ label, request: { method, url: options.own(ctx), cookie: forged } });
      }
      return cases;
    },
  };
}

/** Hostile values for one id in a URL, encoded as a client would send them. */
function hostileIds(prefix: string, suffix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [kind, text] of Object.entries(INJECTIONS)) out[`id: ${kind} injection`] = `${prefix}${encodeURIComponent(text)}${suffix}`;
  out['id: 100 kB'] = `${prefix}${HUGE}${suffix}`;
  out['id: raw ../ traversal'] = `${prefix}..%2F..%2F..%2Fetc%2Fpasswd${suffix}`;
  return out;
}

const STRONG_NEW = 'Tianma#2026x';
const WRONG = 'Wrong#pass99';
const GUIDED_BAD_TYPE = { audience: 'student', type: 'no_such_type', style: 'accessible_easyread', length: 800, platform: 'wechat' };

export const ENDPOINTS: EndpointSpec[] = [
  jsonEndpoint({
    name: 'POST /api/account/user/verify',
    url: () => '/api/account/user/verify',
    base: () => ({ username: 'nobody_hostile', password: WRONG, rememberMe: false }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/sms/verify',
    url: () => '/api/account/sms/verify',
    base: () => ({ phoneNumber: '13900000077', code: '000000', type: 'LOGIN', rememberMe: false }),
    enums: { type: ['REGISTER', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/email/verify',
    url: () => '/api/account/email/verify',
    base: () => ({ email: 'nobody-hostile@example.cn', code: '000000', rememberMe: false }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/sms/send-code',
    url: () => '/api/account/sms/send-code',
    // Valid as it stands: every case changes one field to something refused.
    base: () => ({ phoneNumber: '13900000078', type: 'LOGIN' }),
    enums: { type: ['RESET', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/email/send-code',
    url: () => '/api/account/email/send-code',
    base: () => ({ email: 'nobody-hostile@example.cn', type: 'LOGIN' }),
    enums: { type: ['RESET', 'ADMIN', 'login'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/auth/register',
    url: () => '/api/account/auth/register',
    base: () => ({
      username: 'hostile_reg',
      phoneNumber: '13900000079',
      email: 'hostile-reg@example.cn',
      type: 'REGISTER',
      password: STRONG_NEW,
      verificationCode: '000000',
    }),
    enums: { type: ['LOGIN', 'ADMIN'] },
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/change-password',
    url: () => '/api/account/user/change-password',
    cookie: (ctx) => ctx.pwUser.cookie,
    base: (ctx) => ({ currentPassword: WRONG, newPassword: STRONG_NEW, confirmPassword: STRONG_NEW, deepspaceId: ctx.pwUser.deepspaceId }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/send-reset-code',
    url: () => '/api/account/user/send-reset-code',
    base: () => ({ phone: '13900000080' }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/user/reset-password',
    url: () => '/api/account/user/reset-password',
    base: () => ({ phone: '13900000080', code: '000000', newPassword: STRONG_NEW }),
  }),
  jsonEndpoint({
    name: 'POST /api/account/pay/create',
    url: () => '/api/account/pay/create',
    cookie: (ctx) => ctx.me.cookie,
    // 5900 fen is the Pro price, not a coin amount (not a multiple of 200): refused as it stands.
    base: () => ({ amount: 5900, payType: 0, description: '金币充值' }),
    enums: { payType: [2, -1, 1.5, '1'], amount: [-200, 0, 1e308, 200.5] },
    freeText: ['description'],
  }),
  urlEndpoint({
    name: 'GET /api/account/pay/status',
    authed: true,
    own: (ctx) => `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}`,
    urls: (ctx) => ({
      "another user's order": `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}`,
      "another user's deepspaceId": `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=${ctx.other.deepspaceId}`,
      'no outTradeNo': '/api/account/pay/status',
      'outTradeNo twice': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&outTradeNo=x`,
      ...hostileIds('/api/account/pay/status?outTradeNo='),
      'deepspaceId: sql injection': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=${encodeURIComponent(INJECTIONS.sql!)}`,
    }),
  }),
  jsonEndpoint({
    name: 'POST /api/v1/articles/generate',
    shape: 'status',
    url: () => '/api/v1/articles/generate',
    cookie: (ctx) => ctx.me.cookie,
    base: (ctx) => ({ topic: '新能源汽车的电池选择', advanced_mode: false, deepspaceId: ctx.me.deepspaceId, connection_id: 'c1', settings: GUIDED_BAD_TYPE }),
    enums: {
      'settings.type': ['no_such_type', ''],
      'settings.style': ['no_such_style'],
      'settings.platform': ['myspace'],
      'settings.length': [-1, 1e9, 'long'],
    },
    freeText: ['topic'],
  }),
  jsonEndpoint({
    name: 'POST /api/v1/feedback',
    url: () => '/api/v1/feedback',
    cookie: (ctx) => ctx.me.cookie,
    // Feedback about another user's article: refused (404) as it stands.
    base: (ctx) => ({ type: 'like', content: '写得很好', timestamp: '2026-11-01T08:00:00Z', articleId: ctx.otherArticleId }),
    enums: { type: ['love', 'LIKE', ''] },
  }),
  jsonEndpoint({
    name: 'POST /api/v1/seo/recommend-keywords',
    url: () => '/api/v1/seo/recommend-keywords',
    cookie: (ctx) => ctx.me.cookie,
    // An empty topic is refused; the call writes nothing, so a topic of injection text may be answered.
    base: () => ({ topic: '', platform: 'wechat', industry: '科技', audience: '学生' }),
    inertText: ['topic'],
  }),
  jsonEndpoint({
    name: 'PUT /api/v1/article/{articleId}',
    method: 'PUT',
    url: (ctx) => `/api/v1/article/${ctx.myArticleId}`,
    cookie: (ctx) => ctx.me.cookie,
    // Valid for the owner: each case breaks the content or the id. Markdown with <script> is content.
    base: () => ({ content: '# 新的内容' }),
    freeText: ['content'],
    paths: (ctx) => ({
      "another user's article": `/api/v1/article/${ctx.otherArticleId}`,
      ...hostileIds('/api/v1/article/'),
    }),
  }),
  jsonEndpoint({
    name: 'PUT /api/v1/article/{articleId}/visibility',
    method: 'PUT',
    url: (ctx) => `/api/v1/article/${ctx.myArticleId}/visibility`,
    cookie: (ctx) => ctx.me.cookie,
    base: () => ({ isPublic: true }),
    enums: { isPublic: ['true', 1, 'yes'] },
    paths: (ctx) => ({
      "another user's article": `/api/v1/article/${ctx.otherArticleId}/visibility`,
      ...hostileIds('/api/v1/article/', '/visibility'),
    }),
  }),
  urlEndpoint({
    name: 'POST /api/v1/temp_knowledge/build/{sessionId}',
    method: 'POST',
    authed: true,
    own: (ctx) => `/api/v1/temp_knowledge/build/${ctx.otherKbSessionId}`,
    urls: (ctx) => ({
      "another user's session": `/api/v1/temp_knowledge/build/${ctx.otherKbSessionId}`,
      'unknown session': '/api/v1/temp_knowledge/build/00000000-0000-4000-8000-000000000000',
      ...hostileIds('/api/v1/temp_knowledge/build/'),
    }),
  }),
  urlEndpoint({
    name: 'GET /api/v1/wechat/config',
    authed: false,
    urls: () => ({
      'no url': '/api/v1/wechat/config',
      'another site': `/api/v1/wechat/config?url=${encodeURIComponent('https://evil.example.com/shared/article/x')}`,
      'javascript: url': `/api/v1/wechat/config?url=${encodeURIComponent('javascript:alert(1)')}`,
      'file: url': `/api/v1/wechat/config?url=${encodeURIComponent('file:///etc/passwd')}`,
      'url twice': `/api/v1/wechat/config?url=a&url=b`,
      ...hostileIds('/api/v1/wechat/config?url='),
    }),
  }),
  urlEndpoint({
    name: 'GET /api/v1/shared/article/{articleId}',
    authed: false,
    urls: (ctx) => ({
      "another user's private article": `/api/v1/shared/article/${ctx.otherArticleId}`,
      'unknown article': '/api/v1/shared/article/a0000000000000000',
      ...hostileIds('/api/v1/shared/article/'),
    }),
  }),
  urlEndpoint({
    name: 'GET /api/v1/articles/user/{deepspaceId}/page',
    authed: true,
    own: (ctx) => `/api/v1/articles/user/${ctx.me.deepspaceId}/page`,
    urls: (ctx) => ({
      "another user's deepspaceId": `/api/v1/articles/user/${ctx.other.deepspaceId}/page`,
      'negative deepspaceId': '/api/v1/articles/user/-1/page',
      'deepspaceId past 2^53': '/api/v1/articles/user/99999999999999999999999/page',
      ...hostileIds('/api/v1/articles/user/', '/page'),
      'page: 0': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?page=0`,
      'page: -1': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?page=-1`,
      'page: text': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?page=abc`,
      'page: 1e9': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?page=1000000000`,
      'size: 10000': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?size=10000`,
      'size: 0': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?size=0`,
      'size: sql injection': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?size=${encodeURIComponent(INJECTIONS.sql!)}`,
      'page: 100 kB': `/api/v1/articles/user/${ctx.me.deepspaceId}/page?page=${'9'.repeat(100 * 1024)}`,
    }),
  }),
];

/** Multipart cases (written out in the test); listed here so the docs table counts them too. */
export const UPLOAD_CASES = {
  'POST /api/v1/temp_knowledge/upload': [
    '.pdf that is an executable',
    '.txt that is binary',
    '.docx zip bomb declaring gigabytes',
    '.docx zip bomb inflating past its declared size',
    'truncated PDF',
    'PDF whose xref and page tree loop',
    'JSON body instead of multipart',
    'malformed multipart',
    "another user's deepspace_id",
    "another user's session_id",
    'no cookie',
    'forged cookie',
  ],
  'POST /api/account/user/upload-avatar': [
    '.png that is an executable',
    '.jpg that is SVG with script',
    '.php.png that is PHP',
    '.webp that is HTML',
    'no file',
    'JSON body instead of multipart',
    'malformed multipart',
    "another user's deepspaceId",
    'no cookie',
  ],
} as const;

const PLACEHOLDER: HostileContext = {
  me: { cookie: 'x', deepspaceId: 1 },
  other: { deepspaceId: 2 },
  pwUser: { cookie: 'x', deepspaceId: 3 },
  myArticleId: 'a1',
  otherArticleId: 'a2',
  otherKbSessionId: 's',
  otherOutTradeNo: 'o',
};

/** Cases tried per endpoint, in table order. */
export function caseCounts(): [string, number][] {
  return [
    ...ENDPOINTS.map((endpoint): [string, number] => [endpoint.name, endpoint.cases(PLACEHOLDER).length]),
    ...Object.entries(UPLOAD_CASES).map(([name, cases]): [string, number] => [name, cases.length]),
  ];
}
