import { type EndpointSpec, HUGE, hostileIds, INJECTIONS, jsonEndpoint, urlEndpoint } from './hostile-cases.js';

/** My articles: the list, the online editor (read, save, delete), the share switch and exports. */

export const ARTICLE_ENDPOINTS: EndpointSpec[] = [
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
  urlEndpoint({
    name: 'GET /api/v1/article/{articleId}',
    authed: true,
    own: (ctx) => `/api/v1/article/${ctx.myArticleId}`,
    urls: (ctx) => ({
      "another user's article": `/api/v1/article/${ctx.otherArticleId}`,
      'unknown article': '/api/v1/article/a0000000000000000',
      ...hostileIds('/api/v1/article/'),
    }),
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
  urlEndpoint({
    name: 'DELETE /api/v1/article/{articleId}',
    method: 'DELETE',
    authed: true,
    // My own article: a forged cookie that got through would delete it, and the database would show it.
    own: (ctx) => `/api/v1/article/${ctx.myArticleId}`,
    urls: (ctx) => ({
      "another user's article": `/api/v1/article/${ctx.otherArticleId}`,
      'unknown article': '/api/v1/article/a0000000000000000',
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
    name: 'GET /api/v1/article/{articleId}/export',
    authed: true,
    // My own article in a valid format: only the cookie is wrong.
    own: (ctx) => `/api/v1/article/${ctx.myArticleId}/export?format=md`,
    urls: (ctx) => {
      const mine = `/api/v1/article/${ctx.myArticleId}/export`;
      return {
        "another user's article as md": `/api/v1/article/${ctx.otherArticleId}/export?format=md`,
        "another user's article as docx": `/api/v1/article/${ctx.otherArticleId}/export?format=docx`,
        "another user's article as wechat-html": `/api/v1/article/${ctx.otherArticleId}/export?format=wechat-html`,
        'unknown article': '/api/v1/article/a0000000000000000/export?format=md',
        ...hostileIds('/api/v1/article/', '/export?format=md'),
        'format: missing': mine,
        'format: pdf': `${mine}?format=pdf`,
        'format: MD': `${mine}?format=MD`,
        'format: empty': `${mine}?format=`,
        'format twice': `${mine}?format=md&format=docx`,
        'format: path injection': `${mine}?format=${encodeURIComponent(INJECTIONS.path!)}`,
        'format: sql injection': `${mine}?format=${encodeURIComponent(INJECTIONS.sql!)}`,
        'format: 100 kB': `${mine}?format=${HUGE}`,
      };
    },
  }),
];
