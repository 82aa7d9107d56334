import { type EndpointSpec, hostileIds, urlEndpoint } from './hostile-cases.js';

/** Calls anyone may make without signing in: share pages' data, case cards, WeChat config, media. */

export const PUBLIC_ENDPOINTS: EndpointSpec[] = [
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
    name: 'GET /deepspaceasset/deepspace/articles/article/{articleId}',
    authed: false,
    urls: (ctx) => ({
      "another user's private article": `/deepspaceasset/deepspace/articles/article/${ctx.otherArticleId}`,
      'unknown article': '/deepspaceasset/deepspace/articles/article/a0000000000000000',
      ...hostileIds('/deepspaceasset/deepspace/articles/article/'),
    }),
  }),
  urlEndpoint({
    name: 'GET /media/{folder}/{name}',
    authed: false,
    urls: () => ({
      'unknown folder': '/media/secrets/a.png',
      'folder: encoded ../': '/media/..%2F..%2Fetc/passwd',
      'name: hidden file': '/media/avatars/.env',
      'name: missing file': '/media/avatars/no-such-file.png',
      ...hostileIds('/media/avatars/'),
    }),
  }),
];
