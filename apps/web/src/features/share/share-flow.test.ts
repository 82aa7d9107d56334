import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import type { ShareContent, ShareSource } from './share-content';
import {
  detectShareEnv,
  NETWORK_PROBLEM_TEXT,
  reportShareError,
  runShareFlow,
  type ShareEnv,
  type ShareFlowDeps,
  type SharePhase,
  WECHAT_PROBLEM_TEXT,
  WECHAT_READY_TEXT,
} from './share-flow';
import { SDK_CONFIG_FAILED_MESSAGE, SDK_NETWORK_MESSAGE, SDK_TIMEOUT_MESSAGE, type WeChatShareMode } from './wechat-sdk';
import { WECHAT_UA } from './wechat-fakes';

const ORIGIN = 'https://tianma.example';
const SOURCE: ShareSource = { articleId: 'a1', markdown: '# 春日读书\n\n读书让人安静下来，也让人看见更远的地方。每天读一点。' };
const LINK = `${ORIGIN}/shared/article/a1`;

const DESKTOP: ShareEnv = { inWeChat: false, mobile: false, canNativeShare: true };
const MOBILE: ShareEnv = { inWeChat: false, mobile: true, canNativeShare: true };
const WECHAT: ShareEnv = { inWeChat: true, mobile: true, canNativeShare: false };

function deps(overrides: Partial<ShareFlowDeps> = {}) {
  const phases: SharePhase[] = [];
  const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  const all = {
    toast,
    configureWeChat: vi.fn(async (_content: ShareContent): Promise<WeChatShareMode> => 'configured'),
    nativeShare: vi.fn(async (_data: ShareData) => {}),
    openQr: vi.fn(),
    openSheet: vi.fn(),
    onPhase: (phase: SharePhase) => phases.push(phase),
    origin: ORIGIN,
    ...overrides,
  };
  const toasts = () => [
    ...toast.success.mock.calls.map(([text]) => ['success', text]),
    ...toast.error.mock.calls.map(([text]) => ['error', text]),
    ...toast.info.mock.calls.map(([text]) => ['info', text]),
  ];
  return { ...all, phases, toasts };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runShareFlow', () => {
  it('refuses without an article id or content: 没有可分享的文章', async () => {
    for (const source of [{ articleId: '', markdown: '正文' }, { articleId: 'a1', markdown: '' }, { articleId: null, markdown: null }]) {
      const d = deps();
      await expect(runShareFlow(() => source, DESKTOP, d)).resolves.toBe('refused');
      expect(d.toasts()).toEqual([['info', '没有可分享的文章']]);
      expect(d.openQr).not.toHaveBeenCalled();
    }
  });

  it('in WeChat: configures the share cards, then says to use ⋯', async () => {
    const d = deps();
    await expect(runShareFlow(() => SOURCE, WECHAT, d)).resolves.toBe('wechat-configured');
    expect(d.configureWeChat).toHaveBeenCalledWith(expect.objectContaining({ title: '春日读书', link: LINK }));
    expect(d.toasts()).toEqual([['success', WECHAT_READY_TEXT]]);
    expect(WECHAT_READY_TEXT).toBe('分享已准备好，请点击右上角"⋯"进行分享');
    expect(d.nativeShare).not.toHaveBeenCalled();
    expect(d.phases).toEqual(['preparing', 'idle']);
  });

  it('in WeChat, degraded mode (config call failed): the ⋯ menu still works, with the trouble said', async () => {
    const d = deps({ configureWeChat: vi.fn(async () => 'degraded' as const) });
    await expect(runShareFlow(() => SOURCE, WECHAT, d)).resolves.toBe('wechat-degraded');
    expect(d.toasts()).toEqual([['info', WECHAT_PROBLEM_TEXT]]);
    expect(WECHAT_PROBLEM_TEXT).toBe('分享准备中遇到问题，您仍可通过右上角"⋯"菜单分享');
  });

  it('in WeChat, an SDK timeout or a failed degraded mode is an info toast', async () => {
    for (const message of [SDK_TIMEOUT_MESSAGE, SDK_CONFIG_FAILED_MESSAGE]) {
      const d = deps({
        configureWeChat: vi.fn(async () => {
          throw new Error(message);
        }),
      });
      await expect(runShareFlow(() => SOURCE, WECHAT, d)).resolves.toBe('failed');
      expect(d.toasts()).toEqual([['info', WECHAT_PROBLEM_TEXT]]);
    }
  });

  it('words any failure naming 网络 as a network problem (error toast)', async () => {
    const sdk = deps({
      configureWeChat: vi.fn(async () => {
        throw new Error(SDK_NETWORK_MESSAGE);
      }),
    });
    await runShareFlow(() => SOURCE, WECHAT, sdk);
    expect(sdk.toasts()).toEqual([['error', NETWORK_PROBLEM_TEXT]]);
    expect(NETWORK_PROBLEM_TEXT).toBe('网络连接异常，请检查网络后重试');

    // The full text of a my-articles card could not be fetched.
    const load = deps();
    const failing = async (): Promise<ShareSource> => {
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    };
    await expect(runShareFlow(failing, DESKTOP, load)).resolves.toBe('failed');
    expect(load.toasts()).toEqual([['error', NETWORK_PROBLEM_TEXT]]);
    expect(load.openQr).not.toHaveBeenCalled();
  });

  it("outside WeChat, another load failure shows the server's message", async () => {
    const d = deps();
    await runShareFlow(async () => Promise.reject(new ApiError(404, '未找到文章')), MOBILE, d);
    expect(d.toasts()).toEqual([['error', '未找到文章']]);
  });

  it('on the desktop: opens the QR dialog with the share link', async () => {
    const d = deps();
    await expect(runShareFlow(async () => SOURCE, DESKTOP, d)).resolves.toBe('qr');
    expect(d.openQr).toHaveBeenCalledWith(expect.objectContaining({ link: LINK }));
    expect(d.nativeShare).not.toHaveBeenCalled();
    expect(d.configureWeChat).not.toHaveBeenCalled();
    expect(d.toasts()).toEqual([]);
  });

  it('on mobile: the native share sheet gets the title, the first 30 characters and the link', async () => {
    const phasesDuringShare: SharePhase[] = [];
    const d = deps({
      nativeShare: vi.fn(async (_data: ShareData) => {
        phasesDuringShare.push(d.phases.at(-1)!);
      }),
    });
    await expect(runShareFlow(() => SOURCE, MOBILE, d)).resolves.toBe('shared');
    expect(d.nativeShare).toHaveBeenCalledWith({ title: '春日读书', text: '春日读书 读书让人安静下来，也让人看见更远的地方。每天读一点', url: LINK });
    expect(phasesDuringShare).toEqual(['sharing']);
    expect(d.phases).toEqual(['preparing', 'sharing', 'idle']);
    expect(d.openSheet).not.toHaveBeenCalled();
    expect(d.toasts()).toEqual([]);
  });

  it('on mobile: a cancelled native share does nothing', async () => {
    const d = deps({ nativeShare: vi.fn(async () => Promise.reject(new DOMException('Share canceled', 'AbortError'))) });
    await expect(runShareFlow(() => SOURCE, MOBILE, d)).resolves.toBe('cancelled');
    expect(d.openSheet).not.toHaveBeenCalled();
    expect(d.toasts()).toEqual([]);
  });

  it('on mobile: any other native share failure opens the bottom sheet', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = deps({ nativeShare: vi.fn(async () => Promise.reject(new DOMException('Must be handling a user gesture', 'NotAllowedError'))) });
    await expect(runShareFlow(() => SOURCE, MOBILE, d)).resolves.toBe('sheet');
    expect(d.openSheet).toHaveBeenCalledWith(expect.objectContaining({ link: LINK }));
    expect(d.toasts()).toEqual([]);
  });

  it('on mobile without navigator.share: the bottom sheet at once', async () => {
    const d = deps();
    await expect(runShareFlow(() => SOURCE, { ...MOBILE, canNativeShare: false }, d)).resolves.toBe('sheet');
    expect(d.nativeShare).not.toHaveBeenCalled();
    expect(d.openSheet).toHaveBeenCalledTimes(1);
  });
});

describe('detectShareEnv', () => {
  function fakeWindow(userAgent: string, coarse: boolean, share?: () => Promise<void>) {
    return {
      navigator: { userAgent, share },
      matchMedia: (query: string) => ({ matches: query === '(pointer: coarse)' && coarse }),
    } as unknown as Window;
  }

  it('tells WeChat by its user agent and mobile by a coarse pointer', () => {
    expect(detectShareEnv(fakeWindow(WECHAT_UA, true))).toEqual({ inWeChat: true, mobile: true, canNativeShare: false });
    expect(detectShareEnv(fakeWindow('Mozilla/5.0 (Macintosh) Safari', false, async () => {}))).toEqual({
      inWeChat: false,
      mobile: false,
      canNativeShare: true,
    });
  });
});

describe('how a share failure is told', () => {
  const toasts = () => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() });

  it("tells our server's failures by their code, not by their words", () => {
    const offline = toasts();
    reportShareError(new ApiError(0, NETWORK_ERROR_MESSAGE), false, offline);
    expect(offline.error).toHaveBeenCalledWith(NETWORK_PROBLEM_TEXT);
    // A refusal that happens to say 网络 is not a network problem: the user reads what the server said.
    const refused = toasts();
    reportShareError(new ApiError(404, '网络文章不存在'), false, refused);
    expect(refused.error).toHaveBeenCalledWith('网络文章不存在');
  });

  it("keeps the spec's 网络 rule for the WeChat SDK's bare failures", () => {
    const sdk = toasts();
    reportShareError(new Error(SDK_NETWORK_MESSAGE), true, sdk);
    expect(sdk.error).toHaveBeenCalledWith(NETWORK_PROBLEM_TEXT);
  });
});
