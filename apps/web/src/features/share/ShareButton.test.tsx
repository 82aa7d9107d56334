import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ShareButton } from './ShareButton';
import { PRIVATE_NOTICE_TEXT } from './ShareQrDialog';
import { FAKE_CONFIG, fakeWx, WECHAT_UA } from './wechat-fakes';
import { resetWeChatSdkLoader, wechatConfigPath } from './wechat-sdk';

const MARKDOWN = '# 春日读书\n\n读书让人安静下来。';
const LINK = `${window.location.origin}/shared/article/a1`;

const writeText = vi.fn<(text: string) => Promise<void>>();

function setDevice({ coarse = false, share, userAgent }: { coarse?: boolean; share?: (data: ShareData) => Promise<void>; userAgent?: string }) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: query === '(pointer: coarse)' && coarse, media: query }),
  });
  if (share) Object.defineProperty(navigator, 'share', { configurable: true, value: share });
  if (userAgent) vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .filter((node) => node.hasAttribute('data-kind'))
    .map((node) => `${node.getAttribute('data-kind')}:${node.textContent}`);

/** user-event puts its own clipboard on navigator at setup; ours goes on after it. */
function setupUser() {
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return user;
}

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  resetWeChatSdkLoader();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(window, 'matchMedia');
  delete window.wx;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderButton(props: Partial<Parameters<typeof ShareButton>[0]> = {}) {
  const user = setupUser();
  renderWithProviders(<ShareButton articleId="a1" markdown={MARKDOWN} {...props} />);
  return { user, button: screen.getByTestId('share-button') };
}

describe('ShareButton on the desktop', () => {
  it('opens the QR dialog of the share link; 复制链接 copies it', async () => {
    setDevice({ coarse: false, share: vi.fn() });
    const { user, button } = renderButton();
    expect(button).toHaveTextContent('分享');
    await user.click(button);

    const dialog = await screen.findByTestId('share-qr-dialog');
    expect(within(dialog).getByTestId('share-link')).toHaveTextContent(LINK);
    expect(within(dialog).queryByTestId('share-private-notice')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('share-qr-image')).toHaveAttribute('width', '200'));

    await user.click(within(dialog).getByTestId('share-copy-link'));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(toastTexts()).toEqual(['success:链接已复制到剪贴板']);
    expect(navigator.share).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
  });

  it('says 没有可分享的文章 without an article id', async () => {
    setDevice({ coarse: false });
    const { user, button } = renderButton({ articleId: null });
    await user.click(button);
    expect(toastTexts()).toEqual(['info:没有可分享的文章']);
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
  });

  it('shows 准备中... while the full text loads', async () => {
    setDevice({ coarse: false });
    let release: ((text: string) => void) | undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const { user, button } = renderButton({ markdown: load });
    await user.click(button);
    expect(button).toHaveTextContent('准备中...');
    expect(button).toBeDisabled();
    await act(async () => release?.(MARKDOWN));
    expect(button).toHaveTextContent('分享');
    expect(await screen.findByTestId('share-qr-dialog')).toBeInTheDocument();
  });

  it('only shows the hint when sharing is refused (sample articles)', async () => {
    setDevice({ coarse: false });
    const { user, button } = renderButton({ refuseWith: '这是示例文章，仅供展示，无法分享' });
    await user.click(button);
    expect(toastTexts()).toEqual(['info:这是示例文章，仅供展示，无法分享']);
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
  });
});

describe('ShareButton for a private article', () => {
  function Harness({ onTurnOn }: { onTurnOn: () => void }) {
    const [isPublic, setPublic] = useState(false);
    return (
      <ShareButton
        articleId="a1"
        markdown={MARKDOWN}
        isPublic={isPublic}
        onMakePublic={async () => {
          onTurnOn();
          setPublic(true);
        }}
      />
    );
  }

  it('says others would see 未找到文章, and offers to turn public access on', async () => {
    setDevice({ coarse: true, share: vi.fn(async () => {}) });
    const onTurnOn = vi.fn();
    const user = setupUser();
    renderWithProviders(<Harness onTurnOn={onTurnOn} />);
    await user.click(screen.getByTestId('share-button'));

    const dialog = screen.getByTestId('share-qr-dialog');
    expect(within(dialog).getByTestId('share-private-notice')).toHaveTextContent(PRIVATE_NOTICE_TEXT);
    expect(PRIVATE_NOTICE_TEXT).toBe('该文章未公开，其他人打开链接将看到“未找到文章”');
    expect(navigator.share).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '开启公开访问' }));
    expect(onTurnOn).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(dialog).queryByTestId('share-private-notice')).not.toBeInTheDocument());
    expect(within(dialog).getByTestId('share-copy-link')).toBeInTheDocument();
  });
});

describe('ShareButton on mobile', () => {
  it('hands title, text and link to the native share sheet, showing 分享中... meanwhile', async () => {
    let finish: (() => void) | undefined;
    const share = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setDevice({ coarse: true, share });
    const { user, button } = renderButton();
    await user.click(button);
    expect(share).toHaveBeenCalledWith({ title: '春日读书', text: '春日读书 读书让人安静下来。', url: LINK });
    expect(button).toHaveTextContent('分享中...');
    await act(async () => finish?.());
    expect(button).toHaveTextContent('分享');
    expect(screen.queryByTestId('share-sheet')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('does nothing when the user cancels', async () => {
    setDevice({ coarse: true, share: vi.fn(async () => Promise.reject(new DOMException('canceled', 'AbortError'))) });
    const { user, button } = renderButton();
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent('分享'));
    expect(screen.queryByTestId('share-sheet')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('opens the bottom sheet when native share fails; 微信好友 / 朋友圈 / 复制链接 copy the link', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setDevice({ coarse: true, share: vi.fn(async () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'))) });
    const { user, button } = renderButton();

    await user.click(button);
    let sheet = await screen.findByTestId('share-sheet');
    await user.click(within(sheet).getByRole('button', { name: '微信好友' }));
    expect(screen.queryByTestId('share-sheet')).not.toBeInTheDocument();

    await user.click(button);
    sheet = await screen.findByTestId('share-sheet');
    await user.click(within(sheet).getByRole('button', { name: '朋友圈' }));

    await user.click(button);
    sheet = await screen.findByTestId('share-sheet');
    await user.click(within(sheet).getByRole('button', { name: '复制链接' }));

    expect(writeText.mock.calls).toEqual([[LINK], [LINK], [LINK]]);
    expect(toastTexts()).toEqual([
      'success:链接已复制，请打开微信粘贴发送给好友',
      'success:链接已复制，请打开微信粘贴到朋友圈',
      'success:链接已复制到剪贴板',
    ]);
  });

  it('opens the sheet at once without navigator.share; 取消 closes it', async () => {
    setDevice({ coarse: true });
    const { user, button } = renderButton();
    await user.click(button);
    const sheet = await screen.findByTestId('share-sheet');
    await user.click(within(sheet).getByRole('button', { name: '取消' }));
    expect(screen.queryByTestId('share-sheet')).not.toBeInTheDocument();
  });
});

describe('ShareButton inside WeChat', () => {
  it('reads 准备分享, configures the ⋯ menu, then says so', async () => {
    setDevice({ coarse: true, userAgent: WECHAT_UA });
    const wx = fakeWx();
    window.wx = wx;
    const pageUrl = window.location.href.split('#')[0]!;
    const { calls } = stubApi({ [wechatConfigPath(pageUrl)]: jsonResponse({ success: true, data: FAKE_CONFIG }) });
    const { user, button } = renderButton();
    expect(button).toHaveTextContent('准备分享');

    await user.click(button);
    await waitFor(() => expect(toastTexts()).toEqual(['success:分享已准备好，请点击右上角"⋯"进行分享']));
    expect(button).toHaveTextContent('准备分享');
    expect(calls.map((call) => call.path)).toEqual([wechatConfigPath(pageUrl)]);
    expect(wx.friendCards[0]).toMatchObject({ title: '春日读书', link: LINK });
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
  });

  it('shares in degraded mode when WeChat is not configured on the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setDevice({ coarse: true, userAgent: WECHAT_UA });
    window.wx = fakeWx();
    const pageUrl = window.location.href.split('#')[0]!;
    stubApi({ [wechatConfigPath(pageUrl)]: jsonResponse({ success: false, message: '未配置微信公众号' }) });
    const { user, button } = renderButton();
    await user.click(button);
    await waitFor(() => expect(toastTexts()).toEqual(['info:分享准备中遇到问题，您仍可通过右上角"⋯"菜单分享']));
  });
});
