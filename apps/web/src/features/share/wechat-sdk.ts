import { ApiError, apiRequest, FORMAT_ERROR_MESSAGE } from '../../lib/api';
import { applyShareMeta, type ShareContent } from './share-content';
import { withoutFragment } from './share-link';

/** WeChat's in-app browser and its JS-SDK (spec §4 Share flow, §7, §8, §9). */

export const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** Spec §9: the SDK is waited for 10 s, polled every 100 ms. */
export const SDK_WAIT_MS = 10_000;
export const SDK_POLL_MS = 100;
export const SDK_TIMEOUT_MESSAGE = '微信JS-SDK加载超时';
/** The script itself failed to load: a network problem, and worded as one. */
export const SDK_NETWORK_MESSAGE = '微信JS-SDK加载失败，请检查网络连接';
export const SDK_CONFIG_FAILED_MESSAGE = '微信JSSDK配置失败';
export const SHARE_JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** The signing data of GET /api/v1/wechat/config. */
export interface WeChatConfig {
  appId: string;
  timestamp: number | string;
  nonceStr: string;
  signature: string;
}

interface WeChatResult {
  errMsg?: string;
}

export interface WeChatShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
  success?: () => void;
  fail?: (result?: WeChatResult) => void;
}

/** The part of `window.wx` this app uses. */
export interface WeChatSdk {
  config(options: WeChatConfig & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result?: WeChatResult) => void): void;
  updateAppMessageShareData(data: WeChatShareData): void;
  updateTimelineShareData(data: WeChatShareData): void;
}

declare global {
  interface Window {
    wx?: WeChatSdk;
  }
}

/** Spec: the in-app browser is told apart by MicroMessenger in its user agent. */
export function isWeChatBrowser(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The address the page was opened with. iOS WeChat signs the JS-SDK against it even after the
 * app has moved elsewhere with pushState, so it is kept from the moment this module loads.
 */
const ENTRY_URL = typeof window === 'undefined' ? '' : withoutFragment(window.location.href);

export function entryPageUrl(): string {
  return ENTRY_URL;
}

export function currentPageUrl(): string {
  return withoutFragment(window.location.href);
}

let pending: Promise<WeChatSdk> | null = null;

/** Forgets a load in progress (tests). */
export function resetWeChatSdkLoader(): void {
  pending = null;
}

/**
 * `window.wx`, loading the SDK script once. It is polled for every 100 ms up to 10 s; then
 * 微信JS-SDK加载超时. A failed load may be tried again by the next share.
 */
export function loadWeChatSdk(win: Window = window): Promise<WeChatSdk> {
  if (win.wx) return Promise.resolve(win.wx);
  if (pending) return pending;
  const attempt = new Promise<WeChatSdk>((resolve, reject) => {
    const doc = win.document;
    const existing = doc.querySelector<HTMLScriptElement>(`script[src="${WECHAT_SDK_URL}"]`);
    const script = existing ?? doc.createElement('script');
    let waited = 0;
    let poll = 0;
    const finish = (error: Error | null) => {
      win.clearInterval(poll);
      script.removeEventListener('error', onError);
      if (error) {
        script.remove();
        reject(error);
      } else resolve(win.wx!);
    };
    const onError = () => finish(new Error(SDK_NETWORK_MESSAGE));
    script.addEventListener('error', onError);
    poll = win.setInterval(() => {
      waited += SDK_POLL_MS;
      if (win.wx) finish(null);
      else if (waited >= SDK_WAIT_MS) finish(new Error(SDK_TIMEOUT_MESSAGE));
    }, SDK_POLL_MS);
    if (!existing) {
      script.src = WECHAT_SDK_URL;
      script.async = true;
      doc.head.appendChild(script);
    }
  });
  pending = attempt;
  attempt.catch(() => {
    if (pending === attempt) pending = null;
  });
  return attempt;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The configuration fields, found at the top of the answer or under `data` (spec §7). */
export function readWeChatConfig(payload: unknown): WeChatConfig | null {
  const source = isRecord(payload) && isRecord(payload.data) ? payload.data : payload;
  if (!isRecord(source)) return null;
  const { appId, timestamp, nonceStr, signature } = source;
  const text = (value: unknown) => typeof value === 'string' && value !== '';
  if (!text(appId) || !text(nonceStr) || !text(signature)) return null;
  if (typeof timestamp !== 'number' && !text(timestamp)) return null;
  return { appId: appId as string, timestamp: timestamp as number | string, nonceStr: nonceStr as string, signature: signature as string };
}

export function wechatConfigPath(pageUrl: string): string {
  return `/api/v1/wechat/config?url=${encodeURIComponent(withoutFragment(pageUrl))}`;
}

/**
 * GET /api/v1/wechat/config for a page address. `success:false` (WeChat not configured on the
 * server) and failed calls throw, with the server's message.
 */
export async function fetchWeChatConfig(pageUrl: string): Promise<WeChatConfig> {
  const payload = await apiRequest(wechatConfigPath(pageUrl));
  const config = readWeChatConfig(payload);
  if (!config) throw new ApiError(200, FORMAT_ERROR_MESSAGE);
  return config;
}

type Timers = Pick<Window, 'setTimeout' | 'clearTimeout'>;

/** wx.config, then the first of ready or error; no answer within the SDK wait is a failure. */
function applyConfig(wx: WeChatSdk, config: WeChatConfig, timers: Timers): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = timers.setTimeout(() => finish(new Error('wx.config: no answer')), SDK_WAIT_MS);
    wx.error((result) => finish(new Error(result?.errMsg || 'wx.config: error')));
    wx.ready(() => finish(null));
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: [...SHARE_JS_API_LIST],
    });
  });
}

export function wechatShareData(content: ShareContent): WeChatShareData {
  return { title: content.title, desc: content.description, link: content.link, imgUrl: content.imageUrl };
}

/** Sets the card of 发送给朋友 and 分享到朋友圈; a `fail` of either is a failure. */
function setShareData(wx: WeChatSdk, content: ShareContent, timers: Timers): Promise<void> {
  const data = wechatShareData(content);
  const one = (update: 'updateAppMessageShareData' | 'updateTimelineShareData') =>
    new Promise<void>((resolve, reject) => {
      const timer = timers.setTimeout(() => reject(new Error(`${update}: no answer`)), SDK_WAIT_MS);
      wx[update]({
        ...data,
        success: () => {
          timers.clearTimeout(timer);
          resolve();
        },
        fail: (result) => {
          timers.clearTimeout(timer);
          reject(new Error(result?.errMsg || `${update}: fail`));
        },
      });
    });
  return Promise.all([one('updateAppMessageShareData'), one('updateTimelineShareData')]).then(() => undefined);
}

export type WeChatShareMode = 'configured' | 'degraded';

export interface ConfigureWeChatOptions {
  loadSdk?: () => Promise<WeChatSdk>;
  fetchConfig?: (pageUrl: string) => Promise<WeChatConfig>;
  /** Signed first; defaults to the address the page was opened with. */
  entryUrl?: string;
  /** The retry signs this; defaults to the current address. */
  currentUrl?: string;
  doc?: Document;
  timers?: Timers;
}

/**
 * Makes WeChat's ⋯ menu share `content` to friends and to the timeline.
 *
 * 1. Loads the SDK (微信JS-SDK加载超时 after 10 s).
 * 2. Signs the entry address, configures and sets both share cards: 'configured'.
 * 3. If that fails, the retry signs the current page address (when it differs).
 * 4. If that fails too, degraded mode: the page's own share tags are set, and the cards are
 *    handed to wx.ready for whatever the SDK still allows: 'degraded'. Should even that throw,
 *    微信JSSDK配置失败.
 */
export async function configureWeChatShare(content: ShareContent, options: ConfigureWeChatOptions = {}): Promise<WeChatShareMode> {
  const wx = await (options.loadSdk ?? (() => loadWeChatSdk()))();
  const fetchConfig = options.fetchConfig ?? fetchWeChatConfig;
  const timers = options.timers ?? window;
  const first = withoutFragment(options.entryUrl ?? entryPageUrl());
  const retry = withoutFragment(options.currentUrl ?? currentPageUrl());
  const urls = first === retry || !first ? [retry] : [first, retry];

  for (const url of urls) {
    try {
      const config = await fetchConfig(url);
      await applyConfig(wx, config, timers);
      await setShareData(wx, content, timers);
      return 'configured';
    } catch (error) {
      console.warn('[share] WeChat JS-SDK configuration failed for', url, error);
    }
  }

  try {
    applyShareMeta(content, options.doc ?? document);
    const data = wechatShareData(content);
    wx.ready(() => {
      try {
        wx.updateAppMessageShareData(data);
        wx.updateTimelineShareData(data);
      } catch (error) {
        console.warn('[share] WeChat share cards not set', error);
      }
    });
  } catch (error) {
    console.warn('[share] degraded WeChat share failed', error);
    throw new Error(SDK_CONFIG_FAILED_MESSAGE);
  }
  return 'degraded';
}
