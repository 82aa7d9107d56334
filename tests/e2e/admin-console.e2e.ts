import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE } from './browser.js';
import { generateByApi, me, newAccount, PASSWORD, pageFor, payInSandbox, registerByApi, type TestAccount, toast } from './session.js';
import { type StartedProduct, startProduct } from './start-product.js';

/**
 * The operator console (issue 21) in a browser. The shared e2e product runs on PGlite inside its
 * own process, where the role cannot be granted from outside while it runs; this file starts a
 * product of its own on a fresh PostgreSQL database, grants the role with the real command
 * (src/admin/cli/role.ts), and drops the database afterwards.
 */

const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('the operator console', () => {
  const database = `tianma_e2e_console_${randomBytes(4).toString('hex')}`;
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  let product: StartedProduct;
  let browser: Browser;
  let operator: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
    product = await startProduct({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', TEST_CODE_RESEND_SECONDS: '10' });
    browser = await launchBrowser();
    operator = newAccount('ops', 71, product.url);
    customer = newAccount('cus', 72, product.url);
    await registerByApi(operator);
    await registerByApi(customer);
    const granted = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli/role.ts', 'grant', operator.username], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    expect(granted.stdout).toContain(`已授予 ${operator.username} 运营权限`);

    // One article by the offline writer, so that the dashboard has a task, tokens (none) and a model
    // ('offline'), and one coin pack paid in the sandbox, for the revenue chart and a refund.
    const { context, page } = await pageFor(browser, customer);
    await context.request.post(`${product.url}/api/account/user/verify`, { data: { username: customer.username, password: PASSWORD } });
    await page.goto(product.url);
    await generateByApi(page, '春季露营装备清单', (await me(page)).user.deepspaceId);
    await page.goto(`${product.url}/pay?type=1100`);
    await page.getByRole('main').getByRole('img', { name: '支付二维码' }).waitFor();
    await payInSandbox(context, page);
    await toast(page, '支付成功').waitFor();
    await context.close();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  // The way in is the profile page's 运营后台 card (the header has no room in the home page's budget).
  async function openConsole(page: Page, _mobile: boolean) {
    await page.goto(`${product.url}/profile`);
    await page.getByRole('link', { name: /运营后台/ }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: '运营后台' }).waitFor();
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows the dashboard, adjusts a user's coins after the password and logs it at ${viewport.width} px`, async () => {
      const mobile = viewport === MOBILE;
      const { context, page, problems } = await pageFor(browser, operator, viewport);
      const signedIn = await context.request.post(`${product.url}/api/account/user/verify`, { data: { username: operator.username, password: PASSWORD } });
      expect(signedIn.ok()).toBe(true);
      await openConsole(page, mobile);

      // 概览: the totals and five charts, each drawn on a canvas of non-zero size.
      await page.getByRole('list', { name: '区间合计' }).waitFor();
      await expect(page.getByRole('list', { name: '区间合计' }).textContent()).resolves.toContain('创作任务');
      await page.getByRole('note').filter({ hasText: '离线写作器' }).waitFor();
      const charts = page.getByTestId('admin-chart');
      await expect(charts.count()).resolves.toBe(5);
      for (const chart of await charts.all()) {
        await chart.scrollIntoViewIfNeeded();
        const canvas = chart.locator('canvas');
        await canvas.waitFor();
        const box = await canvas.boundingBox();
        expect(box?.width).toBeGreaterThan(0);
        expect(box?.height).toBeGreaterThan(0);
        if (mobile) expect(box!.width).toBeLessThanOrEqual(viewport.width);
      }
      await page.getByRole('table', { name: '按模型的用量' }).getByText('离线写作').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/admin-dashboard-${viewport.width}.png`, fullPage: true });

      // 用户: find the other user and give them coins; the console asks for the password first.
      await page.getByRole('tab', { name: '用户' }).click();
      await page.getByRole('searchbox', { name: '搜索用户' }).fill(customer.username);
      await page.getByRole('button', { name: '搜索', exact: true }).click();
      const row = page.getByTestId('admin-user-row').filter({ hasText: customer.username });
      // Until the search answers, the previous list stays on screen (the operator is in it too).
      await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
      await row.waitFor();
      const balanceText = await row.locator('td').nth(4).textContent();
      const balance = Number(balanceText!.replace(/,/g, ''));

      await row.getByRole('button', { name: '调整金币' }).click();
      const dialog = page.getByRole('dialog', { name: '调整金币' });
      await dialog.getByLabel('调整数量（正数增加，负数扣减）').fill('500');
      await dialog.getByText(`调整后余额：${(balance + 500).toLocaleString('zh-CN')} 币`).waitFor();
      const reason = `活动补偿 ${viewport.width}`;
      await dialog.getByLabel('操作原因').fill(reason);
      await dialog.getByRole('button', { name: '确认调整' }).click();

      const confirm = page.getByRole('dialog', { name: '确认身份' });
      await confirm.waitFor();
      await page.screenshot({ path: `/tmp/admin-confirm-${viewport.width}.png` });
      await confirm.getByLabel('登录密码').fill(PASSWORD);
      await confirm.getByRole('button', { name: '确认' }).click();

      await toast(page, `已调整 ${customer.username} 的金币，当前余额 ${(balance + 500).toLocaleString('zh-CN')} 币`).waitFor();
      await expect(row.locator('td').nth(4).textContent()).resolves.toBe((balance + 500).toLocaleString('zh-CN'));
      await expect(dialog.count()).resolves.toBe(0);
      await page.screenshot({ path: `/tmp/admin-users-${viewport.width}.png`, fullPage: true });

      // 订单: the customer's pack, refunded in part (the sandbox refunds at once).
      await page.getByRole('tab', { name: '订单' }).click();
      const order = page.getByTestId('admin-order-row').filter({ hasText: customer.username });
      await order.waitFor();
      await expect(order.textContent()).resolves.toContain('20.00');
      await order.getByRole('button', { name: '退款' }).click();
      const refund = page.getByRole('dialog', { name: '退款' });
      await refund.getByLabel('退款金额（元）').fill('1.00');
      await refund.getByLabel('操作原因').fill(`部分退款 ${viewport.width}`);
      await refund.getByRole('button', { name: '确认退款' }).click();
      await toast(page, '已退款 ¥1.00').waitFor();
      await expect.poll(() => order.textContent()).toContain('部分退款');
      await page.screenshot({ path: `/tmp/admin-orders-${viewport.width}.png`, fullPage: true });

      // 审计日志: the adjustment, in Chinese, with before → after and the reason.
      await page.getByRole('tab', { name: '审计日志' }).click();
      const entry = page.getByTestId('audit-row').filter({ hasText: reason });
      await entry.waitFor();
      const text = await entry.textContent();
      expect(text).toContain('调整金币');
      expect(text).toContain(operator.username);
      expect(text).toContain(`余额: ${balance} → 余额: ${balance + 500}，变动: 500`);
      const refunded = page.getByTestId('audit-row').filter({ hasText: `部分退款 ${viewport.width}` });
      await expect(refunded.textContent()).resolves.toMatch(/退款订单 TM/);
      await page.screenshot({ path: `/tmp/admin-audit-${viewport.width}.png`, fullPage: true });
      const overflowNow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflowNow()).toBeLessThanOrEqual(0);

      // 内容 and 服务商 fit the width too: the four case slots, and the five kinds of provider.
      await page.getByRole('tab', { name: '内容' }).click();
      await expect.poll(() => page.getByTestId('showcase-slot').count()).toBe(4);
      expect(await overflowNow()).toBeLessThanOrEqual(0);
      await page.getByRole('tab', { name: '服务商' }).click();
      await expect.poll(() => page.getByTestId('provider-card').count()).toBe(5);
      await expect(page.getByRole('listitem', { name: '大模型' }).textContent()).resolves.toContain('默认');
      expect(await overflowNow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/admin-providers-${viewport.width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('connects stock photos with a tested call, then puts the default back, both in the audit log', async () => {
    // A fake Pixabay on loopback: the server's test call must reach it with the key typed.
    const keys: string[] = [];
    const pixabay = http.createServer((req, res) => {
      keys.push(new URL(req.url ?? '/', 'http://fake').searchParams.get('key') ?? '');
      const hit = { id: 31, pageURL: 'https://pixabay.com/photos/31/', tags: '山, 风景', previewURL: 'https://cdn.pixabay.com/p/31_150.jpg', webformatURL: 'https://pixabay.com/get/31_640.jpg', largeImageURL: 'https://pixabay.com/get/31_1280.jpg', imageWidth: 4000, imageHeight: 2667, user: 'LiMing' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ total: 1, totalHits: 1, hits: [hit] }));
    });
    await new Promise<void>((resolve) => pixabay.listen(0, '127.0.0.1', resolve));
    const { context, page, problems } = await pageFor(browser, operator, DESKTOP);
    try {
      await context.request.post(`${product.url}/api/account/user/verify`, { data: { username: operator.username, password: PASSWORD } });
      await openConsole(page, false);
      await page.getByRole('tab', { name: '服务商' }).click();
      const card = page.getByRole('listitem', { name: '图库' });
      await expect.poll(() => card.textContent()).toContain('未启用');
      await card.getByRole('button', { name: '修改设置' }).click();
      const form = card.getByRole('form', { name: '修改图库' });
      await form.getByLabel('服务商').selectOption('pixabay');
      await form.getByLabel('地址（选填）').fill(`http://127.0.0.1:${(pixabay.address() as AddressInfo).port}/api/`);
      await form.getByLabel('密钥').fill('pixabay-e2e-key');
      await form.getByLabel('操作原因（选填）').fill('接入图库');
      await form.getByRole('button', { name: '测试并切换' }).click();
      // A new session: the password is asked before the change.
      const confirm = page.getByRole('dialog', { name: '确认身份' });
      await confirm.getByLabel('登录密码').fill(PASSWORD);
      await confirm.getByRole('button', { name: '确认' }).click();
      await card.getByRole('status').filter({ hasText: /测试通过，已切换/ }).waitFor();
      expect(keys).toContain('pixabay-e2e-key');
      await expect.poll(() => card.textContent()).toContain('控制台');
      expect(await card.textContent()).toContain('Pixabay');
      expect(await form.getByLabel('密钥').inputValue()).toBe('');
      await page.screenshot({ path: '/tmp/admin-provider-switched.png', fullPage: true });

      await card.getByRole('button', { name: '恢复默认' }).click();
      const reset = page.getByRole('dialog', { name: '恢复默认：图库' });
      await reset.getByLabel('操作原因（选填）').fill('图库额度用完');
      await reset.getByRole('button', { name: '确认恢复' }).click();
      await toast(page, '图库已恢复默认').waitFor();
      await expect.poll(() => card.textContent()).toContain('未启用');

      await page.getByRole('tab', { name: '审计日志' }).click();
      await page.getByTestId('audit-row').filter({ hasText: '接入图库' }).filter({ hasText: '切换服务商' }).waitFor();
      await page.getByTestId('audit-row').filter({ hasText: '图库额度用完' }).filter({ hasText: '服务商恢复默认' }).waitFor();
      expect(await page.content()).not.toContain('pixabay-e2e-key');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      pixabay.closeAllConnections();
      await new Promise((resolve) => pixabay.close(resolve));
    }
  });

  it('tells a signed-in user who is not an operator that the console is not theirs', async () => {
    const { context, page, problems } = await pageFor(browser, customer);
    await context.request.post(`${product.url}/api/account/user/verify`, { data: { username: customer.username, password: PASSWORD } });
    await page.goto(`${product.url}/profile`);
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    await expect(page.getByRole('link', { name: /运营后台/ }).count()).resolves.toBe(0);
    // In-app navigation to /admin (the address typed in the bar reaches the same page once the server serves it).
    await page.evaluate(() => {
      history.pushState(null, '', '/admin');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: '仅运营人员可以访问' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
