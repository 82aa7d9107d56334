import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE } from './browser.js';
import { newAccount, openArticleInEditor, signedInPage } from './session.js';

/**
 * 存入草稿箱 (issue 20, points 1 and 4; decisions 074, 076): an article with pictures of its own,
 * an account bound (through the API: the profile page's flow is wechat-accounts.e2e.ts), the
 * 公众号排版 dialog's 存入草稿箱 panel with a theme chosen, the preflight report, the draft made in
 * the fake WeChat of global-setup.ts, the editor's status line; then draft and publish with the
 * warning confirmed, followed until WeChat (the fake: publishing, then published) says 已发表.
 * At 1280 and 375 px, with no console error and no Content-Security-Policy violation.
 */

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Binds global-setup's account through the API with the context's session cookie. */
async function bindAccount(context: BrowserContext, server: string, name: string) {
  const { appId, appSecret } = inject('wechatMpAccount');
  const response = await context.request.post(`${server}/api/v1/publish/wechat/accounts`, { data: { appId, appSecret, name } });
  expect(response.status(), await response.text()).toBe(200);
}

async function publishJourney(viewport: typeof DESKTOP, name: string, topic: string) {
  const { account, page, context, problems } = await signedInPage(browser, newAccount('wxp', 64), viewport);
  await bindAccount(context, account.server, '天马发布号');
  const articleId = await openArticleInEditor(page, topic);
  const status = page.getByTestId('editor-wechat-status');
  // No publication yet: no status line.
  await page.waitForLoadState('networkidle');
  expect(await status.count()).toBe(0);

  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '公众号排版预览' }).click();
  const dialog = page.getByRole('dialog', { name: '公众号排版' });
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: '存入草稿箱' }).click();
  await dialog.getByText('科技', { exact: true }).click();
  expect(await dialog.getByRole('radio', { name: '科技' }).isChecked()).toBe(true);

  // The preflight report for that theme, as a list: pictures of ours to upload, the limits each fine.
  const report = dialog.getByRole('region', { name: '预检' });
  await report.getByText('可以存入草稿箱').waitFor();
  await expect.poll(() => report.getAttribute('aria-busy')).toBe('false');
  expect(await report.getByText(/张本站图片会上传到公众号/).count()).toBe(1);
  const limits = report.getByRole('list', { name: '字数限制' }).getByRole('listitem');
  expect(await limits.count()).toBeGreaterThanOrEqual(2);
  expect(await limits.first().textContent()).toMatch(/^标题\d+ \/ 32未超出$/);
  expect(await dialog.getByRole('combobox', { name: '公众号' }).inputValue()).toMatch(/^wxa_/);
  await dialog.getByLabel('作者（选填）').fill('天马');
  await shot(page, `wechat-publish-panel-${name}`);

  await dialog.getByRole('button', { name: '存入草稿箱', exact: true }).click();
  const card = dialog.getByTestId('wechat-publication');
  await card.and(page.locator('[data-state="draft_created"]')).waitFor({ timeout: 30_000 });
  expect(await card.textContent()).toContain('已存入草稿箱');
  await shot(page, `wechat-publish-draft-${name}`);
  // The theme chosen is the article's now.
  await expect
    .poll(() => page.evaluate(async (id) => (await (await fetch(`/api/v1/articles/articles/${id}`)).json()).wechat_theme as string, articleId))
    .toBe('tech');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => status.textContent()).toMatch(/^公众号：已存入草稿箱 · \d+月\d+日 \d\d:\d\d$/);

  // Draft and publish, from the status line: the warning must be confirmed; then WeChat is followed to 已发表.
  await status.click();
  await dialog.waitFor();
  expect(await dialog.getByRole('tab', { name: '存入草稿箱' }).getAttribute('aria-selected')).toBe('true');
  expect(await dialog.getByRole('radio', { name: '科技' }).isChecked()).toBe(true);
  await dialog.getByTestId('wechat-publication').getByText('上次：').waitFor();
  await dialog.getByText('存入草稿箱并发表', { exact: true }).click();
  const notice = dialog.getByTestId('wechat-freepublish-notice');
  expect(await notice.textContent()).toContain('不会出现在公众号历史消息列表中');
  const submit = dialog.getByRole('button', { name: '存入草稿箱并发表' });
  expect(await submit.isDisabled()).toBe(true);
  await notice.getByRole('checkbox', { name: '我已了解，仍要直接发表' }).check();
  await shot(page, `wechat-publish-confirm-${name}`);
  await submit.click();
  await card.and(page.locator('[data-state="submitted"]')).waitFor({ timeout: 30_000 });
  expect(await card.textContent()).toContain('发表中（等待微信确认）');
  await card.and(page.locator('[data-state="published"]')).waitFor({ timeout: 30_000 });
  expect(await card.textContent()).toContain('已发表');
  expect(await card.getByRole('link', { name: '打开文章' }).getAttribute('href')).toMatch(/^https:\/\/mp\.weixin\.qq\.com\/s\//);
  await shot(page, `wechat-publish-published-${name}`);

  if (viewport === MOBILE) {
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await page.keyboard.press('Escape');
  await expect.poll(() => status.textContent()).toMatch(/^公众号：已发表/);
  await shot(page, `wechat-publish-status-${name}`);
  expect(problems).toEqual([]);
  await context.close();
}

describe('存入公众号草稿箱', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: preflight, draft, status line, then publish followed to 已发表', async () => {
    await publishJourney(DESKTOP, 'desktop', '如何坚持每天阅读');
  }, 120_000);

  it('mobile: the same in the full-screen dialog at 375 px', async () => {
    await publishJourney(MOBILE, 'mobile', '新手如何开始理财');
  }, 120_000);
});
