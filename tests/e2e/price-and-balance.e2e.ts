import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser.js';
import { generateByApi, me, newAccount, signedInPage } from './session.js';

/**
 * Issue 17, points 1–2 (decision 053): the price of this article and the balance by the submit
 * button, from POST /api/v1/articles/quote; a user with too few coins is refused before starting,
 * with 余额不足 and a link to /pricing, and the 业务限制 banner is still there after a reload.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
] as const;

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The element's box sits just under the submit button's (same column, no more than `gap` px below). */
async function expectBesideSubmit(page: Page, testId: string, gap = 120) {
  const button = (await page.getByTestId('generate-button').boundingBox())!;
  const line = (await page.getByTestId(testId).boundingBox())!;
  expect(line.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
  expect(line.y - (button.y + button.height)).toBeLessThanOrEqual(gap);
  expect(line.x).toBeGreaterThanOrEqual(button.x - 1);
  expect(line.x + line.width).toBeLessThanOrEqual(button.x + button.width + 1);
}

describe('price and balance by the submit button', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { name, viewport } of WIDTHS) {
    it(`${name}: shows the price and the balance, and refuses a short balance before starting, after a reload too`, async () => {
      const { context, page, problems } = await signedInPage(browser, newAccount('prc', 27), viewport);
      const generateCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/articles/generate')) generateCalls.push(request.method());
      });

      await page.goto(`${baseUrl()}/create`);
      const line = page.getByTestId('price-and-balance');
      await line.filter({ hasText: '本篇消耗 67 币' }).filter({ hasText: '当前余额 300 币' }).waitFor();
      await line.scrollIntoViewIfNeeded();
      await expectBesideSubmit(page, 'price-and-balance');
      expect(await page.getByTestId('business-limit-banner').count()).toBe(0);
      await shot(page, `price-and-balance-${name}`);

      // Four articles at 67 coins leave 32 of the 300, too few for a fifth.
      const { user } = await me(page);
      for (const topic of ['周末露营清单', '读书笔记方法', '家庭理财入门', '城市骑行指南']) await generateByApi(page, topic, user.deepspaceId);
      expect((await me(page)).user.userAuth.coinBalance).toBe(32);
      generateCalls.length = 0; // from here on, the page itself must not start anything

      await page.reload();
      const banner = page.getByTestId('business-limit-banner');
      // Without a click: the banner comes from the quote on arrival.
      await banner.filter({ hasText: '余额不足' }).waitFor();
      expect(await banner.textContent()).toContain('业务限制提醒');
      await line.filter({ hasText: '当前余额 32 币' }).waitFor();
      const short = page.getByTestId('short-balance');
      expect(await short.textContent()).toContain('余额不足');
      expect(await short.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/pricing');

      await page.getByTestId('topic-input').fill('第五篇文章');
      const button = page.getByTestId('generate-button');
      await button.filter({ hasText: '当前操作受限' }).waitFor();
      expect(await button.isDisabled()).toBe(true);
      await page.getByTestId('topic-input').press('Enter');
      await short.scrollIntoViewIfNeeded();
      await expectBesideSubmit(page, 'short-balance', 160);
      await shot(page, `price-and-balance-short-${name}`);

      // After another reload the condition holds, and so does the banner.
      await page.reload();
      await banner.filter({ hasText: '余额不足' }).waitFor();
      await short.waitFor();
      expect(generateCalls).toEqual([]);

      await short.getByRole('link', { name: '去充值' }).click();
      await page.waitForURL('**/pricing');

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
