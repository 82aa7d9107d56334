export interface NavItem {
  to: string;
  label: string;
}

/** Links of the header, in order; 创作中心 joins them only for signed-in users. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/', label: '首页' },
  { to: '/product', label: '产品介绍' },
  { to: '/pricing', label: '价格方案' },
  { to: '/about', label: '关于我们' },
];

export const CREATE_NAV: NavItem = { to: '/create', label: '创作中心' };
export const LOGIN_NAV: NavItem = { to: '/login', label: '登录' };

export function navItemsFor(signedIn: boolean): readonly NavItem[] {
  return signedIn ? [...PUBLIC_NAV, CREATE_NAV] : PUBLIC_NAV;
}
