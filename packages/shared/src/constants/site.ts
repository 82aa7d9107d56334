/** Facts about the site shown on public pages. */
export const SITE = {
  name: '天马',
  fullName: '天马Agent创作平台',
  tagline: '你只管天马行空，创作交给我们',
  aboutSlogan: '把创作交给我们，你只需天马行空',
  supportEmail: 'support@tianma.ai',
  salesEmail: 'sales@tianma.ai',
  company: '天马智能科技有限公司',
  icp: '京ICP备2025012345号-1',
  foundedAt: '2025.3',
  launchedAt: '2025.5',
  /** Encoded into the follow-us QR code in the footer. */
  officialAccountUrl: 'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=tianma',
} as const;

/** Routes of the web app (the route table of the spec, plus /my-articles of the creation doc and our online /editor). */
export const APP_ROUTES = [
  { path: '/', auth: false },
  { path: '/login', auth: false },
  { path: '/register', auth: false },
  { path: '/reset-password', auth: false },
  { path: '/pricing', auth: false },
  { path: '/product', auth: false },
  { path: '/about', auth: false },
  { path: '/pay', auth: false },
  { path: '/profile', auth: true },
  { path: '/create', auth: true },
  { path: '/advanced-create', auth: true },
  { path: '/my-articles', auth: true },
  { path: '/editor', auth: true },
  { path: '/shared/article/:articleId', auth: false },
  { path: '/admin', auth: true },
] as const;

/** Whether a path (no query) belongs to the web app's route table. */
export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.some((route) => {
    if (!route.path.includes(':')) return route.path === path;
    const prefix = route.path.slice(0, route.path.indexOf(':'));
    const rest = path.slice(prefix.length);
    return path.startsWith(prefix) && rest.length > 0 && !rest.includes('/');
  });
}

/** The four showcase cases on the home page (ids are seeded in the database). */
export const SHOWCASE_CASES = [
  { articleId: 'c7a1e4b2d9f84e6a9b3c5d2e1f0a8b7c', platform: 'xiaohongshu', platformLabel: '小红书', author: '林小满' },
  { articleId: '3f9d2c8b7a6e4d5c9b1a0e2f3d4c5b6a', platform: 'zhihu', platformLabel: '知乎', author: '陈思远' },
  { articleId: '8e2b4d6f1a3c5e7b9d0f2a4c6e8b1d3f', platform: 'wechat', platformLabel: '微信公众号', author: '周一禾' },
  { articleId: '5b7d9f1c3e5a7c9e1b3d5f7a9c1e3b5d', platform: 'wechat', platformLabel: '微信公众号', author: '许知行' },
] as const;
