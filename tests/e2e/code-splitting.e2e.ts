import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { bundleReport } from '../../scripts/web-bundle-report.mjs';
import { baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './browser.js';
import { newAccount, signedInPage } from './session.js';

/** Route-level code splitting (issue 17): the home page loads its own chunks, not the studio's or the editor's. */

interface Report {
  initial: { file: string }[];
  chunkOf(source: string): string | undefined;
}

let browser: Browser;
let report: Report;
beforeAll(async () => {
  browser = await launchBrowser();
  // The build global-setup.ts made (or found up to date).
  report = bundleReport() as Report;
});
afterAll(() => browser?.close());

const chunk = (source: string) => {
  const file = report.chunkOf(source);
  expect(file, `${source} has a chunk of its own`).toBeTruthy();
  return `/${file}`;
};
const studio = () => chunk('src/pages/create/CreatePage.tsx');
const advancedStudio = () => chunk('src/pages/create/AdvancedCreatePage.tsx');
const editor = () => chunk('src/pages/editor/EditorPage.tsx');

/** The paths of the JS files the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('code splitting on %s', (_name, viewport) => {
  it('the home page loads its initial chunks and none of the studio’s or the editor’s', async () => {
    const { context, page, problems } = await openPage(browser, viewport);
    try {
      const scripts = scriptsOf(page);
      await page.goto(`${baseUrl()}/`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const { file } of report.initial) expect(scripts).toContain(`/${file}`);
      expect(scripts).not.toContain(studio());
      expect(scripts).not.toContain(advancedStudio());
      expect(scripts).not.toContain(editor());
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a page’s chunk', () => {
  it('loads when its route is first shown: the studio from the header, the editor on its own', async () => {
    const { context, page, problems } = await signedInPage(browser, newAccount('spl', 40));
    try {
      const scripts = scriptsOf(page);
      await page.goto(`${baseUrl()}/`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts).not.toContain(studio());

      const studioLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === studio());
      await page.getByRole('banner').getByRole('link', { name: '创作中心' }).first().click();
      await page.waitForURL((url) => url.pathname === '/create');
      expect((await studioLoaded).ok()).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('status').filter({ hasText: '加载中...' }).count()).toBe(0);
      expect(scripts).not.toContain(editor());

      // A new tab: a full load of /editor fetches the editor's chunk and not the studio's.
      const editorTab = await context.newPage();
      const fresh = scriptsOf(editorTab);
      await editorTab.goto(`${baseUrl()}/editor`);
      await editorTab.waitForLoadState('networkidle');
      expect(fresh).toContain(editor());
      expect(fresh).not.toContain(studio());
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('a page whose chunk fails to load, on %s', (_name, viewport) => {
  it('shows a friendly page with a retry inside the layout, and the retry brings the page', async () => {
    const { context, page, problems } = await openPage(browser, viewport);
    try {
      const pricing = chunk('src/pages/pricing/PricingPage.tsx');
      // A deploy renamed the chunk, or the network dropped: the request fails.
      await page.route(`**${pricing}`, (route) => route.abort('failed'));
      await page.goto(`${baseUrl()}/pricing`);
      await page.getByRole('heading', { name: '页面没有加载成功' }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(1);

      await page.unroute(`**${pricing}`);
      await page.getByRole('button', { name: '重试' }).click();
      await page.getByRole('heading', { name: '价格方案' }).first().waitFor();
      // Only the failure this test caused was logged: the failed request and React's report of it.
      expect(problems.every((line) => /ERR_FAILED|dynamically imported module/.test(line)), problems.join('\n')).toBe(true);
    } finally {
      await context.close();
    }
  });
});
