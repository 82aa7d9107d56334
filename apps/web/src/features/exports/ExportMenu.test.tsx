import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticlePreview } from '../../pages/create/generation-panel/ArticlePreview';
import { EditorToolbar } from '../../pages/editor/EditorToolbar';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ExportMenu } from './ExportMenu';

const HTML = '<section style="font-size: 16px;"><h2 style="color: red;">小节</h2><p style="margin: 0;">你好，世界</p></section>';

const fetchMock = vi.fn<typeof fetch>();
const write = vi.fn<(items: FakeClipboardItem[]) => Promise<void>>();

class FakeClipboardItem {
  constructor(readonly data: Record<string, Blob | Promise<Blob>>) {}
}

let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  write.mockReset();
  clicked = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ClipboardItem', FakeClipboardItem);
  Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'execCommand');
});

const renderMenu = (props: Partial<Parameters<typeof ExportMenu>[0]> = {}) => renderWithProviders(<ExportMenu articleId="a1" {...props} />);
/** Radix opens its menu on pointerdown or on Enter, Space and ArrowDown; Enter also focuses the first item. */
const openMenu = () => fireEvent.keyDown(screen.getByRole('button', { name: '导出' }), { key: 'Enter' });
const pressKey = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const item = (name: string | RegExp) => screen.getByRole('menuitem', { name });

function fileResponse(body: string, type: string, disposition: string): Response {
  return new Response(new Blob([body], { type }), { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': disposition } });
}

describe('ExportMenu', () => {
  it('opens a menu of the five exports, moves with the arrow keys and closes on Escape', async () => {
    renderMenu();
    expect(screen.getByTestId('export-menu')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '导出' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const names = within(screen.getByRole('menu')).getAllByRole('menuitem').map((node) => node.textContent);
    expect(names).toEqual(['复制为公众号格式', '公众号排版预览', '下载 Markdown', '下载 Word', '下载小红书图片（zip）']);
    await waitFor(() => expect(item('复制为公众号格式')).toHaveFocus());
    pressKey('ArrowDown');
    await waitFor(() => expect(item('公众号排版预览')).toHaveFocus());
    pressKey('ArrowDown');
    await waitFor(() => expect(item('下载 Markdown')).toHaveFocus());
    pressKey('ArrowUp');
    await waitFor(() => expect(item('公众号排版预览')).toHaveFocus());
    pressKey('ArrowUp');
    await waitFor(() => expect(item('复制为公众号格式')).toHaveFocus());
    pressKey('ArrowUp');
    await waitFor(() => expect(item('下载小红书图片（zip）')).toHaveFocus());

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('copies the WeChat HTML as rich text with a plain-text twin', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, title: '标题', html: HTML }));
    write.mockResolvedValueOnce(undefined);
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('复制为公众号格式')));

    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=wechat-html', expect.objectContaining({ credentials: 'include' }));
    const [items] = write.mock.calls[0]!;
    const data = items[0]!.data;
    expect(await (await data['text/html']!).text()).toBe(HTML);
    expect((await data['text/html']!).type).toBe('text/html');
    expect(await (await data['text/plain']!).text()).toBe('小节\n你好，世界');
    expect(await screen.findByText('已复制，可直接粘贴到公众号编辑器')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('copies in the article’s own theme (the server applies it), not the browser’s last choice', async () => {
    localStorage.setItem('wechatTheme', 'tech');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, title: '标题', html: HTML }));
    write.mockResolvedValueOnce(undefined);
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('复制为公众号格式')));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=wechat-html', expect.anything());
    expect(await screen.findByText('已复制，可直接粘贴到公众号编辑器')).toBeInTheDocument();
    localStorage.removeItem('wechatTheme');
  });

  it('opens the 公众号排版 dialog with the article in a phone frame', async () => {
    renderMenu();
    openMenu();
    fireEvent.click(item('公众号排版预览'));
    const dialog = await screen.findByRole('dialog', { name: '公众号排版' });
    expect(within(dialog).getByTitle('公众号排版预览')).toHaveAttribute('src', '/preview/wechat/a1?theme=clean');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('falls back to copying a hidden selection when the clipboard refuses, and says when that fails too', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, title: '标题', html: HTML }));
    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn((_command: string) => document.body.querySelector('[contenteditable="true"]')?.innerHTML === HTML);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('复制为公众号格式')));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('已复制，可直接粘贴到公众号编辑器')).toBeInTheDocument();
    expect(document.body.querySelector('[contenteditable="true"]')).toBeNull();

    execCommand.mockReturnValue(false);
    openMenu();
    await act(async () => fireEvent.click(item('复制为公众号格式')));
    expect(await screen.findByText('复制失败，请重试')).toBeInTheDocument();
  });

  it('shows the server’s message when the HTML cannot be had', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '未找到文章' }, { status: 404 }));
    write.mockImplementation(async (items) => {
      await items[0]!.data['text/html'];
    });
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('复制为公众号格式')));
    expect(await screen.findByText('未找到文章')).toBeInTheDocument();
  });

  it('downloads Word with the server’s file name, showing that it is busy meanwhile', async () => {
    let answer: ((response: Response) => void) | undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('下载 Word')));
    const busy = item('正在生成 Word…');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(item('下载 Markdown')).toHaveAttribute('aria-disabled', 'true');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=docx', { credentials: 'include' });

    const name = encodeURIComponent('春季护肤指南.docx');
    await act(async () => answer!(fileResponse('PK', 'application/octet-stream', `attachment; filename="article.docx"; filename*=UTF-8''${name}`)));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('春季护肤指南.docx');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:export');
    expect(document.body.contains(clicked[0]!)).toBe(false);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('downloads Markdown and the Xiaohongshu zip from their formats', async () => {
    fetchMock
      .mockResolvedValueOnce(fileResponse('# 标题', 'text/markdown', `attachment; filename*=UTF-8''${encodeURIComponent('标题.md')}`))
      .mockResolvedValueOnce(fileResponse('PK', 'application/zip', ''));
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('下载 Markdown')));
    openMenu();
    await act(async () => fireEvent.click(item('下载小红书图片（zip）')));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/article/a1/export?format=md',
      '/api/v1/article/a1/export?format=xhs-cards',
    ]);
    expect(clicked.map((link) => link.download)).toEqual(['标题.md', '天马文章-小红书图片.zip']);
  });

  it('shows the server’s message when a download fails, and keeps the menu open', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '服务器缺少中文字体，暂时无法生成小红书图片' }, { status: 503 }));
    renderMenu();
    openMenu();
    await act(async () => fireEvent.click(item('下载小红书图片（zip）')));
    expect(await screen.findByText('服务器缺少中文字体，暂时无法生成小红书图片')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
    expect(item('下载小红书图片（zip）')).not.toHaveAttribute('aria-busy', 'true');
  });

  it('says so without an article id', async () => {
    renderMenu({ articleId: null });
    openMenu();
    await act(async () => fireEvent.click(item('下载 Markdown')));
    expect(screen.getByText('文章ID不存在，无法导出')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('EditorToolbar export', () => {
  const toolbar = (dirty: boolean) => (
    <EditorToolbar articleId="a1" title="标题" words={10} dirty={dirty} saving={false} problem={null} onSave={() => {}} />
  );

  it('refuses to export unsaved edits', async () => {
    renderWithProviders(toolbar(true));
    openMenu();
    expect(within(screen.getByRole('menu')).getByText('请先保存后再导出')).toBeInTheDocument();
    await act(async () => fireEvent.click(item('下载 Word')));
    expect(screen.getAllByText('请先保存后再导出').length).toBeGreaterThanOrEqual(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('exports the saved article', async () => {
    fetchMock.mockResolvedValueOnce(fileResponse('# 标题', 'text/markdown', `attachment; filename*=UTF-8''${encodeURIComponent('标题.md')}`));
    renderWithProviders(toolbar(false));
    openMenu();
    await act(async () => fireEvent.click(item('下载 Markdown')));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a1/export?format=md', { credentials: 'include' });
  });
});

describe('ArticlePreview export', () => {
  it('offers the export menu next to 复制全文', async () => {
    fetchMock.mockResolvedValueOnce(fileResponse('# 标题', 'text/markdown', ''));
    renderWithProviders(<ArticlePreview article="# 标题\n\n正文" articleId="a9" meta={null} />, { auth: fakeAuth({ user: sampleUser() }) });
    const menu = screen.getByTestId('export-menu');
    expect(menu.parentElement).toContainElement(screen.getByRole('button', { name: '复制全文' }));
    openMenu();
    await act(async () => fireEvent.click(item('下载 Markdown')));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/article/a9/export?format=md', { credentials: 'include' });
    expect(clicked[0]!.download).toBe('天马文章.md');
  });
});
