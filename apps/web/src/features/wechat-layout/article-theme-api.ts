import { isWechatThemeId, type WechatThemeId } from '@tianma/shared';
import { apiRequest, type ResponseSchema } from '../../lib/api';

/** An article's own WeChat layout theme (decision 076): read with the owner's article, set with a PUT. */

// Under the article family: dropped with the user's other data at sign-out (session-keys.ts).
export const articleThemeKey = (articleId: string) => ['articles', 'wechat-theme', articleId] as const;

const id = (articleId: string) => encodeURIComponent(articleId);
export const articlePath = (articleId: string) => `/api/v1/articles/articles/${id(articleId)}`;
export const articleThemePath = (articleId: string) => `/api/v1/articles/${id(articleId)}/wechat-theme`;

/** The owner's article fetch: only its `wechat_theme` matters here (null when none was chosen). */
const articleThemeSchema: ResponseSchema<{ theme: WechatThemeId | null }> = {
  safeParse: (payload) => {
    if (typeof payload !== 'object' || payload === null) return { success: false };
    const theme = (payload as { wechat_theme?: unknown }).wechat_theme;
    return { success: true, data: { theme: isWechatThemeId(theme) ? theme : null } };
  },
};

export async function fetchArticleTheme(articleId: string, signal?: AbortSignal): Promise<WechatThemeId | null> {
  return (await apiRequest(articlePath(articleId), { schema: articleThemeSchema, signal })).theme;
}

export function saveArticleTheme(articleId: string, theme: WechatThemeId): Promise<unknown> {
  return apiRequest(articleThemePath(articleId), { method: 'PUT', body: { theme } });
}
