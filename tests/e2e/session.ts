import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DESKTOP, openPage } from './browser.js';

/** Accounts for browser tests: registered through the API, signed in through the page's context. */

export const PASSWORD = 'Secret#123';

let serial = 0;
// Each account gets its own client address (TRUST_PROXY is on), so per-IP limits never collide.
const runTag = Date.now() % 100_000;

export interface TestAccount {
  username: string;
  phone: string;
  ip: string;
  /** The base URL of the server the account lives on. */
  server: string;
}

/** `prefix` keeps accounts of different test files apart (usernames are at most 20 characters). */
export function newAccount(prefix: string, subnet: number, server = baseUrl()): TestAccount {
  serial += 1;
  const id = `${runTag}${String(serial).padStart(2, '0')}`;
  return { username: `${prefix}_${id}`, phone: `${136 + (subnet % 3)}${id.padStart(8, '0').slice(-8)}`, ip: `198.${subnet}.${serial}.${(runTag % 250) + 1}`, server };
}

async function postJson(server: string, path: string, body: unknown, ip: string) {
  const response = await fetch(`${server}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

/** The newest REGISTER code sent to `phone`, read from the dev outbox. */
async function registerCode(server: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const entries = (await (await fetch(`${server}/dev/outbox.json`)).json()) as { to: string; code: string; purpose: string }[];
    const entry = entries.find((item) => item.to === phone && item.purpose === 'REGISTER');
    if (entry) return entry.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no REGISTER code for ${phone} in the outbox`);
}

export async function registerByApi(account: TestAccount) {
  await postJson(account.server, '/api/account/sms/send-code', { phoneNumber: account.phone, type: 'REGISTER' }, account.ip);
  const verificationCode = await registerCode(account.server, account.phone);
  await postJson(
    account.server,
    '/api/account/auth/register',
    { username: account.username, phoneNumber: account.phone, type: 'REGISTER', email: '', password: PASSWORD, verificationCode },
    account.ip,
  );
}

/** A page of its own, signed in through the API (the context's request shares its cookies). */
export async function signedInPage(browser: Browser, account: TestAccount, viewport = DESKTOP) {
  await registerByApi(account);
  const opened = await openPage(browser, viewport, account.server);
  await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': account.ip });
  const response = await opened.context.request.post(`${account.server}/api/account/user/verify`, {
    data: { username: account.username, password: PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return { account, ...opened };
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Opens the sandbox page named by the pay page's link in a second tab and confirms the payment there. */
export async function payInSandbox(context: BrowserContext, page: Page) {
  const href = await page.getByRole('link', { name: '在本设备打开沙箱支付页' }).getAttribute('href');
  expect(href).toMatch(/^\/pay\/sandbox\/TM\w+$/);
  const sandbox = await context.newPage();
  await sandbox.goto(new URL(href!, page.url()).toString());
  await sandbox.getByRole('button', { name: '确认支付（沙箱）' }).click();
  await sandbox.getByText('支付成功！请回到支付页面，页面会自动更新。').waitFor();
  await sandbox.close();
}
