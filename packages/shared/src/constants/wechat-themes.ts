/** Layout themes for the WeChat official-account rich text (issue 20, decision 072). */
export const WECHAT_THEMES = [
  { id: 'clean', name: '简约' },
  { id: 'business', name: '商务' },
  { id: 'literary', name: '文艺' },
  { id: 'tech', name: '科技' },
  { id: 'warm', name: '暖色' },
  { id: 'dark-accent', name: '深色强调' },
] as const;

export type WechatThemeId = (typeof WECHAT_THEMES)[number]['id'];

/** The theme used when none is chosen. */
export const DEFAULT_WECHAT_THEME: WechatThemeId = 'clean';

export function isWechatThemeId(value: unknown): value is WechatThemeId {
  return typeof value === 'string' && WECHAT_THEMES.some((theme) => theme.id === value);
}
