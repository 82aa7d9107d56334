import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './browser.js';
import { newAccount, signedInPage, toast, writeArticle } from './session.js';

/**
 * Sharing on the embedded default: the desktop QR dialog and copy link, the mobile fallback
 * sheet, the public page a stranger opens, a hostile article that renders without running
 * anything, and an article its owner made private.
 */

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const HOSTILE = [
  '# 安全测试文章',
  '',
  '<script>window.__script = 1</script>',
  '',
  '正文第一段，包含一个[恶意链接](javascript:window.__link=1)和一个[正常链接](https://example.com)。',
  '',
  '<img src="x" onerror="window.__onerror = 1">',
  '',
  '![数据图](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  '',
  '## 小节',
  '',
  '结尾。',
].join('\n');

describe('sharing', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: the QR dialog copies the link, and a stranger opens the page with its share tags', async () => {
    const { context, page, problems } = await signedInPage(browser, newAccount('shr', 23));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const { articleId } = await writeArticle(page, '周末如何高效复盘');
    await page.getByTestId('article-preview').getByTestId('share-button').click();
    const dialog = page.getByTestId('share-qr-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('share-qr-image').getAttribute('width')).toBe('200');
    await shot(page, 'share-qr-desktop');
    await dialog.getByTestId('share-copy-link').click();
    await toast(page, '链接已复制').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl()}/shared/article/${articleId}`);

    const head = await (await fetch(link)).text();
    expect(head).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');

    const stranger = await openPage(browser);
    await stranger.page.goto(link);
    const shared = stranger.page.getByTestId('shared-article');
    await shared.waitFor();
    await shared.getByText('本文由 AI 生成，由天马Agent创作平台提供技术支持').waitFor();
    expect(await stranger.page.getByTestId('shared-article-time').textContent()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日.*\d{1,2}:\d{2}/);
    await shot(stranger.page, 'shared-page-desktop');
    expect(stranger.problems).toEqual([]);
    await stranger.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('mobile: without a working native share the fallback sheet offers WeChat, Moments and copy link', async () => {
    const { context, page, problems } = await signedInPage(browser, newAccount('shr', 23), MOBILE);
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: () => Promise.reject(new Error('not supported here')) });
    });
    await writeArticle(page, '通勤路上听什么播客');
    await page.getByTestId('article-preview').getByTestId('share-button').click();
    const sheet = page.getByTestId('share-sheet');
    await sheet.waitFor();
    for (const label of ['微信好友', '朋友圈', '复制链接']) await sheet.getByRole('button', { name: label }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'share-sheet-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders a hostile article without running anything, and hides a private one from strangers', async () => {
    const { context, page, problems } = await signedInPage(browser, newAccount('shr', 23), DESKTOP);
    const { articleId } = await writeArticle(page, '一篇将被改写的文章');
    const saved = await page.evaluate(
      async ({ id, content }) => (await fetch(`/api/v1/article/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ content }) })).status,
      { id: articleId, content: HOSTILE },
    );
    expect(saved).toBe(200);

    const stranger = await openPage(browser);
    const dialogs: string[] = [];
    stranger.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await stranger.page.goto(`${baseUrl()}/shared/article/${articleId}`);
    const shared = stranger.page.getByTestId('shared-article');
    await shared.getByText('正文第一段').waitFor();
    await shared.getByText('恶意链接').click();
    await stranger.page.waitForTimeout(300);
    const state = await stranger.page.evaluate(() => {
      const root = document.querySelector('[data-testid="shared-article"]')!;
      const w = window as unknown as Record<string, unknown>;
      return {
        ran: [w.__script, w.__link, w.__onerror],
        scripts: root.querySelectorAll('script').length,
        handlers: root.querySelectorAll('[onerror],[onload],[onclick]').length,
        hrefs: [...root.querySelectorAll('a')].map((a) => a.getAttribute('href')),
        images: [...root.querySelectorAll('img')].map((img) => img.getAttribute('src')),
      };
    });
    expect(state.ran).toEqual([undefined, undefined, undefined]);
    expect(state.scripts).toBe(0);
    expect(state.handlers).toBe(0);
    expect(state.hrefs).toEqual(['https://example.com']);
    expect(state.images.some((src) => src?.startsWith('data:'))).toBe(false);
    expect(dialogs).toEqual([]);

    const hidden = await page.evaluate(
      async (id) => (await fetch(`/api/v1/article/${id}/visibility`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ isPublic: false }) })).json(),
      articleId,
    );
    expect(hidden).toMatchObject({ success: true, isPublic: false });
    await stranger.page.reload();
    await stranger.page.getByTestId('shared-not-found').getByText('未找到文章').waitFor();
    // The page's own document answers 404 for a private article; the browser logs that, nothing else.
    expect(stranger.problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await stranger.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
