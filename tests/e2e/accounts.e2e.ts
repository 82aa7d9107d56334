import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE } from './browser.js';
import { codeFor, newAccount as sessionAccount, PASSWORD, pageFor as sessionPage, registerByApi, type TestAccount, toast } from './session.js';

/** Account journeys in a real browser against the real server (dev outbox for codes). */

const NEW_PASSWORD = 'Newpass#456';
const THIRTY_DAYS_S = 30 * 24 * 3600;

let browser: Browser;

// Each test gets its own account and client address (TRUST_PROXY is on), so per-IP send limits never collide.
const newAccount = () => sessionAccount('e2e', 18);
const pageFor = (account: TestAccount, viewport = DESKTOP) => sessionPage(browser, account, viewport);

/** When the last code went to each target: the server allows one code per target per interval. */
const lastCodeAt = new Map<string, number>();
/** The test servers' interval (TEST_CODE_RESEND_SECONDS, see global-setup.ts; 60 s in production). */
const codeResendSeconds = () => inject('codeResendSeconds');

/**
 * NOTE: registering sends a code to the phone (or e-mail), and the server refuses another code to
 * the same target within the interval whatever the purpose. The accounts of the code sign-in and
 * reset journeys are therefore made in beforeAll and those tests run last; this waits out
 * whatever is left of the interval, by then seldom anything (the only wait here that the
 * server's rule, not the page, dictates).
 */
async function waitForCodeWindow(target: string) {
  const left = (lastCodeAt.get(target) ?? 0) + codeResendSeconds() * 1000 + 1000 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Registers through the API (with the e-mail too), for journeys that are not about registering. */
async function register(account: TestAccount, { withPhone = true } = {}) {
  lastCodeAt.set(withPhone ? account.phone : account.email, Date.now());
  await registerByApi(account, { withPhone, withEmail: true });
}

const panel = (page: Page) => page.getByRole('tabpanel');

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/login`);
  await panel(page).getByLabel('用户名').fill(username);
  await panel(page).getByLabel('密码', { exact: true }).fill(password);
  await panel(page).getByRole('button', { name: '登录', exact: true }).click();
  await toast(page, '登录成功').waitFor();
  await page.waitForURL('**/create');
}

/** A small picture made by the browser itself, as PNG bytes. */
async function samplePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4f46e5';
    context.fillRect(0, 0, 120, 80);
    context.fillStyle = '#f59e0b';
    context.fillRect(40, 20, 40, 40);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('accounts', () => {
  let smsAccount: TestAccount;
  let resetAccount: TestAccount;
  let emailAccount: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    smsAccount = newAccount();
    resetAccount = newAccount();
    emailAccount = newAccount();
    await Promise.all([register(smsAccount), register(resetAccount), register(emailAccount, { withPhone: false })]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers with phone and e-mail, signs in remembering only the username, shows the user, signs out', async () => {
    const account = newAccount();
    const { context, page, problems } = await pageFor(account);
    await page.goto(`${baseUrl()}/register`);
    await page.getByLabel('用户名').fill(account.username);
    await page.getByLabel('手机号').fill(account.phone);
    await page.getByLabel('邮箱（选填）').fill(account.email);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await toast(page, '验证码已发送').waitFor();
    const countdown = page.getByRole('button', { name: /秒后重试$/ });
    await expect.poll(() => countdown.isDisabled()).toBe(true);
    // The page counts down the interval the server's answer names, not a minute of its own.
    expect(Number.parseInt((await countdown.textContent()) ?? '', 10)).toBeLessThanOrEqual(codeResendSeconds());
    await page.getByLabel('验证码', { exact: true }).fill(await codeFor(account.phone, 'REGISTER'));
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL('**/login');
    await toast(page, '注册成功').waitFor();

    await expect.poll(() => panel(page).getByLabel('用户名').inputValue()).toBe(account.username);
    await panel(page).getByLabel('密码', { exact: true }).fill(PASSWORD);
    await panel(page).getByRole('checkbox', { name: '记住密码' }).check();
    await panel(page).getByRole('button', { name: '登录', exact: true }).click();
    await toast(page, '登录成功').waitFor();
    await page.waitForURL('**/create');

    const session = (await context.cookies()).find((cookie) => cookie.name === 'tm_session');
    expect(session?.httpOnly).toBe(true);
    const lifetime = (session?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(lifetime - THIRTY_DAYS_S)).toBeLessThan(3600);
    const storage = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(storage.local).toEqual({ rememberedUsername: account.username });
    expect(JSON.stringify(storage)).not.toContain(PASSWORD);

    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: account.username }).isVisible()).toBe(true);
    await header.getByRole('button', { name: '退出登录' }).click();
    await header.getByRole('link', { name: '登录' }).waitFor();

    await page.goto(`${baseUrl()}/login`);
    expect(await panel(page).getByLabel('用户名').inputValue()).toBe(account.username);
    expect(await panel(page).getByRole('checkbox', { name: '记住密码' }).isChecked()).toBe(true);
    expect(await panel(page).getByLabel('密码', { exact: true }).inputValue()).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an honest placeholder on the WeChat QR tab', async () => {
    const account = newAccount();
    const { context, page, problems } = await pageFor(account);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('tab', { name: '微信扫码' }).click();
    expect(await page.getByRole('tab', { name: '微信扫码' }).getAttribute('aria-selected')).toBe('true');
    await panel(page).getByRole('button', { name: '显示登录二维码' }).click();
    await panel(page).getByText('微信扫码登录暂未开通，请使用账号、手机或邮箱登录').waitFor();
    expect(await panel(page).textContent()).not.toMatch(/敬请期待|coming soon/i);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('profile: balance and level, avatar through the crop dialog, password change, sign-in with the new password', async () => {
    const account = newAccount();
    await register(account);
    const { context, page, problems } = await pageFor(account);
    await signInWithPassword(page, account.username, PASSWORD);
    await page.goto(`${baseUrl()}/profile`);
    const main = page.getByRole('main');
    await main.getByText(account.username, { exact: true }).waitFor();
    expect(await main.getByText('账户余额(币)').locator('xpath=following-sibling::dd').textContent()).toBe('300');
    expect(await main.getByText('用户等级').locator('xpath=following-sibling::dd').textContent()).toBe('Lv.0');

    await main.getByLabel('选择头像图片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await samplePng(page) });
    const dialog = page.getByRole('dialog', { name: '裁剪头像' });
    await dialog.waitFor();
    await dialog.getByLabel('缩放').fill('1.5');
    await expect.poll(() => dialog.getByRole('button', { name: '确认' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '确认' }).click();
    await toast(page, '头像上传成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const avatar = main.getByRole('img', { name: '头像' });
    await avatar.waitFor();
    const src = (await avatar.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/media\/avatars\//);
    const picture = await page.request.get(new URL(src, baseUrl()).toString());
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');

    await main.getByRole('button', { name: '修改密码' }).click();
    await main.getByLabel('当前密码').fill(PASSWORD);
    await main.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('确认新密码').fill(NEW_PASSWORD);
    const reloaded = page.waitForEvent('load');
    await main.getByRole('button', { name: '保存' }).click();
    await toast(page, '密码修改成功').waitFor();
    await reloaded;
    await page.getByRole('main').getByText(account.username, { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/profile$/);

    await page.getByRole('main').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await signInWithPassword(page, account.username, NEW_PASSWORD);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Last: these need the code interval of the targets registered in beforeAll to have passed.
  it('signs in with an e-mail code', async () => {
    const account = emailAccount;
    await waitForCodeWindow(account.email);
    const { context, page, problems } = await pageFor(account);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('tab', { name: '邮箱登录' }).click();
    await panel(page).getByLabel('邮箱', { exact: true }).fill(account.email);
    await panel(page).getByRole('button', { name: '获取验证码' }).click();
    await toast(page, '验证码已发送').waitFor();
    await panel(page).getByLabel('邮箱验证码').fill(await codeFor(account.email, 'LOGIN'));
    await panel(page).getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/create');
    await page.getByRole('banner').getByRole('link', { name: account.username }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs in with an SMS code at 375 px', async () => {
    const account = smsAccount;
    await waitForCodeWindow(account.phone);
    const { context, page, problems } = await pageFor(account, MOBILE);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('tab', { name: '手机登录' }).click();
    await panel(page).getByLabel('手机号').fill(account.phone);
    await panel(page).getByRole('button', { name: '获取验证码' }).click();
    await toast(page, '验证码已发送').waitFor();
    await panel(page).getByLabel('短信验证码').fill(await codeFor(account.phone, 'LOGIN'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await panel(page).getByRole('button', { name: '登录', exact: true }).click();
    await toast(page, '登录成功').waitFor();
    await page.waitForURL('**/create');

    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByRole('navigation', { name: '移动端导航' }).getByText(account.username).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resets the password by SMS in two steps, then signs in with the new one', async () => {
    const account = resetAccount;
    await waitForCodeWindow(account.phone);
    const { context, page, problems } = await pageFor(account);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { name: '重置密码' }).waitFor();
    await page.getByLabel('手机号').fill(account.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await toast(page, '验证码已发送').waitFor();
    await page.getByRole('button', { name: /秒后重发$/ }).waitFor();
    await page.getByLabel('短信验证码').fill(await codeFor(account.phone, 'RESET'));
    await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码重置成功！请返回登录页面重新登录。').waitFor();
    await toast(page, '密码重置成功，请重新登录').waitFor();
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL('**/login');

    await signInWithPassword(page, account.username, NEW_PASSWORD);
    expect(problems).toEqual([]);
    await context.close();
  });
});
