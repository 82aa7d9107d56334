import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, modelBaseUrl, openPage } from './browser.js';
import { newAccount, openArticleInEditor, signedInPage, toast } from './session.js';

/**
 * The editor's AI actions (issue 18) on CodeMirror: offline, the model-only actions are disabled
 * and 缩写/标点规范 run free, accept is one undo step; with the (fake) model, 润色 streams, is
 * accepted, saved with its revision, shown on the share page, and undone with one Ctrl+Z.
 */

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const balance = (page: Page) => page.evaluate(async () => (await (await fetch('/api/account/user/me')).json()).user.userAuth.coinBalance as number);
// NOTE: CodeMirror draws only the lines near the viewport, so tests look for text around the selection, not the whole article.
const editorText = (page: Page) => page.getByTestId('editor-textarea').innerText();

/**
 * Selects the longest paragraph of the editor as a user would with the mouse: focus, then a DOM
 * selection over the line, which CodeMirror reads. Answers the selected text.
 */
async function selectLongestParagraph(page: Page): Promise<string> {
  return page.getByTestId('editor-textarea').evaluate((content) => {
    (content as HTMLElement).focus();
    const lines = [...content.querySelectorAll<HTMLElement>('.cm-line')].filter((line) => !/^\s*([#>!|-]|\d+\.)/.test(line.textContent ?? ''));
    const line = lines.sort((a, b) => (b.textContent?.length ?? 0) - (a.textContent?.length ?? 0))[0]!;
    line.scrollIntoView({ block: 'center' });
    const range = document.createRange();
    range.selectNodeContents(line);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return line.textContent ?? '';
  });
}

/** Opens the actions for the selection: the floating menu on desktop, the bottom sheet on a phone. */
async function actionsFor(page: Page, mobile: boolean) {
  if (!mobile) {
    const menu = page.getByTestId('ai-selection-menu');
    await menu.waitFor();
    return menu;
  }
  await page.getByTestId('ai-sheet-open').click();
  const sheet = page.getByTestId('ai-selection-sheet');
  await sheet.waitFor();
  return sheet;
}

async function offlineJourney(viewport: typeof DESKTOP, name: string) {
  const mobile = viewport === MOBILE;
  const { context, page, problems } = await signedInPage(browser, newAccount('eai', 44), viewport);
  await openArticleInEditor(page, '下班后如何高效学习');
  const before = await balance(page);

  const selected = await selectLongestParagraph(page);
  expect(selected.length).toBeGreaterThan(20);
  let actions = await actionsFor(page, mobile);
  const polish = actions.getByTestId('ai-action-polish');
  await expect.poll(() => polish.isDisabled()).toBe(true);
  expect(await polish.textContent()).toContain('需要配置大模型');
  expect(await actions.getByTestId('ai-action-shorten').textContent()).toContain('免费');
  await shot(page, `editor-ai-menu-${name}`);
  if (!mobile) {
    // From the keyboard: Tab reaches the menu (the disabled 润色 is skipped), Escape goes back.
    await page.keyboard.press('Tab');
    await expect.poll(() => actions.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('editor-textarea').evaluate((node) => node === document.activeElement)).toBe(true);
  }

  // 缩写 without a model: extractive, free; accepting it is one undo step.
  await actions.getByTestId('ai-action-shorten').click();
  const result = page.getByTestId('ai-result');
  await result.getByTestId('ai-result-status').getByText('本次免费').waitFor();
  await shot(page, `editor-ai-result-${name}`);
  await result.getByTestId('ai-accept-all').click();
  await result.waitFor({ state: 'detached' });
  await page.getByText('未保存的更改').waitFor();
  expect(await editorText(page)).not.toContain(selected);
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toContain(selected);

  // 标点规范: rules, free.
  await selectLongestParagraph(page);
  actions = await actionsFor(page, mobile);
  expect(await actions.getByTestId('ai-action-normalize').textContent()).toContain('免费');
  await actions.getByTestId('ai-action-normalize').click();
  await result.getByTestId('ai-result-status').getByText('本次免费').waitFor();
  await result.getByTestId('ai-accept-all').click();
  await result.waitFor({ state: 'detached' });

  // 标题候选 from the article's own parts: a chosen title replaces the heading.
  await page.getByTestId('ai-action-titles').click();
  const titles = page.getByTestId('ai-titles').getByRole('button');
  await titles.first().waitFor();
  const chosen = (await titles.first().textContent())?.trim();
  await titles.first().click();
  await expect.poll(async () => (await page.getByTestId('editor-title').textContent())?.trim()).toBe(chosen);

  expect(await balance(page)).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  expect(problems).toEqual([]);
  await context.close();
}

async function modelJourney(viewport: typeof DESKTOP, name: string) {
  const mobile = viewport === MOBILE;
  const { context, page, problems } = await signedInPage(browser, newAccount('eam', 45, modelBaseUrl()), viewport);
  const articleId = await openArticleInEditor(page, '如何把计划变成习惯', modelBaseUrl());
  const before = await balance(page);

  const selected = await selectLongestParagraph(page);
  const actions = await actionsFor(page, mobile);
  const polish = actions.getByTestId('ai-action-polish');
  await expect.poll(() => polish.isEnabled()).toBe(true);
  expect(await polish.textContent()).toMatch(/约 \d+ 币/);
  await polish.click();

  const result = page.getByTestId('ai-result');
  await result.getByTestId('ai-stop').waitFor();
  await result.getByTestId('ai-accept-all').waitFor({ timeout: 20_000 });
  const status = await result.getByTestId('ai-result-status').textContent();
  const cost = Number(/本次消耗 (\d+) 币/.exec(status ?? '')?.[1]);
  expect(cost).toBeGreaterThan(0);
  expect(await result.getByTestId('ai-result-new').textContent()).toContain('读起来更顺了');
  await shot(page, `editor-ai-model-result-${name}`);
  await result.getByTestId('ai-accept-all').click();
  await expect.poll(() => editorText(page)).toContain('读起来更顺了');

  // The save names the accepted revision, so the version records the action.
  const [put] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes(`/api/v1/article/${articleId}`)),
    page.getByTestId('editor-save').click(),
  ]);
  expect(put.postDataJSON().revisionId).toMatch(/\S+/);
  await toast(page, '保存成功').waitFor();
  await expect.poll(() => balance(page)).toBe(before - cost);

  const stranger = await openPage(browser, viewport, modelBaseUrl());
  await stranger.page.goto(`${modelBaseUrl()}/shared/article/${articleId}`);
  await stranger.page.getByTestId('shared-article').getByText('读起来更顺了', { exact: false }).first().waitFor();
  expect(stranger.problems).toEqual([]);
  await stranger.context.close();

  // One Ctrl+Z takes the whole accepted result back.
  await page.getByTestId('editor-textarea').focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toContain(selected);
  expect(await editorText(page)).not.toContain('读起来更顺了');
  expect(problems).toEqual([]);
  await context.close();
}

describe('editor AI actions', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('desktop, offline: model actions disabled, 缩写, 标点规范 and 标题候选 free, accept undone in one step', () => offlineJourney(DESKTOP, 'desktop'));
  it('mobile, offline: the same through the bottom sheet', () => offlineJourney(MOBILE, 'mobile'));
  it('desktop, with a model: 润色 streams, is accepted, saved, shared, and undone', () => modelJourney(DESKTOP, 'desktop'), 120_000);
  it('mobile, with a model: the same through the bottom sheet', () => modelJourney(MOBILE, 'mobile'), 120_000);
});
