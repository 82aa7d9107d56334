import { SHOWCASE_CASES, SITE } from '@tianma/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PUBLIC_PAGES = [
  { path: '/', heading: SITE.tagline },
  { path: '/product', heading: '产品介绍' },
  { path: '/pricing', heading: null },
  { path: '/about', heading: '关于我们' },
];
const GUARDED = ['/profile', '/create', '/advanced-create', '/my-articles'];
const ACCOUNT_PAGES = [
  { path: '/login', heading: '欢迎回来' },
  { path: '/register', heading: '注册账号' },
  { path: '/reset-password', heading: '重置密码' },
];

async function withPage(viewport: typeof DESKTOP, run: (page: Page, problems: string[]) => Promise<void>) {
  const { context, page, problems } = await openPage(browser, viewport);
  try {
    await run(page, problems);
  } finally {
    await context.close();
  }
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('public site on %s', (_name, viewport) => {
  it('renders every public page with header, footer and no horizontal scroll', async () => {
    await withPage(viewport, async (page, problems) => {
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(`${baseUrl()}${path}`);
        const h1 = page.locator('h1').first();
        await h1.waitFor();
        if (heading) expect(await h1.innerText()).toBe(heading);
        expect(await page.locator('footer').innerText()).toContain(SITE.icp);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
    });
  });

  it('sends a signed-out visitor from guarded routes to /login, replacing history', async () => {
    await withPage(viewport, async (page) => {
      for (const path of GUARDED) {
        await page.goto(`${baseUrl()}/about`);
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForURL((url) => url.pathname === '/login');
        // The guard replaced the entry: going back lands on /about, not on the guarded path.
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/about');
      }
    });
  });

  it('serves the account pages of the route table', async () => {
    await withPage(viewport, async (page, problems) => {
      for (const { path, heading } of ACCOUNT_PAGES) {
        await page.goto(`${baseUrl()}${path}`);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
    });
  });

  it('redirects unknown paths to the home page', async () => {
    await withPage(viewport, async (page) => {
      const response = await page.goto(`${baseUrl()}/no/such/page`);
      expect(response?.ok()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it('opens the footer popups with the support e-mail and the QR code', async () => {
    await withPage(viewport, async (page) => {
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('button', { name: '联系我们' }).click();
      const contact = page.getByRole('dialog', { name: '联系我们' });
      expect(await contact.innerText()).toContain(SITE.supportEmail);
      await contact.getByRole('button', { name: '关闭' }).click();
      await contact.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /关注我们/ }).click();
      const follow = page.getByRole('dialog', { name: '关注我们' });
      const qr = follow.getByRole('img', { name: '公众号二维码' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await page.keyboard.press('Escape');
      await follow.waitFor({ state: 'detached' });
    });
  });
});

describe('home page', () => {
  it('loads the four case cards from the seeded articles and opens one in a new tab', async () => {
    await withPage(DESKTOP, async (page, problems) => {
      await page.goto(`${baseUrl()}/`);
      for (const item of SHOWCASE_CASES) {
        const res = await fetch(`${baseUrl()}/deepspaceasset/deepspace/articles/article/${item.articleId}`);
        const { data } = (await res.json()) as { data: { title: string } };
        await page.getByText(data.title, { exact: true }).first().waitFor();
      }
      expect(await page.getByText('部分案例数据加载失败').count()).toBe(0);
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByText(SHOWCASE_CASES[0].author).first().click(),
      ]);
      await popup.waitForLoadState('domcontentloaded');
      expect(popup.url()).toContain(`/shared/article/${SHOWCASE_CASES[0].articleId}`);
      expect(problems).toEqual([]);
    });
  });

  it('sends the hero buttons to /login and /pricing for a visitor', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(`${baseUrl()}/`);
      const tryIt = page.getByRole('link', { name: '立即体验' });
      for (let i = 0; i < (await tryIt.count()); i += 1) expect(await tryIt.nth(i).getAttribute('href')).toBe('/login');
      await page.getByRole('link', { name: '查看价格' }).click();
      await page.waitForURL(`${baseUrl()}/pricing`);
    });
  });
});

describe('pricing page', () => {
  it('calculates the custom top-up live and validates it', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(`${baseUrl()}/pricing`);
      await page.getByRole('button', { name: '自定义充值' }).click();
      const modal = page.getByRole('dialog', { name: '自定义充值' });
      const input = modal.getByLabel('充值金币数量');

      await input.fill('1000');
      const summary = await modal.innerText();
      expect(summary).toContain('¥20.00');
      expect(summary).toMatch(/赠送\s*100 币/);
      expect(summary).toMatch(/预计可生成\s*16 篇/);

      const submit = modal.getByRole('button', { name: '确认充值' });
      for (const [value, message] of [
        ['', '请输入充值数量'],
        ['50', '充值数量不能少于100币'],
        ['150', '充值数量必须是100的整数倍'],
      ] as const) {
        await input.fill(value);
        await submit.click();
        expect(await modal.getByRole('alert').innerText()).toBe(message);
      }
      // A valid amount sends a visitor to sign in first.
      await input.fill('1000');
      await submit.click();
      await page.waitForURL((url) => url.pathname === '/login');
    });
  });

  it('shows the contact-sales e-mail and the plans, packs, comparison and FAQ', async () => {
    await withPage(MOBILE, async (page) => {
      await page.goto(`${baseUrl()}/pricing`);
      // The page's chunk loads after the app's: wait for the page, not the 加载中... in its place.
      await page.locator('main').getByText('常见问题').first().waitFor();
      const text = await page.locator('main').innerText();
      for (const expected of ['免费版', '高级版', '企业版', '¥59', '¥71', '¥499', '1100', '1800', '方案对比', '常见问题']) {
        expect(text).toContain(expected);
      }
      await page.getByRole('button', { name: '联系销售' }).click();
      expect(await page.getByRole('dialog', { name: '联系销售' }).innerText()).toContain(SITE.salesEmail);
    });
  });

  it('points every purchase button at /login for a visitor', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(`${baseUrl()}/pricing`);
      for (const name of ['免费开始', '开始试用']) {
        expect(await page.getByRole('link', { name }).first().getAttribute('href')).toBe('/login');
      }
      const packs = page.getByRole('link', { name: '立即充值' });
      expect(await packs.count()).toBe(3);
      for (let i = 0; i < 3; i += 1) expect(await packs.nth(i).getAttribute('href')).toBe('/login');
    });
  });
});

describe('mobile header', () => {
  it('collapses the navigation into a menu below md', async () => {
    await withPage(MOBILE, async (page) => {
      await page.goto(`${baseUrl()}/`);
      expect(await page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: '打开菜单' }).click();
      const menu = page.getByRole('navigation', { name: '移动端导航' });
      for (const name of ['首页', '产品介绍', '价格方案', '关于我们', '登录']) {
        await menu.getByRole('link', { name }).waitFor();
      }
      await menu.getByRole('link', { name: '关于我们' }).click();
      await page.waitForURL(`${baseUrl()}/about`);
    });
  });
});

describe('content security policy', () => {
  it('runs the app under its policy and refuses script that did not come from the server', async () => {
    await withPage(DESKTOP, async (page, problems) => {
      const response = await page.goto(`${baseUrl()}/`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('h1').first().waitFor();
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      // The refusal itself is reported (and only it): the app's own code caused no violation.
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => problem.includes('CSP violation') || problem.includes('Content Security Policy'))).toBe(true);
    });
  });
});
