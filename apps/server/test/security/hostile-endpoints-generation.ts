import { type EndpointSpec, hostileIds, INJECTIONS, jsonEndpoint, UNKNOWN_ID, urlEndpoint } from './hostile-cases.js';

/** Writing: starting a task, its progress stream, status and cancel, its result, feedback and SEO. */

const GUIDED_BAD_TYPE = { audience: 'student', type: 'no_such_type', style: 'accessible_easyread', length: 800, platform: 'wechat' };

/** Another user's task, an unknown one and hostile ids, at `/api/v1/articles/{taskId}{suffix}`. */
const taskUrls = (prefix: string, suffix: string) => (ctx: { otherTaskId: string }) => ({
  "another user's task": `${prefix}${ctx.otherTaskId}${suffix}`,
  'unknown task': `${prefix}${UNKNOWN_ID}${suffix}`,
  ...hostileIds(prefix, suffix),
});

export const GENERATION_ENDPOINTS: EndpointSpec[] = [
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
  urlEndpoint({
    name: 'GET /api/v1/articles/generate/stream/{taskId}',
    shape: 'status',
    opensStream: true,
    authed: true,
    own: (ctx) => `/api/v1/articles/generate/stream/${ctx.otherTaskId}`,
    urls: taskUrls('/api/v1/articles/generate/stream/', ''),
  }),
  urlEndpoint({
    name: 'GET /api/v1/articles/{taskId}/status',
    shape: 'status',
    authed: true,
    own: (ctx) => `/api/v1/articles/${ctx.otherTaskId}/status`,
    urls: taskUrls('/api/v1/articles/', '/status'),
  }),
  urlEndpoint({
    name: 'POST /api/v1/articles/{taskId}/cancel',
    method: 'POST',
    shape: 'status',
    authed: true,
    // The other user's task is running: a cancel that got through would end it and release its coins.
    own: (ctx) => `/api/v1/articles/${ctx.otherTaskId}/cancel`,
    urls: taskUrls('/api/v1/articles/', '/cancel'),
  }),
  urlEndpoint({
    name: 'GET /api/v1/articles/articles/{id}',
    shape: 'status',
    authed: true,
    own: (ctx) => `/api/v1/articles/articles/${ctx.myArticleId}`,
    urls: (ctx) => ({
      "another user's article": `/api/v1/articles/articles/${ctx.otherArticleId}`,
      "another user's article as html": `/api/v1/articles/articles/${ctx.otherArticleId}?content_type=html`,
      'unknown article': '/api/v1/articles/articles/a0000000000000000',
      ...hostileIds('/api/v1/articles/articles/'),
      'content_type: pdf': `/api/v1/articles/articles/${ctx.myArticleId}?content_type=pdf`,
      'content_type: MD': `/api/v1/articles/articles/${ctx.myArticleId}?content_type=MD`,
      'content_type: empty': `/api/v1/articles/articles/${ctx.myArticleId}?content_type=`,
      'content_type twice': `/api/v1/articles/articles/${ctx.myArticleId}?content_type=md&content_type=html`,
      'content_type: html injection': `/api/v1/articles/articles/${ctx.myArticleId}?content_type=${encodeURIComponent(INJECTIONS.html!)}`,
    }),
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
];
