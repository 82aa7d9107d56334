// Screenshots of every page at 1440 px and 390 px into docs/screens/, from the product started on
// its embedded defaults (issue 17: every page looked at, at both widths).
//
//   npm run screens [-- --only=home,pricing]
//
// Signed-out pages, then a fresh account's pages: the studio before and after one article, my
// articles, the editor, the profile, the pay page; then that article's public page signed out.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/browser.js';
import { newAccount, PASSWORD, registerByApi } from '../tests/e2e/session.js';
import { startProduct } from '../tests/e2e/start-product.js';
// @ts-expect-error plain ESM script without types
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screens');
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

async function shoot(page: Page, name: string, width: number) {
  if (only && !only.includes(name)) return;
  // Fonts, lazy chunks and images settle before the picture is taken.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // From the top: a sticky header is drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(outDir, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  process.stdout.write(`  ${path.relative(root, file)}\n`);
}

/**
 * The web app leaves Chinese to the reader's system fonts, which a build machine may lack (then
 * every character is a box). The pictures use Noto Sans SC from the npm package the server's
 * cards use, served to the page under a path of its own; for that, and only here, the page's CSP
 * is bypassed so that one @font-face rule can be added.
 */
const CJK_FONT = path.join(root, 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const FONT_PATH = '/__screens/noto-sans-sc.ttf';
const FONT_RULE = `@font-face { font-family: 'Screens CJK'; src: url(${FONT_PATH}); font-weight: 100 900; } * { font-family: ui-sans-serif, system-ui, 'Screens CJK', sans-serif !important; }`;

async function newContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const mobile = viewport.width < 768;
  const context = await browser.newContext({ viewport, locale: 'zh-CN', isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1, bypassCSP: true });
  await context.route(`**${FONT_PATH}`, (route) => route.fulfill({ path: CJK_FONT, contentType: 'font/ttf' }));
  await context.addInitScript((rule) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = rule;
      document.head.append(style);
    });
  }, FONT_RULE);
  return context;
}

async function signedOutPages(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const pages: [string, string][] = [
    ['home', '/'],
    ['product', '/product'],
    ['about', '/about'],
    ['pricing', '/pricing'],
    ['login', '/login'],
    ['register', '/register'],
    ['reset-password', '/reset-password'],
  ];
  for (const [name, route] of pages) {
    await page.goto(`${url}${route}`);
    await shoot(page, name, viewport.width);
  }
  await context.close();
}

/** Signed-in pages; answers the id of the article written on the way. */
async function signedInPages(browser: Browser, url: string, viewport: { width: number; height: number }, subnet: number): Promise<string> {
  const account = newAccount('scr', subnet, url);
  await registerByApi(account);
  const context = await newContext(browser, viewport);
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': account.ip });
  const signIn = await context.request.post(`${url}/api/account/user/verify`, { data: { username: account.username, password: PASSWORD } });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const page = await context.newPage();

  await page.goto(`${url}/create`);
  await page.getByTestId('topic-input').waitFor();
  await shoot(page, 'create', viewport.width);
  await page.getByTestId('topic-input').fill('周末如何高效复盘一周的工作');
  await page.getByTestId('length-slider').fill('800');
  await page.getByTestId('generate-button').click();
  await page.getByTestId('article-preview').waitFor({ timeout: 90_000 });
  await shoot(page, 'create-result', viewport.width);

  await page.goto(`${url}/advanced-create`);
  await page.getByTestId('topic-input').waitFor();
  await shoot(page, 'advanced-create', viewport.width);

  const { articleId, deepspaceId } = await page.evaluate(async () => {
    const me = await (await fetch('/api/account/user/me')).json();
    const list = await (await fetch(`/api/v1/articles/user/${me.user.deepspaceId}/page?page=1&size=8`)).json();
    return { articleId: list.data[0].articleId as string, deepspaceId: String(me.user.deepspaceId) };
  });

  await page.goto(`${url}/my-articles`);
  await page.getByText('周末如何高效复盘').first().waitFor();
  await shoot(page, 'my-articles', viewport.width);

  await page.goto(`${url}/editor?${new URLSearchParams({ articleId, deepspaceId })}`);
  await page.waitForLoadState('networkidle');
  await shoot(page, 'editor', viewport.width);

  await page.goto(`${url}/profile`);
  await shoot(page, 'profile', viewport.width);

  await page.goto(`${url}/pay?type=1100`);
  await page.getByRole('img', { name: '支付二维码' }).waitFor();
  await shoot(page, 'pay', viewport.width);

  await context.close();
  return articleId;
}

async function sharedArticle(browser: Browser, url: string, viewport: { width: number; height: number }, articleId: string) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await page.goto(`${url}/shared/article/${articleId}`);
  await shoot(page, 'shared-article', viewport.width);
  await context.close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  ensureWebBuild();
  const product = await startProduct({ TRUST_PROXY: 'true' });
  const browser = await launchBrowser();
  try {
    for (const [index, viewport] of WIDTHS.entries()) {
      process.stdout.write(`${viewport.width} px\n`);
      await signedOutPages(browser, product.url, viewport);
      const articleId = await signedInPages(browser, product.url, viewport, 90 + index);
      await sharedArticle(browser, product.url, viewport, articleId);
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
