import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

export const baseUrl = () => inject('baseUrl');
/** The server with a (fake) model configured; see global-setup.ts. */
export const modelBaseUrl = () => inject('modelBaseUrl');

/**
 * A page whose console errors and failed same-site requests are collected, so a test can
 * assert that a journey produced none. Requests to other hosts are blocked: the product must
 * not depend on the internet.
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  server = baseUrl(),
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
  const origin = new URL(server).origin;
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) || route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The signed-out probe of /api/account/user/me is expected until accounts land.
    if (message.type() === 'error' && !message.text().includes('404') && !message.text().includes('401')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return { context, page, problems };
}
