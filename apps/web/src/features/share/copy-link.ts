/** Copying the share link (spec §8 Share: copy success and failure texts). */

export const LINK_COPIED_TEXT = '链接已复制到剪贴板';
export const LINK_COPIED_FOR_FRIEND_TEXT = '链接已复制，请打开微信粘贴发送给好友';
export const LINK_COPIED_FOR_MOMENTS_TEXT = '链接已复制，请打开微信粘贴到朋友圈';
export const COPY_RETRY_TEXT = '复制失败，请重试';
export const OPEN_IN_WECHAT_TEXT = '请在微信中打开此页面进行分享';

export function copyManuallyText(link: string): string {
  return `复制失败，请手动复制：${link}`;
}

/**
 * 'copied'; 'refused' when the browser declined (no clipboard permission, execCommand said
 * no), so the user can still copy the link by hand; 'broken' when copying threw outright.
 */
export type CopyResult = 'copied' | 'refused' | 'broken';

export interface CopyDeps {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  doc?: Document;
}

/** The asynchronous clipboard first; else a hidden textarea and execCommand('copy'). */
export async function copyText(text: string, deps: CopyDeps = {}): Promise<CopyResult> {
  const clipboard = 'clipboard' in deps ? deps.clipboard : typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return 'copied';
    } catch {
      // Not allowed here (insecure page, no focus, WebView policy): try the old way.
    }
  }
  const doc = deps.doc ?? document;
  let area: HTMLTextAreaElement | null = null;
  try {
    area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.top = '0';
    area.style.left = '0';
    area.style.opacity = '0';
    doc.body.appendChild(area);
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy') ? 'copied' : 'refused';
  } catch {
    return 'broken';
  } finally {
    area?.remove();
  }
}

export interface CopyToast {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

/** Where the copied link is meant to go: the success text says so. */
export type CopyPurpose = 'link' | 'wechat-friend' | 'wechat-moments';

const SUCCESS_TEXT: Record<CopyPurpose, string> = {
  link: LINK_COPIED_TEXT,
  'wechat-friend': LINK_COPIED_FOR_FRIEND_TEXT,
  'wechat-moments': LINK_COPIED_FOR_MOMENTS_TEXT,
};

/**
 * Copies the link and says how it went.
 * - Copied: 链接已复制到剪贴板, or the variant that says to paste it into WeChat or Moments.
 * - 复制链接 not copied: an info toast with the link to copy by hand when the browser refused,
 *   else the error 复制失败，请重试.
 * - 微信好友 / 朋友圈 not copied (outside WeChat): the link cannot travel to WeChat from here,
 *   so the info toast 请在微信中打开此页面进行分享 (the sheet's 复制链接 still shows the link).
 */
export async function copyLink(link: string, toast: CopyToast, purpose: CopyPurpose = 'link', deps: CopyDeps = {}): Promise<CopyResult> {
  const result = await copyText(link, deps);
  if (result === 'copied') toast.success(SUCCESS_TEXT[purpose]);
  else if (purpose !== 'link') toast.info(OPEN_IN_WECHAT_TEXT);
  else if (result === 'refused') toast.info(copyManuallyText(link));
  else toast.error(COPY_RETRY_TEXT);
  return result;
}
