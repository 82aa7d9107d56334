import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { shareContentOf } from './share-content';
import { FAKE_CONFIG, fakeWx, WECHAT_UA } from './wechat-fakes';
import {
  configureWeChatShare,
  fetchWeChatConfig,
  isWeChatBrowser,
  loadWeChatSdk,
  readWeChatConfig,
  resetWeChatSdkLoader,
  SDK_CONFIG_FAILED_MESSAGE,
  SDK_NETWORK_MESSAGE,
  SDK_TIMEOUT_MESSAGE,
  SHARE_JS_API_LIST,
  WECHAT_SDK_URL,
  wechatConfigPath,
} from './wechat-sdk';

const CONTENT = shareContentOf({ articleId: 'a1', markdown: '# 春日读书\n\n读书让人安静下来。' }, 'https://tianma.example');
const ENTRY = 'https://tianma.example/shared/article/a1';
const CURRENT = 'https://tianma.example/my-articles';

const sdkScripts = () => document.head.querySelectorAll(`script[src="${WECHAT_SDK_URL}"]`);

beforeEach(() => {
  // happy-dom loads no scripts; the SDK's arrival is played by setting window.wx.
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  resetWeChatSdkLoader();
  delete window.wx;
  for (const script of sdkScripts()) script.remove();
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.wx;
});

describe('isWeChatBrowser', () => {
  it('looks for MicroMessenger in the user agent', () => {
    expect(isWeChatBrowser(WECHAT_UA)).toBe(true);
    expect(isWeChatBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36')).toBe(false);
    expect(isWeChatBrowser('')).toBe(false);
  });
});

describe('loadWeChatSdk', () => {
  it('injects the script once and resolves when window.wx appears (polled every 100 ms)', async () => {
    vi.useFakeTimers();
    const first = loadWeChatSdk();
    const second = loadWeChatSdk();
    expect(second).toBe(first);
    expect(sdkScripts()).toHaveLength(1);

    const wx = fakeWx();
    await vi.advanceTimersByTimeAsync(300);
    window.wx = wx;
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toBe(wx);
    // Already there: no second script.
    await expect(loadWeChatSdk()).resolves.toBe(wx);
    expect(sdkScripts()).toHaveLength(1);
  });

  it('gives up after 10 s with 微信JS-SDK加载超时, and a later share tries again', async () => {
    vi.useFakeTimers();
    const load = loadWeChatSdk();
    const outcome = expect(load).rejects.toThrow(SDK_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(9_900);
    window.wx = undefined;
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    expect(sdkScripts()).toHaveLength(0);

    const again = loadWeChatSdk();
    expect(again).not.toBe(load);
    expect(sdkScripts()).toHaveLength(1);
    window.wx = fakeWx();
    await vi.advanceTimersByTimeAsync(100);
    await expect(again).resolves.toBe(window.wx);
  });

  it('words a script that fails to load as a network problem', async () => {
    vi.useFakeTimers();
    const load = loadWeChatSdk();
    sdkScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(load).rejects.toThrow(SDK_NETWORK_MESSAGE);
    expect(SDK_NETWORK_MESSAGE).toContain('网络');
  });
});

describe('the config call', () => {
  it('reads the fields at the top or nested under data', () => {
    expect(readWeChatConfig({ success: true, data: FAKE_CONFIG })).toEqual(FAKE_CONFIG);
    expect(readWeChatConfig({ ...FAKE_CONFIG, timestamp: '1700000000' })).toEqual({ ...FAKE_CONFIG, timestamp: '1700000000' });
    expect(readWeChatConfig({ success: true, data: { appId: 'wx' } })).toBeNull();
    expect(readWeChatConfig(null)).toBeNull();
  });

  it('signs the page address without its fragment', async () => {
    const path = wechatConfigPath('https://tianma.example/shared/article/a1?from=x#top');
    expect(path).toBe(`/api/v1/wechat/config?url=${encodeURIComponent('https://tianma.example/shared/article/a1?from=x')}`);
    stubApi({ [path]: jsonResponse({ success: true, data: FAKE_CONFIG }) });
    await expect(fetchWeChatConfig('https://tianma.example/shared/article/a1?from=x#top')).resolves.toEqual(FAKE_CONFIG);
  });

  it("throws the server's message when WeChat is not configured (200, success:false)", async () => {
    stubApi({ [wechatConfigPath(ENTRY)]: jsonResponse({ success: false, message: '微信分享未配置' }) });
    await expect(fetchWeChatConfig(ENTRY)).rejects.toThrow('微信分享未配置');
  });
});

describe('configureWeChatShare', () => {
  it('signs the entry address, configures the two share APIs and sets both cards', async () => {
    const wx = fakeWx();
    const fetchConfig = vi.fn(async () => FAKE_CONFIG);
    const mode = await configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig, entryUrl: `${ENTRY}#x`, currentUrl: CURRENT });

    expect(mode).toBe('configured');
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    expect(fetchConfig).toHaveBeenCalledWith(ENTRY);
    expect(wx.configs).toEqual([{ debug: false, ...FAKE_CONFIG, jsApiList: [...SHARE_JS_API_LIST] }]);
    expect(SHARE_JS_API_LIST).toEqual(['updateAppMessageShareData', 'updateTimelineShareData']);
    const card = { title: '春日读书', desc: '读书让人安静下来。', link: 'https://tianma.example/shared/article/a1', imgUrl: 'https://tianma.example/images/share-default.jpg' };
    expect(wx.friendCards).toEqual([expect.objectContaining(card)]);
    expect(wx.timelineCards).toEqual([expect.objectContaining(card)]);
  });

  it('retries once, signing the current page address, when the first signature is refused', async () => {
    const wx = fakeWx({ outcomes: ['error', 'ok'] });
    const fetchConfig = vi.fn(async () => FAKE_CONFIG);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mode = await configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig, entryUrl: ENTRY, currentUrl: CURRENT });
    expect(mode).toBe('configured');
    expect(fetchConfig.mock.calls).toEqual([[ENTRY], [CURRENT]]);
    expect(wx.configs).toHaveLength(2);
  });

  it('does not sign the same address twice', async () => {
    const wx = fakeWx({ outcomes: ['error'] });
    const fetchConfig = vi.fn(async () => FAKE_CONFIG);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mode = await configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig, entryUrl: CURRENT, currentUrl: CURRENT });
    expect(mode).toBe('degraded');
    expect(fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('falls to degraded mode when the config call fails: the page share tags are still set', async () => {
    const wx = fakeWx();
    const fetchConfig = vi.fn(async () => {
      throw new Error('微信分享未配置');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mode = await configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig, entryUrl: ENTRY, currentUrl: CURRENT });
    expect(mode).toBe('degraded');
    expect(fetchConfig).toHaveBeenCalledTimes(2);
    expect(wx.configs).toHaveLength(0);
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', '春日读书');
    expect(document.head.querySelector('meta[property="og:url"]')).toHaveAttribute('content', 'https://tianma.example/shared/article/a1');
    expect(document.head.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    // The cards wait for whatever ready the SDK still gives.
    expect(wx.pendingReady).toBe(1);
  });

  it('falls to degraded mode when setting the cards fails after a good config', async () => {
    const wx = fakeWx({ shareFails: true });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mode = await configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig: async () => FAKE_CONFIG, entryUrl: ENTRY, currentUrl: CURRENT });
    expect(mode).toBe('degraded');
  });

  it('throws 微信JSSDK配置失败 when degraded mode fails too', async () => {
    const wx = fakeWx();
    wx.ready = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchConfig = async () => {
      throw new Error('未配置');
    };
    await expect(configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig, entryUrl: ENTRY, currentUrl: CURRENT })).rejects.toThrow(
      SDK_CONFIG_FAILED_MESSAGE,
    );
  });

  it('treats a config that never answers as failed after 10 s', async () => {
    vi.useFakeTimers();
    const wx = fakeWx();
    wx.config = () => {};
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const done = configureWeChatShare(CONTENT, { loadSdk: async () => wx, fetchConfig: async () => FAKE_CONFIG, entryUrl: ENTRY, currentUrl: ENTRY });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe('degraded');
  });

  it('passes the SDK timeout on', async () => {
    vi.useFakeTimers();
    const done = configureWeChatShare(CONTENT, { fetchConfig: async () => FAKE_CONFIG, entryUrl: ENTRY, currentUrl: ENTRY });
    const outcome = expect(done).rejects.toThrow(SDK_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
  });
});
