import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE } from './browser.js';
import { newAccount, signedInPage, toast } from './session.js';

/**
 * 公众号 on the profile page (issue 20, point 1; decision 073): bind an official account through
 * the fake WeChat of global-setup.ts, see it listed, a wrong AppSecret (the fake answers 40125)
 * shows the server's Chinese error and binds nothing, then unbind it.
 */

const WRONG_SECRET = 'AppSecret 错误';

describe('binding official accounts on the profile page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`binds, refuses a wrong AppSecret and unbinds at ${viewport.width} px`, async () => {
      const { appId, appSecret } = inject('wechatMpAccount');
      // The wrong secret's bind answers 400 (the browser logs it): expected here.
      const { account, context, page, problems } = await signedInPage(browser, newAccount('wxa', 49), viewport, [400]);
      await page.goto(`${account.server}/profile`);
      const section = page.getByRole('region', { name: '公众号' });
      await section.getByText('还没有绑定公众号').waitFor();
      await expect(section.getByText(/IP白名单/).count()).resolves.toBeGreaterThan(0);

      const form = section.getByRole('form', { name: '绑定公众号' });
      await form.getByLabel('开发者ID（AppID）').fill(appId);
      await form.getByLabel('开发者密码（AppSecret）').fill(appSecret);
      await form.getByLabel('名称（选填）').fill('天马测试号');
      await form.getByRole('button', { name: '绑定' }).click();

      const list = section.getByRole('list', { name: '已绑定的公众号' });
      await list.getByText('天马测试号').waitFor();
      await expect(list.getByText(`AppID：${appId}`).count()).resolves.toBe(1);
      await toast(page, '已绑定「天马测试号」').waitFor();
      await expect(form.getByLabel('开发者密码（AppSecret）').inputValue()).resolves.toBe('');
      // The secret is kept nowhere in the page's storage.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toContain(appSecret);

      await form.getByLabel('开发者ID（AppID）').fill(appId);
      await form.getByLabel('开发者密码（AppSecret）').fill(`${appSecret.slice(0, 31)}${appSecret.endsWith('0') ? '1' : '0'}`);
      await form.getByRole('button', { name: '绑定' }).click();
      await form.getByRole('alert').filter({ hasText: WRONG_SECRET }).waitFor();
      await expect(list.getByRole('listitem').count()).resolves.toBe(1);
      await expect(list.getByText('天马测试号').count()).resolves.toBe(1);

      await list.getByRole('button', { name: '解除绑定' }).click();
      await list.getByRole('group', { name: '确认解除绑定「天马测试号」' }).getByRole('button', { name: '确认解除' }).click();
      await section.getByText('还没有绑定公众号').waitFor();
      await toast(page, '已解除绑定「天马测试号」').waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
