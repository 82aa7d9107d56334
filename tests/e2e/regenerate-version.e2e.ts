import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser.js';
import { me, newAccount, signedInPage } from './session.js';

/**
 * Issue 17, point 5 (decision 057): the same topic written again is a new version, charged
 * again. Before the second click the form says so with the quoted price and a link to the latest
 * version; afterwards my articles lists both, numbered 第 1 版 and 第 2 版, each opening its own
 * article in the editor.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, subnet: 71 },
  { name: 'mobile', viewport: { width: 390, height: 844 }, subnet: 72 },
] as const;

const TOPIC = '新手如何坚持晨跑';

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

interface ListItem {
  articleId: string;
  title: string;
  createTime: string;
}

const myArticles = (page: Page, deepspaceId: number) =>
  page.evaluate(async (id) => (await (await fetch(`/api/v1/articles/user/${id}/page?page=1&size=8`)).json()).data as ListItem[], deepspaceId);

/** Types the topic, starts the run from the form and waits for the finished article. */
async function writeFromForm(page: Page, topic: string) {
  await page.getByTestId('topic-input').fill(topic);
  await page.getByTestId('generate-button').click();
  await page.getByTestId('article-preview').getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
}

describe('the same topic written again', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { name, viewport, subnet } of WIDTHS) {
    it(`${name}: says before the click that it is a new version at the quoted price, and my articles keeps both`, async () => {
      const { context, page, problems } = await signedInPage(browser, newAccount('ver', subnet), viewport);
      await page.goto(`${baseUrl()}/create`);
      await page.getByTestId('ai-status').filter({ hasText: 'AI 系统就绪' }).waitFor();
      const note = page.getByTestId('previous-versions');

      // A topic never written: no note, only the price.
      await page.getByTestId('topic-input').fill(TOPIC);
      await page.getByTestId('price-and-balance').filter({ hasText: '当前余额 300 币' }).waitFor();
      await page.waitForTimeout(800); // a quote with the topic has come back by now
      expect(await note.count()).toBe(0);

      await writeFromForm(page, TOPIC);
      const { user } = await me(page);
      const [first] = await myArticles(page, user.deepspaceId);
      expect(first).toBeDefined();

      // The same topic typed again (other spacing): the note, before any click, with the quote's price.
      await page.getByTestId('topic-input').fill('');
      await page.getByTestId('topic-input').pressSequentially(` ${TOPIC} `);
      await note.waitFor();
      const price = (await page.getByTestId('article-price').textContent())?.trim();
      expect(price).toMatch(/^\d+$/);
      const text = await note.textContent();
      expect(text).toContain('你写过这个主题（1 篇）');
      expect(text).toContain(`再次生成会写出一篇新的文章，另扣 ${price} 币`);
      expect(text).toContain('之前的版本仍在“我的文章”里');
      expect(await note.getByRole('link', { name: '打开最近一版' }).getAttribute('href')).toBe(
        `/editor?articleId=${first!.articleId}&deepspaceId=${user.deepspaceId}`,
      );
      expect(await note.getByRole('link', { name: '我的文章' }).getAttribute('href')).toBe('/my-articles');
      await note.scrollIntoViewIfNeeded();
      // The note stays inside the viewport's width.
      const box = (await note.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await shot(page, `regenerate-version-note-${name}`);
      expect((await me(page)).user.userAuth.coinBalance).toBe(300 - Number(price));

      // The latest version opens from the note.
      const [latest] = await Promise.all([context.waitForEvent('page'), note.getByRole('link', { name: '打开最近一版' }).click()]);
      await latest.getByTestId('editor-textarea').waitFor();
      expect(await latest.getByTestId('editor-textarea').innerText()).toContain(first!.title);
      await latest.close();

      // Submit: a second article, charged again.
      await writeFromForm(page, ` ${TOPIC} `);
      await expect.poll(async () => (await me(page)).user.userAuth.coinBalance).toBe(300 - 2 * Number(price));
      const both = await myArticles(page, user.deepspaceId);
      expect(both).toHaveLength(2);
      const second = both.find((item) => item.articleId !== first!.articleId)!;

      // My articles lists both, numbered, each reachable.
      await page.goto(`${baseUrl()}/my-articles`);
      const cards = page.getByTestId('article-card');
      await expect.poll(() => cards.count()).toBe(2);
      const badges = await cards.evaluateAll((nodes) => nodes.map((node) => node.querySelector('[data-testid="version-badge"]')?.textContent ?? null));
      expect(badges).toEqual(['第 2 版，共 2 版', '第 1 版，共 2 版']);
      await shot(page, `regenerate-version-my-articles-${name}`);
      for (const [index, item] of [second, first!].entries()) {
        const [editor] = await Promise.all([context.waitForEvent('page'), cards.nth(index).getByRole('button').first().click()]);
        await editor.waitForLoadState();
        expect(new URL(editor.url()).searchParams.get('articleId')).toBe(item.articleId);
        await editor.getByTestId('editor-textarea').waitFor();
        await editor.close();
      }

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
