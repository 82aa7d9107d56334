import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WECHAT_THEMES } from '@tianma/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import WechatLayoutDialog from './WechatLayoutDialog';

const HTML = '<section style="font-size: 16px;"><h2 style="color: red;">小节</h2></section>';

const fetchMock = vi.fn<typeof fetch>();
const write = vi.fn<(items: FakeClipboardItem[]) => Promise<void>>();

class FakeClipboardItem {
  constructor(readonly data: Record<string, Blob | Promise<Blob>>) {}
}

beforeEach(() => {
  fetchMock.mockReset();
  write.mockReset();
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ClipboardItem', FakeClipboardItem);
  Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// NOTE: happy-dom loads no frame and prints a NotSupportedError for each src; the frame's load
// event is fired by hand where a test needs it.
const onClose = vi.fn();
const renderDialog = () => renderWithProviders(<WechatLayoutDialog articleId="a1" onClose={onClose} />);
const frame = () => screen.getByTitle('公众号排版预览');

describe('WechatLayoutDialog', () => {
  it('shows the six themes as radio chips, clean first, and the article in a phone frame while it loads', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: '公众号排版' });
    const chips = within(dialog).getAllByRole('radio');
    expect(chips.map((chip) => chip.closest('label')?.textContent)).toEqual(WECHAT_THEMES.map((theme) => theme.name));
    expect(within(dialog).getByRole('radio', { name: '简约' })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: '排版主题' })).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=clean');
    expect(frame()).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(within(dialog).getByRole('status')).toHaveTextContent('正在加载预览…');
    fireEvent.load(frame());
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('switches the frame to the chosen theme and remembers it for next time', async () => {
    const first = renderDialog();
    fireEvent.load(frame());
    fireEvent.click(screen.getByRole('radio', { name: '科技' }));
    expect(screen.getByRole('radio', { name: '科技' })).toBeChecked();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=tech');
    expect(screen.getByRole('status')).toHaveTextContent('正在加载预览…');
    expect(localStorage.getItem('wechatTheme')).toBe('tech');
    first.unmount();

    renderDialog();
    expect(screen.getByRole('radio', { name: '科技' })).toBeChecked();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=tech');
  });

  it('ignores a remembered value that names no theme', () => {
    localStorage.setItem('wechatTheme', 'neon');
    renderDialog();
    expect(screen.getByRole('radio', { name: '简约' })).toBeChecked();
  });

  it('copies the article as rich text in the chosen theme and closes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, title: '标题', html: HTML }));
    write.mockResolvedValueOnce(undefined);
    onClose.mockReset();
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: '暖色' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制此排版' })));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=wechat-html&theme=warm', expect.objectContaining({ credentials: 'include' }));
    const [items] = write.mock.calls[0]!;
    expect(await (await items[0]!.data['text/html']!).text()).toBe(HTML);
    expect(await screen.findByText('已复制，可直接粘贴到公众号编辑器')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('says why a copy failed and stays open', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '未找到文章' }, { status: 404 }));
    write.mockImplementation(async (items) => {
      await items[0]!.data['text/html'];
    });
    onClose.mockReset();
    renderDialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制此排版' })));
    expect(await screen.findByText('未找到文章')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '复制此排版' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
