import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COPY_RETRY_TEXT,
  copyLink,
  copyManuallyText,
  copyText,
  LINK_COPIED_FOR_FRIEND_TEXT,
  LINK_COPIED_FOR_MOMENTS_TEXT,
  LINK_COPIED_TEXT,
  OPEN_IN_WECHAT_TEXT,
} from './copy-link';

const LINK = 'https://tianma.example/shared/article/a1';

function fakeToast() {
  return { success: vi.fn(), error: vi.fn(), info: vi.fn() };
}

const denied = { writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) };
const allowed = () => ({ writeText: vi.fn(async () => {}) });

function stubExecCommand(impl: () => boolean) {
  const exec = vi.fn(impl);
  Object.defineProperty(document, 'execCommand', { value: exec, configurable: true, writable: true });
  return exec;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the asynchronous clipboard when it works', async () => {
    const clipboard = allowed();
    const exec = stubExecCommand(() => true);
    await expect(copyText(LINK, { clipboard })).resolves.toBe('copied');
    expect(clipboard.writeText).toHaveBeenCalledWith(LINK);
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand, and cleans up', async () => {
    let copiedValue = '';
    const exec = stubExecCommand(() => {
      copiedValue = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await expect(copyText(LINK, { clipboard: denied })).resolves.toBe('copied');
    await expect(copyText(LINK, { clipboard: undefined })).resolves.toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copiedValue).toBe(LINK);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it("is 'refused' when execCommand says no and 'broken' when it throws", async () => {
    stubExecCommand(() => false);
    await expect(copyText(LINK, { clipboard: denied })).resolves.toBe('refused');
    stubExecCommand(() => {
      throw new Error('unsupported');
    });
    await expect(copyText(LINK, { clipboard: undefined })).resolves.toBe('broken');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('copyLink toasts', () => {
  it('says 链接已复制到剪贴板, or where to paste it for WeChat', async () => {
    const toast = fakeToast();
    await copyLink(LINK, toast, 'link', { clipboard: allowed() });
    await copyLink(LINK, toast, 'wechat-friend', { clipboard: allowed() });
    await copyLink(LINK, toast, 'wechat-moments', { clipboard: allowed() });
    expect(toast.success.mock.calls).toEqual([[LINK_COPIED_TEXT], [LINK_COPIED_FOR_FRIEND_TEXT], [LINK_COPIED_FOR_MOMENTS_TEXT]]);
    expect(LINK_COPIED_TEXT).toBe('链接已复制到剪贴板');
  });

  it('gives the link to copy by hand (info) when refused, and 复制失败，请重试 (error) when broken', async () => {
    const toast = fakeToast();
    stubExecCommand(() => false);
    await copyLink(LINK, toast, 'link', { clipboard: denied });
    expect(toast.info).toHaveBeenCalledWith(`复制失败，请手动复制：${LINK}`);
    expect(copyManuallyText(LINK)).toBe(`复制失败，请手动复制：${LINK}`);

    stubExecCommand(() => {
      throw new Error('unsupported');
    });
    await copyLink(LINK, toast, 'link', { clipboard: undefined });
    expect(toast.error).toHaveBeenCalledWith(COPY_RETRY_TEXT);
    expect(COPY_RETRY_TEXT).toBe('复制失败，请重试');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('sends 微信好友 / 朋友圈 to WeChat when the link cannot be copied', async () => {
    const toast = fakeToast();
    stubExecCommand(() => false);
    await copyLink(LINK, toast, 'wechat-friend', { clipboard: denied });
    await copyLink(LINK, toast, 'wechat-moments', { clipboard: undefined });
    expect(toast.info.mock.calls).toEqual([[OPEN_IN_WECHAT_TEXT], [OPEN_IN_WECHAT_TEXT]]);
    expect(OPEN_IN_WECHAT_TEXT).toBe('请在微信中打开此页面进行分享');
  });
});
