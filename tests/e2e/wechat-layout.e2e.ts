import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE } from './browser.js';
import { newAccount, openArticleInEditor, signedInPage, toast } from './session.js';

/**
 * 公众号排版 (issue 20, point 2; decision 072): from the editor's export menu, the article in a
 * layout theme inside a phone frame (the server's preview page, under its own policy), switched to
 * 科技 with a visible change of the headings, and copied in that theme. At 1280 and 375 px, with no
 * console error and no Content-Security-Policy violation in the app or in the frame.
 */

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The preview frame once it shows `theme` (the page has no script: read from outside). */
async function previewFrame(page: Page, theme: string): Promise<Frame> {
  let frame: Frame | undefined;
  await expect
    .poll(async () => {
      frame = page.frames().find((candidate) => candidate.url().includes('/preview/wechat/') && candidate.url().endsWith(`theme=${theme}`));
      return frame ? frame.evaluate(() => document.readyState === 'complete' && Boolean(document.querySelector('h2'))).catch(() => false) : false;
    }, { timeout: 15_000 })
    .toBe(true);
  return frame!;
}

const headingStyle = (frame: Frame) =>
  frame.evaluate(() => {
    const style = getComputedStyle(document.querySelector('h2')!);
    return { color: style.color, fontSize: style.fontSize, background: style.backgroundColor, border: style.borderLeftWidth + style.borderBottomWidth, align: style.textAlign };
  });

async function chooseAndCopy(viewport: typeof DESKTOP, name: string, topic: string) {
  const { context, page, problems } = await signedInPage(browser, newAccount('wxl', 63), viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const articleId = await openArticleInEditor(page, topic);
  const title = await page.evaluate(async (id) => (await (await fetch(`/api/v1/article/${id}/export?format=wechat-html`)).json()).title as string, articleId);
  expect(title).toBeTruthy();

  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '公众号排版预览' }).click();
  const dialog = page.getByRole('dialog', { name: '公众号排版' });
  await dialog.waitFor();
  expect(await dialog.getByRole('radio').count()).toBe(6);
  expect(await dialog.getByRole('radio', { name: '简约' }).isChecked()).toBe(true);

  const iframe = dialog.locator('iframe[title="公众号排版预览"]');
  expect(await iframe.getAttribute('src')).toBe(`/preview/wechat/${articleId}?theme=clean`);
  const clean = await previewFrame(page, 'clean');
  expect((await clean.locator('h1').textContent())?.trim()).toBe(title);
  expect(await clean.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontWeight)).toBe('700');
  await dialog.getByRole('status').waitFor({ state: 'detached' });
  const cleanHeading = await headingStyle(clean);

  // The phone fits the screen: whole on a desktop, scaled into the full-screen dialog on a phone.
  const phone = await dialog.getByTestId('wechat-phone').boundingBox();
  expect(phone && phone.x >= 0 && phone.x + phone.width <= viewport.width && phone.y + phone.height <= viewport.height).toBe(true);
  if (viewport === MOBILE) {
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await shot(page, `wechat-layout-clean-${name}`);

  await dialog.getByText('科技', { exact: true }).click();
  expect(await dialog.getByRole('radio', { name: '科技' }).isChecked()).toBe(true);
  const tech = await previewFrame(page, 'tech');
  const techHeading = await headingStyle(tech);
  expect(techHeading).not.toEqual(cleanHeading);
  expect((await tech.locator('h1').textContent())?.trim()).toBe(title);
  await dialog.getByRole('status').waitFor({ state: 'detached' });
  await shot(page, `wechat-layout-tech-${name}`);
  expect(await page.evaluate(() => localStorage.getItem('wechatTheme'))).toBe('tech');

  const h2Style = await tech.locator('h2').first().getAttribute('style');
  // The app and the framed page showed the article in two themes without one console error or policy violation.
  expect(problems).toEqual([]);
  await dialog.getByRole('button', { name: '复制此排版' }).click();
  await toast(page, '已复制，可直接粘贴到公众号编辑器').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The clipboard holds the tech theme's HTML: its h2 carries the style the frame showed.
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return item ? (await item.getType('text/html')).text() : '';
  });
  expect(h2Style).toBeTruthy();
  expect(copied).toContain(`<h2 style="${h2Style!.replaceAll('"', '&quot;')}">`);

  // Opened again, the dialog starts on the remembered theme.
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '公众号排版预览' }).click();
  expect(await page.getByRole('dialog', { name: '公众号排版' }).getByRole('radio', { name: '科技' }).isChecked()).toBe(true);

  // NOTE: Chromium parses HTML bound for the clipboard (its sanitiser on navigator.clipboard.write,
  // and copy-rich-text's DOMParser for the plain-text twin) under the app's own policy, which
  // reports every style attribute as a refused inline style although nothing is applied to the
  // app's page and the clipboard keeps them (read back above). The existing 复制为公众号格式 does
  // the same; those reports are the only console lines allowed here, and only after the copy.
  expect(problems.filter((line) => !/style-src-attr|Applying inline style violates/.test(line))).toEqual([]);
  await context.close();
}

describe('公众号排版', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: picks 科技 in the phone frame and copies that layout', async () => {
    await chooseAndCopy(DESKTOP, 'desktop', '如何写好一篇公众号文章');
  });

  it('mobile: the same in a full-screen dialog at 375 px', async () => {
    await chooseAndCopy(MOBILE, 'mobile', '新手如何开始跑步');
  });
});
