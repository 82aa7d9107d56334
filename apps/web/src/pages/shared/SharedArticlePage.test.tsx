import { SHARED_ARTICLE_HIDDEN_TEXT } from '@tianma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { FAKE_CONFIG, fakeWx, WECHAT_UA } from '../../features/share/wechat-fakes';
import { resetWeChatSdkLoader, wechatConfigPath } from '../../features/share/wechat-sdk';
import { ApiError, CLIENT_ERROR_CODES, FORMAT_ERROR_MESSAGE } from '../../lib/api';
import { jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { bodyWithoutTitle, LOAD_FAILED_TITLE, SHARED_FOOTER_TEXT, SharedArticlePage } from './SharedArticlePage';
import { readSharedArticle, sharedArticleErrorText, sharedArticlePath } from './shared-article-api';

const ARTICLE = {
  articleId: 'a1',
  title: '春日读书',
  content: '# 春日读书\n\n读书让人**安静**下来。\n\n[坏链接](javascript:alert)',
  summary: '读书让人安静下来。',
  imageUrl: '/api/v1/images/a1.png',
  createTime: '2024-05-01T06:30:00.000Z',
};

function renderPage(articleId = 'a1') {
  return renderRoutes([{ path: '/shared/article/:articleId', element: <SharedArticlePage /> }], { path: `/shared/article/${articleId}` });
}

beforeEach(() => {
  document.title = '天马';
  resetWeChatSdkLoader();
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});
afterEach(() => {
  delete window.wx;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SharedArticlePage', () => {
  it('shows a spinner, then the article: title, generation time, safe markdown, footer and share button', async () => {
    const { calls } = stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: true, data: ARTICLE }) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载文章...');

    const article = await screen.findByTestId('shared-article');
    expect(within(article).getByRole('heading', { level: 1, name: '春日读书' })).toBeInTheDocument();
    // The heading is not repeated in the body.
    expect(within(article).getAllByRole('heading', { name: '春日读书' })).toHaveLength(1);
    expect(within(article).getByTestId('shared-article-time')).toHaveTextContent(/2024年5月1日 \d{2}:\d{2}/);
    expect(within(article).getByText('安静').tagName).toBe('STRONG');
    expect(within(article).getByText('坏链接').closest('a')).toBeNull();
    expect(article).toHaveTextContent(SHARED_FOOTER_TEXT);
    expect(SHARED_FOOTER_TEXT).toBe('本文由 AI 生成，由天马Agent创作平台提供技术支持');
    expect(within(article).getByTestId('share-button')).toHaveTextContent('分享');

    // The head is set in an effect after the article renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('春日读书 - 天马'));
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', '春日读书');
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', `${window.location.origin}/api/v1/images/a1.png`);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/shared/article/a1']);
  });

  it('wears the layout theme its author chose: the theme stylesheet in the head and its class on the body', async () => {
    stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: true, data: { ...ARTICLE, theme: 'literary' } }) });
    const { unmount } = renderPage();
    const article = await screen.findByTestId('shared-article');
    expect(article.querySelector('.markdown-body')).toHaveClass('wx-theme-literary');
    const link = document.head.querySelector('link[data-testid="shared-theme-stylesheet"]');
    expect(link).toHaveAttribute('href', '/api/v1/themes/literary/share.css');
    expect(link).toHaveAttribute('rel', 'stylesheet');
    unmount();
    expect(document.head.querySelector('link[data-testid="shared-theme-stylesheet"]')).toBeNull();
  });

  it('keeps the site look for an article without a theme, or with one this app does not know', async () => {
    stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: true, data: { ...ARTICLE, theme: 'neon' } }) });
    renderPage();
    const article = await screen.findByTestId('shared-article');
    expect(article.querySelector('.markdown-body')!.className).toBe('markdown-body');
    expect(document.head.querySelector('link[data-testid="shared-theme-stylesheet"]')).toBeNull();
  });

  it('says 未找到文章 on a 404', async () => {
    stubApi({ [sharedArticlePath('gone')]: jsonResponse({ success: false, message: '未找到文章' }, { status: 404 }) });
    renderPage('gone');
    const notFound = await screen.findByTestId('shared-not-found');
    expect(within(notFound).getByRole('heading', { name: '未找到文章' })).toBeInTheDocument();
    expect(screen.queryByTestId('shared-article')).not.toBeInTheDocument();
    expect(document.title).toBe('未找到文章 - 天马');
  });

  it('shows the platform’s notice for an article an operator hid, not 未找到文章', async () => {
    stubApi({ [sharedArticlePath('gone')]: jsonResponse({ success: false, message: SHARED_ARTICLE_HIDDEN_TEXT, hidden: true }, { status: 404 }) });
    renderPage('gone');
    const hidden = await screen.findByTestId('shared-hidden');
    expect(within(hidden).getByRole('heading', { name: '该文章已被平台隐藏，无法查看' })).toBeInTheDocument();
    expect(screen.queryByTestId('shared-not-found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('该文章已被平台隐藏，无法查看 - 天马'));
  });

  it('says 未找到文章 when the answer holds no article', async () => {
    stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: true, data: { ...ARTICLE, content: '' } }) });
    renderPage();
    expect(await screen.findByTestId('shared-not-found')).toBeInTheDocument();
  });

  it("shows 加载失败 with the server's message (a refusal our server names with a code)", async () => {
    stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: false, code: 'UNAVAILABLE', message: '服务繁忙，请稍后再试' }, { status: 503 }) });
    renderPage();
    const error = await screen.findByTestId('shared-error');
    expect(within(error).getByRole('heading', { name: LOAD_FAILED_TITLE })).toHaveTextContent('加载失败');
    expect(within(error).getByRole('alert')).toHaveTextContent('服务繁忙，请稍后再试');
  });

  it('shows 加载失败 with 获取文章失败 when the failure has no message for people', async () => {
    stubApi({ [sharedArticlePath('a1')]: () => new Response('oops', { status: 500, statusText: 'Internal Server Error' }) });
    renderPage();
    const error = await screen.findByTestId('shared-error');
    expect(within(error).getByRole('alert')).toHaveTextContent(/^获取文章失败$/);
  });

  it('shows 获取文章失败 for a message without a code (not our server) and for a malformed answer', async () => {
    stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: false, message: 'Bad gateway' }, { status: 502 }) });
    renderPage();
    expect(within(await screen.findByTestId('shared-error')).getByRole('alert')).toHaveTextContent(/^获取文章失败$/);
    expect(sharedArticleErrorText(new ApiError(200, FORMAT_ERROR_MESSAGE, CLIENT_ERROR_CODES.badResponse))).toBe('获取文章失败');
  });

  it('words a network failure as such', async () => {
    stubApi({ [sharedArticlePath('a1')]: new TypeError('Failed to fetch') });
    renderPage();
    expect(await screen.findByTestId('shared-error')).toHaveTextContent('网络错误，请稍后重试');
  });

  it('inside WeChat, configures the share menu for friends and the timeline on load', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const wx = fakeWx();
    window.wx = wx;
    const pageUrl = window.location.href.split('#')[0]!;
    const { calls } = stubApi({
      [sharedArticlePath('a1')]: jsonResponse({ success: true, data: ARTICLE }),
      [wechatConfigPath(pageUrl)]: jsonResponse({ success: true, data: FAKE_CONFIG }),
    });
    renderPage();
    expect(await screen.findByTestId('share-button')).toHaveTextContent('准备分享');
    await waitFor(() => expect(wx.timelineCards).toHaveLength(1));
    const card = {
      title: '春日读书',
      desc: '读书让人安静下来。 坏链接',
      link: `${window.location.origin}/shared/article/a1`,
      imgUrl: `${window.location.origin}/api/v1/images/a1.png`,
    };
    expect(wx.friendCards[0]).toMatchObject(card);
    expect(wx.timelineCards[0]).toMatchObject(card);
    expect(calls.map((call) => call.path)).toContain(wechatConfigPath(pageUrl));
    // No toast on load: the page prepares quietly.
    expect(screen.queryAllByRole('status').filter((node) => node.hasAttribute('data-kind'))).toHaveLength(0);
  });

  it('does not call the WeChat config outside WeChat', async () => {
    const { calls } = stubApi({ [sharedArticlePath('a1')]: jsonResponse({ success: true, data: ARTICLE }) });
    renderPage();
    await screen.findByTestId('shared-article');
    expect(calls).toHaveLength(1);
  });
});

describe('shared article helpers', () => {
  it('reads content or article, under data or at the top', () => {
    expect(readSharedArticle({ success: true, data: { title: 'T', article: '正文' } }, 'x')).toMatchObject({ articleId: 'x', title: 'T', content: '正文' });
    expect(readSharedArticle({ content: '正文' }, 'x')).toMatchObject({ content: '正文', createTime: null, imageUrl: null });
    expect(readSharedArticle({ success: true, data: {} }, 'x')).toBeNull();
  });

  it('drops the leading heading only when it repeats the title', () => {
    expect(bodyWithoutTitle('# 标题\n\n正文', '标题')).toBe('\n正文');
    expect(bodyWithoutTitle('# 别的\n\n正文', '标题')).toBe('# 别的\n\n正文');
    expect(bodyWithoutTitle('正文\n# 标题', '标题')).toBe('正文\n# 标题');
  });
});
