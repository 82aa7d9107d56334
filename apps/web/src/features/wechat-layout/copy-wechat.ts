import type { WechatThemeId } from '@tianma/shared';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { copyRichText } from '../exports/copy-rich-text';
import { fetchWechatHtml } from '../exports/export-api';

export const COPY_WECHAT_OK_TEXT = '已复制，可直接粘贴到公众号编辑器';
export const COPY_WECHAT_FAILED_TEXT = '复制失败，请重试';

interface Toasts {
  success(text: string): void;
  error(text: string): void;
}

/**
 * Copies the saved article as WeChat rich text in the theme and says how it went. Resolves to
 * whether it worked; the menu's 「复制为公众号格式」 and the 公众号排版 dialog share it.
 */
export async function copyWechatLayout(articleId: string, theme: WechatThemeId | undefined, toast: Toasts): Promise<boolean> {
  try {
    await copyRichText(fetchWechatHtml(articleId, theme).then((answer) => answer.html));
    toast.success(COPY_WECHAT_OK_TEXT);
    return true;
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message || REQUEST_FAILED_MESSAGE : COPY_WECHAT_FAILED_TEXT);
    return false;
  }
}
