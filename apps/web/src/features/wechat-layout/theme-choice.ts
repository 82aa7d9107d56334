import { isWechatThemeId, type WechatThemeId } from '@tianma/shared';

/** Where the chosen WeChat layout theme is remembered for the next dialog and the menu's quick copy. */
export const THEME_STORAGE_KEY = 'wechatTheme';

/** The remembered theme, or undefined when none was chosen (the server's default applies). */
export function storedWechatTheme(): WechatThemeId | undefined {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isWechatThemeId(value) ? value : undefined;
  } catch {
    // Storage refused (private mode, blocked cookies): no memory, not an error.
    return undefined;
  }
}

export function storeWechatTheme(theme: WechatThemeId): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // as above
  }
}

/** The server's page that shows the owner's article in a theme (framed by the dialog). */
export function wechatPreviewPath(articleId: string, theme: WechatThemeId): string {
  return `/preview/wechat/${encodeURIComponent(articleId)}?theme=${theme}`;
}
