import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser.js';
import { newAccount, signedInPage } from './session.js';

/**
 * Issue 17, point 3 (decision 054): a reload of /pay shows the same order and QR code instead of
 * making another order, and the billing history on /profile lists that one attempt once.
 */

const WIDTHS = [
  ['desktop 1440', { width: 1440, height: 900 }],
  ['mobile 390', { width: 390, height: 844 }],
] as const;

let browser: Browser;

/** The order number and QR code the pay page shows, once its order is there. */
async function shownOrder(page: Page) {
  const main = page.getByRole('main');
  const qr = main.getByRole('img', { name: '支付二维码' });
  await qr.waitFor();
  const line = main.getByText('订单号：');
  await line.waitFor();
  const number = (await line.textContent())?.replace('订单号：', '').trim() ?? '';
  expect(number).toMatch(/^TM\w+$/);
  return { number, qr: await qr.getAttribute('src') };
}

describe('the pay page reuses the open order', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of WIDTHS) {
    it(`${name}: a reload shows the same order number and QR code, and the history lists one attempt`, async () => {
      const { context, page, problems } = await signedInPage(browser, newAccount('reuse', 31), viewport);
      // The page polls the order's status every 3 s: wait for one answer, as a payer looking at the QR code would.
      const polled = page.waitForResponse((response) => response.url().includes('/api/account/pay/status') && response.ok(), { timeout: 15_000 });
      await page.goto(`${baseUrl()}/pay?type=1100`);
      const first = await shownOrder(page);
      expect(first.qr).toMatch(/^data:image\/png;base64,/);
      await polled;

      await page.reload();
      const reloaded = await shownOrder(page);
      expect(reloaded.number).toBe(first.number);
      expect(reloaded.qr).toBe(first.qr);

      await page.goto(`${baseUrl()}/profile`);
      const history = page.getByRole('region', { name: '账单记录' });
      const orders = history.getByRole('tabpanel').getByRole('listitem');
      await orders.first().waitFor();
      expect(await orders.count()).toBe(1);
      const attempt = orders.filter({ hasText: first.number });
      await attempt.getByText('天马金币充值 1100 币').waitFor();
      await attempt.getByText('待支付').waitFor();
      await attempt.getByText('¥20.00').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
