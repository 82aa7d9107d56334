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
  /** Sent with the registration only when registerByApi is asked to (`withEmail`, or `withPhone: false`). */
  email: string;
  ip: string;
  /** The base URL of the server the account lives on. */
  server: string;
}

/** `prefix` keeps accounts of different test files apart (usernames are at most 20 characters). */
export function newAccount(prefix: string, subnet: number, server = baseUrl()): TestAccount {
  serial += 1;
  const id = `${runTag}${String(serial).padStart(2, '0')}`;
  return {
    username: `${prefix}_${id}`,
    phone: `${136 + (subnet % 3)}${id.padStart(8, '0').slice(-8)}`,
    email: `${prefix}_${id}@example.com`,
    ip: `198.${subnet}.${serial}.${(runTag % 250) + 1}`,
    server,
  };
}

async function postJson(server: string, path: string, body: unknown, ip: string) {
  const response = await fetch(`${server}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

export type CodePurpose = 'LOGIN' | 'REGISTER' | 'RESET';

/** The newest code sent to `to` (a phone or an e-mail) for `purpose`, read from the dev outbox. */
export async function codeFor(to: string, purpose: CodePurpose, server = baseUrl()): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const entries = (await (await fetch(`${server}/dev/outbox.json`)).json()) as { to: string; code: string; purpose: string }[];
    const entry = entries.find((item) => item.to === to && item.purpose === purpose);
    if (entry) return entry.code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${purpose} code for ${to} in the outbox`);
}

/**
 * Registers through the API, for journeys that are not about registering: the code goes to the
 * phone, or with `withPhone: false` to the e-mail (then the account has no phone); `withEmail`
 * (implied without a phone) gives the account its e-mail address too.
 */
export async function registerByApi(account: TestAccount, { withPhone = true, withEmail = !withPhone }: { withPhone?: boolean; withEmail?: boolean } = {}) {
  if (withPhone) await postJson(account.server, '/api/account/sms/send-code', { phoneNumber: account.phone, type: 'REGISTER' }, account.ip);
  else await postJson(account.server, '/api/account/email/send-code', { email: account.email, type: 'REGISTER' }, account.ip);
  const verificationCode = await codeFor(withPhone ? account.phone : account.email, 'REGISTER', account.server);
  await postJson(
    account.server,
    '/api/account/auth/register',
    {
      username: account.username,
      phoneNumber: withPhone ? account.phone : '',
      type: 'REGISTER',
      email: withEmail ? account.email : '',
      password: PASSWORD,
      verificationCode,
    },
    account.ip,
  );
}

/** A page of its own on the account's server, its requests from the account's client address; not signed in. */
export async function pageFor(browser: Browser, account: TestAccount, viewport = DESKTOP, allowed: readonly number[] = []) {
  const opened = await openPage(browser, viewport, account.server, allowed);
  await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': account.ip });
  return opened;
}

/**
 * A page of its own, signed in through the API (the context's request shares its cookies);
 * `allowed`: the HTTP statuses the journey expects to meet (see openPage).
 */
export async function signedInPage(browser: Browser, account: TestAccount, viewport = DESKTOP, allowed: readonly number[] = []) {
  await registerByApi(account);
  const opened = await pageFor(browser, account, viewport, allowed);
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

/**
 * Writes a short guided article (500 characters) through the create page of `server` and waits
 * for its preview; answers its id and the owner's deepspaceId.
 */
export async function writeArticle(page: Page, topic: string, server = baseUrl()): Promise<{ articleId: string; deepspaceId: number }> {
  await page.goto(`${server}/create`);
  await page.getByTestId('topic-input').fill(topic);
  await page.getByTestId('length-slider').fill('500');
  await page.getByTestId('generate-button').click();
  await page.getByTestId('article-preview').waitFor({ timeout: 60_000 });
  return page.evaluate(async () => {
    const me = await (await fetch('/api/account/user/me')).json();
    const list = await (await fetch(`/api/v1/articles/user/${me.user.deepspaceId}/page?page=1&size=8`)).json();
    return { articleId: list.data[0].articleId as string, deepspaceId: me.user.deepspaceId as number };
  });
}

/** Writes a short guided article (writeArticle) and opens it in the editor; answers its id. */
export async function openArticleInEditor(page: Page, topic: string, server = baseUrl()): Promise<string> {
  const { articleId, deepspaceId } = await writeArticle(page, topic, server);
  await page.goto(`${server}/editor?articleId=${articleId}&deepspaceId=${deepspaceId}`);
  await page.getByTestId('editor-textarea').waitFor();
  return articleId;
}

/** Buys a Pro month on the pay page of `server`, paid in the sandbox, and waits for the header's PRO. */
export async function upgradeToPro(context: BrowserContext, page: Page, server = baseUrl()) {
  await page.goto(`${server}/pay?type=premium`);
  await page.getByRole('main').getByRole('img', { name: '支付二维码' }).waitFor();
  await payInSandbox(context, page);
  await page.waitForURL('**/pricing');
  await page.getByRole('banner').getByText('PRO', { exact: true }).waitFor();
}

/** The signed-in user (GET /api/account/user/me with the page's cookies). */
export const me = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/account/user/me')).json()) as { user: { deepspaceId: number; userAuth: { coinBalance: number } } });

/** Writes an article (300 characters) through the API with the page's cookies and waits for it to finish; answers its id. */
export async function generateByApi(page: Page, topic: string, deepspaceId: number): Promise<string> {
  return page.evaluate(
    async ({ topic, deepspaceId }) => {
      const started = await fetch('/api/v1/articles/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ topic, advanced_mode: false, deepspaceId, connection_id: null, settings: { length: 300 } }),
      }).then((res) => res.json());
      if (!started.task_id) throw new Error(JSON.stringify(started));
      for (;;) {
        const status = await fetch(`/api/v1/articles/${started.task_id}/status`).then((res) => res.json());
        if (status.currentStep === 'completed') return started.article_id as string;
        if (status.currentStep === 'error') throw new Error(JSON.stringify(status));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    { topic, deepspaceId },
  );
}
