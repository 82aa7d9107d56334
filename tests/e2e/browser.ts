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
 * assert that a journey produced none (Content-Security-Policy violations included). Requests to other hosts are blocked: the product must
 * not depend on the internet.
 */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  server = baseUrl(),
  /** HTTP statuses the journey expects to meet (a private article's 404): their console lines are not problems. */
  allowed: readonly number[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN', isMobile: viewport === MOBILE, hasTouch: viewport === MOBILE });
  const origin = new URL(server).origin;
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) || route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Every Content-Security-Policy violation is a problem: the app must satisfy its own policy.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error') return;
    if (text.startsWith('CSP violation') || text.includes('Content Security Policy')) {
      problems.push(`console: ${text}`);
      return;
    }
    // NOTE: signed-out pages check the session with GET /api/account/session (200 either way), so
    // a 401 or 404 in the console is a problem too, unless the test says it expects one.
    // The resource's address goes with a failed load's line: the browser's own text does not name it.
    const where = message.location().url;
    if (!allowed.some((status) => text.includes(`status of ${status}`))) problems.push(`console: ${text}${where ? ` (${where})` : ''}`);
  });
  return { context, page, problems };
}
