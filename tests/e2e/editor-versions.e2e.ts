import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './browser.js';
import { newAccount, signedInPage, toast, writeArticle } from './session.js';

/**
 * 历史版本 in the editor (issue 18, point 5): a save makes a version beside the generated one; the
 * generated one is compared with the editor's text and restored after a confirm; the editor, the
 * list (a 恢复 entry) and the public page all show the restored text. At 1280 and 375 px.
 */

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const ADDED = '保存前新加的一段，用来检验历史版本。';

const savedText = (page: Page, articleId: string) =>
  page.evaluate(async (id) => (await fetch(`/api/v1/article/${id}`)).text(), articleId);

/** The editor's text, whether it is a textarea or a contenteditable (CodeMirror), without whitespace. */
const editorText = (editor: Locator) =>
  editor.evaluate((node) => (node instanceof HTMLTextAreaElement ? node.value : (node as HTMLElement).innerText).replace(/\s+/g, ''));
const squeezed = (text: string) => text.replace(/\s+/g, '');

async function restoreGenerated(viewport: typeof DESKTOP, name: string, topic: string) {
  const { context, page, problems } = await signedInPage(browser, newAccount('ver', 42), viewport);
  const { articleId, deepspaceId } = await writeArticle(page, topic);
  const generated = await savedText(page, articleId);

  await page.goto(`${baseUrl()}/editor?articleId=${articleId}&deepspaceId=${deepspaceId}`);
  const editor = page.getByTestId('editor-textarea');
  await expect.poll(() => editorText(editor)).toBe(squeezed(generated));
  // Typed at the end: the same keys work on a textarea and on a contenteditable editor.
  await editor.click();
  await editor.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(ADDED);
  await page.getByText('未保存的更改').waitFor();
  await page.getByTestId('editor-save').click();
  await toast(page, '保存成功').waitFor();
  expect(await savedText(page, articleId)).toContain(ADDED);

  await page.getByRole('button', { name: '历史版本' }).click();
  const panel = page.getByRole('dialog', { name: '历史版本' });
  const sources = panel.getByTestId('version-source');
  await expect.poll(() => sources.allTextContents()).toEqual(['保存', '生成']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await shot(page, `versions-list-${name}`);

  await panel.getByTestId('version-item').filter({ hasText: '生成' }).click();
  const diff = panel.getByTestId('version-diff');
  await diff.waitFor();
  // The saved paragraph is what a restore would drop: struck through, and said in words.
  await expect.poll(() => diff.locator('del').allTextContents()).toContainEqual(expect.stringContaining(ADDED));
  expect(await diff.locator('del').first().textContent()).toContain('恢复后删去');
  // The sheet's compare fits the screen: long lines (image paths) wrap instead of widening it.
  const restoreBox = await panel.getByRole('button', { name: '恢复此版本' }).boundingBox();
  const diffBox = await diff.boundingBox();
  for (const box of [restoreBox, diffBox]) expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await diff.locator('del').first().scrollIntoViewIfNeeded();
  await shot(page, `versions-diff-${name}`);

  await panel.getByRole('button', { name: '恢复此版本' }).click();
  const confirm = panel.getByTestId('version-restore-confirm');
  await confirm.getByText('确定恢复到这个版本吗？').waitFor();
  await confirm.getByRole('button', { name: '确认恢复' }).click();
  await toast(page, '已恢复到该版本').waitFor();
  await expect.poll(() => sources.allTextContents()).toEqual(['恢复', '保存', '生成']);
  await shot(page, `versions-restored-${name}`);

  await panel.getByRole('button', { name: '关闭' }).click();
  await panel.waitFor({ state: 'detached' });
  await expect.poll(() => editorText(editor)).toBe(squeezed(generated));
  expect(await savedText(page, articleId)).toBe(generated);

  const stranger = await openPage(browser, viewport);
  await stranger.page.goto(`${baseUrl()}/shared/article/${articleId}`);
  const shared = stranger.page.getByTestId('shared-article');
  await shared.waitFor();
  await shared.getByText('本文由 AI 生成', { exact: false }).waitFor();
  const title = /^# (.+)$/m.exec(generated)?.[1]?.trim();
  expect(title).toBeTruthy();
  expect(await shared.textContent()).toContain(title);
  expect(await shared.textContent()).not.toContain(ADDED);
  expect(stranger.problems).toEqual([]);
  await stranger.context.close();

  expect(problems).toEqual([]);
  await context.close();
}

describe('editor versions', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop: a save makes a version, the generated one is compared and restored', async () => {
    await restoreGenerated(DESKTOP, 'desktop', '如何坚持每天阅读');
  });

  it('mobile: the same in a bottom sheet at 375 px', async () => {
    await restoreGenerated(MOBILE, 'mobile', '周末在家做什么菜');
  });
});
