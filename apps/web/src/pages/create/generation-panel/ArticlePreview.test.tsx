import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleMeta } from '../../../features/generation/tracking-types';
import { fakeAuth, jsonResponse, sampleUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ArticlePreview } from './ArticlePreview';

const ARTICLE = '# 时间管理\n\n高效工作的三个方法。\n\n[链接](javascript:alert(1))';
const META: ArticleMeta = { title: '时间管理', offline: false, wordCount: 2345, createdAt: '2024-05-01T06:30:00.000Z' };

const fetchMock = vi.fn<typeof fetch>();
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  fetchMock.mockReset();
  writeText.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPreview(props: Partial<Parameters<typeof ArticlePreview>[0]> = {}) {
  return renderWithProviders(<ArticlePreview article={ARTICLE} articleId="a1" meta={META} {...props} />, {
    auth: fakeAuth({ user: sampleUser({ deepspaceId: 7 }) }),
  });
}

describe('ArticlePreview', () => {
  it('renders the markdown safely with the word count and the generation time', () => {
    renderPreview();
    expect(screen.getByTestId('article-preview')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '时间管理' })).toBeInTheDocument();
    expect(screen.getByText('链接').closest('a')).toBeNull();
    // Counted from the text by the one rule, not taken from the metadata: 时间管理 4 + 高效工作的三个方法。 10 + 链接 2.
    expect(screen.getByTestId('article-word-count')).toHaveTextContent('字数：16');
    expect(screen.getByTestId('article-generated-at')).toHaveTextContent(/生成时间：2024年5月1日 \d{2}:\d{2}/);
    expect(screen.queryByTestId('offline-label')).not.toBeInTheDocument();
    expect(screen.getByTestId('share-button')).toHaveTextContent('分享');
  });

  it('counts the words itself and hides the time when the metadata is missing', () => {
    renderPreview({ article: '## 标题\n\n你好 world', meta: null });
    // 标题 (2) + 你好 (2) + world (1)
    expect(screen.getByTestId('article-word-count')).toHaveTextContent('字数：5');
    expect(screen.queryByTestId('article-generated-at')).not.toBeInTheDocument();
  });

  it('writes a long count with separators, as the editor and my articles do', () => {
    renderPreview({ article: `# 标题\n\n${'字'.repeat(2239)}` });
    expect(screen.getByTestId('article-word-count')).toHaveTextContent('字数：2,241');
  });

  it('puts edit, copy, export and share in a bar at the top, before the article, that stays in view', () => {
    renderPreview({ article: `# 时间管理\n\n${'很长的段落。\n\n'.repeat(200)}` });
    const bar = screen.getByRole('toolbar', { name: '文章操作' });
    expect(bar).toHaveClass('sticky');
    for (const name of ['在线编辑', '复制全文']) expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    expect(within(bar).getByTestId('share-button')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: /导出/ })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: '时间管理' });
    expect(bar.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Each action once: the feedback buttons close the article.
    expect(screen.getAllByRole('button', { name: '在线编辑' })).toHaveLength(1);
    expect(within(bar).queryByRole('button', { name: '文章不错' })).not.toBeInTheDocument();
  });

  it('labels an article written by the offline composer', () => {
    renderPreview({ meta: { ...META, offline: true } });
    expect(screen.getByTestId('offline-label')).toHaveTextContent('离线写作');
    expect(screen.getByTestId('offline-label')).toHaveTextContent('本文由内置离线写作引擎生成，未调用大模型');
  });

  it('copies the markdown, or says the copy failed', async () => {
    writeText.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    renderPreview();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制全文' })));
    expect(writeText).toHaveBeenCalledWith(ARTICLE);
    writeText.mockClear();
    expect(screen.getByText('已复制到剪贴板')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制全文' })));
    expect(screen.getByText('复制失败，请重试')).toBeInTheDocument();
  });

  it('copies our pictures with absolute addresses, so that a paste elsewhere keeps them', async () => {
    writeText.mockResolvedValueOnce(undefined);
    renderPreview({ article: '# 标题\n\n![封面](/media/articles/a1-0.png)' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制全文' })));
    expect(writeText).toHaveBeenCalledWith(`# 标题\n\n![封面](${window.location.origin}/media/articles/a1-0.png)`);
  });

  it('shares the finished article: the QR dialog of its link on a desktop', async () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (query: string) => ({ matches: false, media: query }) });
    try {
      renderPreview();
      await act(async () => fireEvent.click(screen.getByTestId('share-button')));
      expect(screen.getByTestId('share-qr-dialog')).toBeInTheDocument();
      expect(screen.getByTestId('share-link')).toHaveTextContent(`${window.location.origin}/shared/article/a1`);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('says 没有可分享的文章 before an article id arrives', async () => {
    renderPreview({ articleId: null });
    await act(async () => fireEvent.click(screen.getByTestId('share-button')));
    expect(screen.getByText('没有可分享的文章')).toBeInTheDocument();
  });

  it('opens the online editor in a new tab, or warns without an article id', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { unmount } = renderPreview();
    fireEvent.click(screen.getByRole('button', { name: '在线编辑' }));
    expect(open).toHaveBeenCalledWith('/editor?articleId=a1&deepspaceId=7', '_blank', 'noopener,noreferrer');
    unmount();

    open.mockClear();
    renderPreview({ articleId: null });
    fireEvent.click(screen.getByRole('button', { name: '在线编辑' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('文章ID不存在，无法打开在线编辑')).toBeInTheDocument();
  });

  it('文章不错 sends a like and thanks', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok' }));
    renderPreview();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '文章不错' })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/feedback');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ type: 'like', content: '文章不错', articleId: 'a1' });
    expect(screen.getByText('感谢您的反馈')).toBeInTheDocument();
  });

  it('a failed like says why', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPreview();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '文章不错' })));
    expect(screen.getByText('网络错误，请稍后重试')).toBeInTheDocument();
  });

  it('不符合预期 opens the modal on dislike; 详细反馈 opens it fresh after a successful submit', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    renderPreview();
    fireEvent.click(screen.getByRole('button', { name: '不符合预期' }));
    expect(screen.getByRole('dialog', { name: '请提供您的反馈' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '需要改进' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '观点不够新颖' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交反馈' })));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ type: 'dislike', content: '观点不够新颖' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('感谢您的反馈')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '详细反馈' }));
    expect(screen.getByRole('button', { name: '符合预期' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '需要改进' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: '反馈内容' })).toHaveValue('');
  });
});
