import { canShare, NO_SHAREABLE_ARTICLE_TEXT, type ShareContent, type ShareSource, shareContentOf } from './share-content';
import { isWeChatBrowser, type WeChatShareMode } from './wechat-sdk';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';

/** The share decision (spec §4 Share flow, §8 Share), free of React so every branch is testable. */

export const WECHAT_READY_TEXT = '分享已准备好，请点击右上角"⋯"进行分享';
export const WECHAT_PROBLEM_TEXT = '分享准备中遇到问题，您仍可通过右上角"⋯"菜单分享';
export const NETWORK_PROBLEM_TEXT = '网络连接异常，请检查网络后重试';
export const SHARE_FAILED_TEXT = '分享失败，请重试';

export interface ShareEnv {
  /** MicroMessenger in the user agent. */
  inWeChat: boolean;
  /** A touch-first device (docs/decisions/034-share-flow.md): native share, else the bottom sheet. */
  mobile: boolean;
  /** navigator.share exists. */
  canNativeShare: boolean;
}

/** Mobile means a coarse primary pointer (a finger), not a narrow window. */
export const MOBILE_QUERY = '(pointer: coarse)';

export function detectShareEnv(win: Window = window): ShareEnv {
  const nav = win.navigator;
  return {
    inWeChat: isWeChatBrowser(nav.userAgent),
    mobile: typeof win.matchMedia === 'function' && win.matchMedia(MOBILE_QUERY).matches,
    canNativeShare: typeof nav.share === 'function',
  };
}

export type SharePhase = 'idle' | 'preparing' | 'sharing';

export type ShareOutcome =
  /** No article id or no content: 没有可分享的文章. */
  | 'refused'
  /** Loading the article or preparing WeChat failed; a toast said why. */
  | 'failed'
  | 'wechat-configured'
  | 'wechat-degraded'
  | 'qr'
  | 'shared'
  | 'cancelled'
  | 'sheet';

export interface ShareToast {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export interface ShareFlowDeps {
  toast: ShareToast;
  configureWeChat: (content: ShareContent) => Promise<WeChatShareMode>;
  nativeShare: (data: ShareData) => Promise<void>;
  openQr: (content: ShareContent) => void;
  openSheet: (content: ShareContent) => void;
  onPhase?: (phase: SharePhase) => void;
  /** Defaults to window.location.origin. */
  origin?: string;
}

function messageOf(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return error.message;
  return typeof error === 'string' ? error : '';
}

export function isShareCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * How a failure is told (spec §8): a network problem (error toast); inside WeChat anything else
 * still leaves the ⋯ menu (info toast); elsewhere the message itself. Our own calls say "network"
 * by their code; the spec's 网络 wording rule is kept only for failures that arrive as bare text
 * (the WeChat SDK's, decision 058).
 */
export function reportShareError(error: unknown, inWeChat: boolean, toast: ShareToast): void {
  const message = messageOf(error);
  const network = error instanceof ApiError ? error.code === CLIENT_ERROR_CODES.network : message.includes('网络');
  if (network) toast.error(NETWORK_PROBLEM_TEXT);
  else if (inWeChat) toast.info(WECHAT_PROBLEM_TEXT);
  else toast.error(message || SHARE_FAILED_TEXT);
}

/**
 * One press of the share button:
 * - the article is loaded (my articles fetch the full text) and must have an id and content;
 * - in WeChat: configure the share cards, then 分享已准备好… (degraded: the ⋯ hint of trouble);
 * - desktop: the QR dialog;
 * - mobile: navigator.share({title, text, url}); a cancel does nothing; any other failure, or no
 *   native share at all, opens the bottom sheet.
 */
export async function runShareFlow(load: () => ShareSource | Promise<ShareSource>, env: ShareEnv, deps: ShareFlowDeps): Promise<ShareOutcome> {
  const phase = (value: SharePhase) => deps.onPhase?.(value);
  try {
    phase('preparing');
    let source: ShareSource;
    try {
      source = await load();
    } catch (error) {
      reportShareError(error, env.inWeChat, deps.toast);
      return 'failed';
    }
    if (!canShare(source)) {
      deps.toast.info(NO_SHAREABLE_ARTICLE_TEXT);
      return 'refused';
    }
    const content = shareContentOf(source, deps.origin);

    if (env.inWeChat) {
      try {
        const mode = await deps.configureWeChat(content);
        if (mode === 'configured') {
          deps.toast.success(WECHAT_READY_TEXT);
          return 'wechat-configured';
        }
        deps.toast.info(WECHAT_PROBLEM_TEXT);
        return 'wechat-degraded';
      } catch (error) {
        reportShareError(error, true, deps.toast);
        return 'failed';
      }
    }

    if (!env.mobile) {
      deps.openQr(content);
      return 'qr';
    }

    if (!env.canNativeShare) {
      deps.openSheet(content);
      return 'sheet';
    }
    phase('sharing');
    try {
      await deps.nativeShare({ title: content.title, text: content.text, url: content.link });
      return 'shared';
    } catch (error) {
      if (isShareCancel(error)) return 'cancelled';
      console.warn('[share] native share failed', error);
      deps.openSheet(content);
      return 'sheet';
    }
  } finally {
    phase('idle');
  }
}
