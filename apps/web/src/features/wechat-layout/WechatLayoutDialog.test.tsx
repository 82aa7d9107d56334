import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WECHAT_THEMES } from '@tianma/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { articlePath, articleThemePath } from './article-theme-api';
import { THEME_NOT_SAVED_TEXT } from './use-article-theme';
import WechatLayoutDialog from './WechatLayoutDialog';

const HTML = '<section style="font-size: 16px;"><h2 style="color: red;">小节</h2></section>';

const fetchMock = vi.fn<typeof fetch>();
/** The article's own theme as the owner's article fetch answers it (null: none chosen yet). */
let articleTheme: string | null = null;
let themeSaves: unknown[] = [];
let themeSaveStatus = 200;
/** What the copy's export call answers. */
let exportAnswer: () => Response = () => jsonResponse({ success: false }, { status: 500 });
const write = vi.fn<(items: FakeClipboardItem[]) => Promise<void>>();

class FakeClipboardItem {
  constructor(readonly data: Record<string, Blob | Promise<Blob>>) {}
}

beforeEach(() => {
  fetchMock.mockReset();
  articleTheme = null;
  themeSaves = [];
  themeSaveStatus = 200;
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === articlePath('a1')) return jsonResponse({ code: 0, article_id: 'a1', title: '标题', content: '# 标题', wechat_theme: articleTheme });
    if (path === articleThemePath('a1') && init?.method === 'PUT') {
      themeSaves.push(JSON.parse(String(init.body)));
      return themeSaveStatus === 200 ? jsonResponse({ success: true }) : jsonResponse({ success: false, message: '保存失败' }, { status: themeSaveStatus });
    }
    if (path.startsWith('/api/v1/article/a1/export')) return exportAnswer();
    return jsonResponse({ success: false, message: '未找到' }, { status: 404 });
  });
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
/** Under a loaded machine the fake answers take longer than testing-library's default second. */
const LOADED = { timeout: 5000 };
const onClose = vi.fn();
const renderDialog = () => renderWithProviders(<WechatLayoutDialog articleId="a1" onClose={onClose} />);
const frame = () => screen.getByTitle('公众号排版预览');

describe('WechatLayoutDialog', () => {
  it('shows the six themes as radio chips, clean first, and the article in a phone frame while it loads', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: '公众号排版' });
    const chips = within(dialog).getAllByRole('radio');
    expect(chips.map((chip) => chip.closest('label')?.textContent)).toEqual(WECHAT_THEMES.map((theme) => theme.name));
    expect(within(dialog).getByRole('tab', { name: '复制' })).toHaveAttribute('aria-selected', 'true');
    // The article's own theme is read first; it has none, so clean.
    expect(await within(dialog).findByRole('radio', { name: '简约', checked: true }, LOADED)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: '排版主题' })).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=clean');
    expect(frame()).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(within(dialog).getByRole('status')).toHaveTextContent('正在加载预览…');
    fireEvent.load(frame());
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('switches the frame to the chosen theme, saves it on the article and remembers it for next time', async () => {
    const first = renderDialog();
    await waitFor(() => expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=clean'));
    fireEvent.load(frame());
    fireEvent.click(screen.getByRole('radio', { name: '科技' }));
    expect(screen.getByRole('radio', { name: '科技' })).toBeChecked();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=tech');
    expect(screen.getByRole('status')).toHaveTextContent('正在加载预览…');
    expect(localStorage.getItem('wechatTheme')).toBe('tech');
    // A run of choices saves the last one, once.
    fireEvent.click(screen.getByRole('radio', { name: '暖色' }));
    fireEvent.click(screen.getByRole('radio', { name: '科技' }));
    await waitFor(() => expect(themeSaves).toEqual([{ theme: 'tech' }]), LOADED);
    first.unmount();

    articleTheme = 'tech';
    renderDialog();
    expect(await screen.findByRole('radio', { name: '科技', checked: true }, LOADED)).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=tech');
  });

  it("starts on the article's own theme before the browser's remembered one", async () => {
    localStorage.setItem('wechatTheme', 'warm');
    articleTheme = 'literary';
    renderDialog();
    // The remembered one shows at once; the article's replaces it once read.
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=warm');
    expect(await screen.findByRole('radio', { name: '文艺', checked: true }, LOADED)).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/preview/wechat/a1?theme=literary');
  });

  it('falls back to the remembered theme when the article has none, and ignores one that names no theme', async () => {
    localStorage.setItem('wechatTheme', 'warm');
    const first = renderDialog();
    expect(await screen.findByRole('radio', { name: '暖色', checked: true }, LOADED)).toBeInTheDocument();
    first.unmount();
    localStorage.setItem('wechatTheme', 'neon');
    renderDialog();
    expect(await screen.findByRole('radio', { name: '简约', checked: true }, LOADED)).toBeInTheDocument();
  });

  it('says quietly when the theme could not be saved on the article, and keeps it', async () => {
    themeSaveStatus = 500;
    renderDialog();
    await screen.findByRole('radio', { name: '简约', checked: true }, LOADED);
    fireEvent.click(screen.getByRole('radio', { name: '商务' }));
    expect(await screen.findByText(THEME_NOT_SAVED_TEXT, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '商务' })).toBeChecked();
    expect(screen.getByRole('button', { name: '复制此排版' })).toBeEnabled();
  });

  it('copies the article as rich text in the chosen theme and closes', async () => {
    exportAnswer = () => jsonResponse({ success: true, title: '标题', html: HTML });
    write.mockResolvedValueOnce(undefined);
    onClose.mockReset();
    renderDialog();
    await screen.findByRole('radio', { name: '简约', checked: true }, LOADED);
    fireEvent.click(screen.getByRole('radio', { name: '暖色' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制此排版' })));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=wechat-html&theme=warm', expect.objectContaining({ credentials: 'include' }));
    const [items] = write.mock.calls[0]!;
    expect(await (await items[0]!.data['text/html']!).text()).toBe(HTML);
    expect(await screen.findByText('已复制，可直接粘贴到公众号编辑器')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('says why a copy failed and stays open', async () => {
    exportAnswer = () => jsonResponse({ success: false, message: '未找到文章' }, { status: 404 });
    write.mockImplementation(async (items) => {
      await items[0]!.data['text/html'];
    });
    onClose.mockReset();
    renderDialog();
    await screen.findByRole('radio', { name: '简约', checked: true }, LOADED);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制此排版' })));
    expect(await screen.findByText('未找到文章')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '复制此排版' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
