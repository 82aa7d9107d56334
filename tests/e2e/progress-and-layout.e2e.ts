import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage } from './browser.js';
import { newAccount, signedInPage, upgradeToPro } from './session.js';

/**
 * Issue 17, points 4 and 8, at 1440 and 390 px on the embedded default (offline composer, where a
 * task ends in about a second): the progress panel plays the steps back in order, each long enough
 * to read, before the article; the advanced step list names 智能章节生成 once; /create's content
 * starts where the header's logo starts; the pricing comparison fits a phone; a signed-out visit
 * checks the session without a failed request. With E2E_SCREENSHOTS_DIR=docs/screens it saves the
 * screenshots kept there.
 */

const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** Screenshots only when asked: `E2E_SCREENSHOTS_DIR=docs/screens` (as the other browser tests). */
const SCREENS = process.env.E2E_SCREENSHOTS_DIR ? path.resolve(process.env.E2E_SCREENSHOTS_DIR) : null;
const STANDARD_LABELS = ['智能搜索', '主题分析', '生成大纲', '章节研究', '智能章节生成', '规划配图', '生成配图', '合并章节', '生成文章'];
/**
 * The playback shows each step 500 ms (decision 055). The page's observer sees a step appear when
 * its callback runs, which a loaded machine delays: a step measured from a late sighting looks
 * shorter than it stayed (429.6 ms was seen under a full CI), so the floor leaves room for that.
 */
const MIN_SHOWN_MS = 400;

let browser: Browser;

async function shot(page: Page, name: string) {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  // Lazy images load once scrolled into view: pass over the page and wait for them, then shoot from
  // the top, so the sticky header sits over the page's start.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const pending = [...document.images].filter((image) => !image.complete);
    await Promise.race([
      Promise.all(
        pending.map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

/** Console errors, failed requests and error answers of the page's own origin, as they happen. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  const origin = new URL(baseUrl()).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // ERR_ABORTED: the page left before a lazy image or a poll finished (nothing is logged).
    if (request.url().startsWith(origin) && !error.includes('ERR_ABORTED')) failures.push(`request failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

interface Sample {
  t: number;
  step: string | null;
  list: string[];
  article: boolean;
}

/** Records every change of the progress step, the step list and the article's arrival. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const samples: Sample[] = [];
    (window as unknown as { __progress: Sample[] }).__progress = samples;
    let last = '';
    const read = () => {
      const step = document.querySelector('[data-testid="progress-step"]')?.textContent ?? null;
      const list = [...document.querySelectorAll('ol[aria-label="生成步骤"] > li')].map((item) => (item.textContent ?? '').replace(/（.*）/, ''));
      const article = document.querySelector('[data-testid="article-preview"]') !== null;
      const key = JSON.stringify([step, list, article]);
      if (key === last) return;
      last = key;
      samples.push({ t: performance.now(), step, list, article });
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    read();
  });
}

/** The steps shown, each with how long it stayed, up to the article. */
async function stepsShown(page: Page) {
  const samples = await page.evaluate(() => (window as unknown as { __progress: Sample[] }).__progress);
  const runs: { step: string; from: number; to: number }[] = [];
  let open = null as (typeof runs)[number] | null;
  for (const sample of samples) {
    if (sample.step === (open?.step ?? null)) continue;
    if (open) open.to = sample.t;
    open = sample.step ? { step: sample.step, from: sample.t, to: Number.NaN } : null;
    if (open) runs.push(open);
  }
  const articleAt = samples.find((sample) => sample.article)?.t ?? Number.NaN;
  return { samples, runs: runs.map((run) => ({ ...run, ms: (Number.isNaN(run.to) ? articleAt : run.to) - run.from })), articleAt };
}

/** Left edges of the logo and of /create's title, tabs and first form card. */
async function leftEdges(page: Page) {
  return page.evaluate(() => {
    const left = (element: Element | null) => (element ? element.getBoundingClientRect().left : Number.NaN);
    return {
      logo: left(document.querySelector('header a[aria-label="天马首页"]')),
      title: left(document.querySelector('main h1')),
      tabs: left(document.querySelector('main [role="tablist"]')),
      panel: left(document.querySelector('main [role="tabpanel"]')),
    };
  });
}

describe('progress playback and layout (issue 17, points 4 and 8)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { name, viewport } of WIDTHS) {
    it(`a signed-out visit at ${name} px checks the session without an error; the pages fit; the pricing comparison is whole`, async () => {
      const { context, page } = await openPage(browser, viewport);
      const failures = watchFailures(page);
      const session = page.waitForResponse((response) => response.url().endsWith('/api/account/session'));
      await page.goto(`${baseUrl()}/`);
      expect((await session).status()).toBe(200);
      await page.waitForLoadState('networkidle');
      await noHorizontalScroll(page);
      await shot(page, `home-${name}`);
      // The home page alone: no console error, no 401 (nor any other error answer).
      expect(failures).toEqual([]);

      for (const route of ['product', 'about', 'login']) {
        await page.goto(`${baseUrl()}/${route}`);
        await page.waitForLoadState('networkidle');
        await noHorizontalScroll(page);
        await shot(page, `${route}-${name}`);
      }

      await page.goto(`${baseUrl()}/pricing`);
      const table = page.getByRole('table', { name: '方案对比' });
      await table.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await noHorizontalScroll(page);
      // The table fits its box: nothing to scroll to, no cell past the box's edge, no text past its cell.
      const fit = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="plan-comparison-scroll"]')!;
        const tableElement = box.querySelector('table')!;
        const outer = box.getBoundingClientRect();
        const cells = [...tableElement.querySelectorAll('th, td')];
        return {
          boxWidth: box.clientWidth,
          tableWidth: tableElement.scrollWidth,
          outside: cells.filter((cell) => cell.getBoundingClientRect().right > outer.right + 1).map((cell) => cell.textContent),
          overflowing: cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
          right: outer.right,
        };
      });
      expect(fit.tableWidth, JSON.stringify(fit)).toBeLessThanOrEqual(fit.boxWidth + 1);
      expect(fit.outside).toEqual([]);
      expect(fit.overflowing).toEqual([]);
      expect(fit.right).toBeLessThanOrEqual(viewport.width);
      await expect.poll(() => table.getByRole('columnheader').count()).toBe(4);
      await shot(page, `pricing-${name}`);
      if (SCREENS) await table.screenshot({ path: path.join(SCREENS, `pricing-comparison-${name}.png`) });

      expect(failures).toEqual([]);
      await context.close();
    });

    it(`at ${name} px /create lines up with the logo and a guided article walks through its steps before it shows`, async () => {
      const { context, page, problems } = await signedInPage(browser, newAccount('pgl', 30), viewport);
      const failures = watchFailures(page);
      await page.goto(`${baseUrl()}/create`);
      await page.getByTestId('topic-input').waitFor();
      const edges = await leftEdges(page);
      for (const key of ['title', 'tabs', 'panel'] as const) {
        expect(Math.abs(edges[key] - edges.logo), `${key}: ${JSON.stringify(edges)}`).toBeLessThanOrEqual(2);
      }
      await noHorizontalScroll(page);
      await shot(page, `create-${name}`);

      await page.getByTestId('topic-input').fill('如何养成每天阅读的习惯');
      await page.getByTestId('length-slider').fill('800');
      await recordProgress(page);
      await page.getByTestId('generate-button').click();
      await page.getByTestId('progress-step').filter({ hasText: '智能章节生成' }).waitFor({ timeout: 30_000 });
      await shot(page, `create-progress-${name}`);
      await page.getByTestId('article-preview').waitFor({ timeout: 60_000 });
      const { runs, samples } = await stepsShown(page);

      const labels = runs.map((run) => run.step);
      const order = labels.map((label) => STANDARD_LABELS.indexOf(label)).filter((index) => index >= 0);
      expect(order.length, `steps shown: ${labels.join(' → ')}`).toBeGreaterThanOrEqual(6);
      expect([...order].sort((a, b) => a - b), labels.join(' → ')).toEqual(order);
      expect(new Set(order).size).toBe(order.length);
      // Each step stays up long enough to read, and the article comes after the last of them.
      for (const run of runs) expect(run.ms, `${run.step} shown ${Math.round(run.ms)} ms`).toBeGreaterThanOrEqual(MIN_SHOWN_MS);
      const articleIndex = samples.findIndex((sample) => sample.article);
      expect(samples.slice(articleIndex).every((sample) => sample.step === null)).toBe(true);
      for (const sample of samples) expect(new Set(sample.list).size, sample.list.join('、')).toBe(sample.list.length);
      await noHorizontalScroll(page);

      // My articles sits in the header's column too: its title starts at the logo and its content
      // ends where the header's does (it was a wider column than the header's).
      await page.goto(`${baseUrl()}/my-articles`);
      await page.getByText('如何养成每天阅读的习惯').first().waitFor();
      const column = await page.evaluate(() => {
        const header = document.querySelector('header > div')!;
        const padding = Number.parseFloat(getComputedStyle(header).paddingRight);
        const content = document.querySelector('main h1')!.parentElement!.parentElement!;
        return {
          logo: document.querySelector('header a[aria-label="天马首页"]')!.getBoundingClientRect().left,
          title: document.querySelector('main h1')!.getBoundingClientRect().left,
          headerRight: header.getBoundingClientRect().right - padding,
          contentRight: content.getBoundingClientRect().right,
        };
      });
      expect(Math.abs(column.title - column.logo), JSON.stringify(column)).toBeLessThanOrEqual(2);
      expect(Math.abs(column.contentRight - column.headerRight), JSON.stringify(column)).toBeLessThanOrEqual(2);
      await noHorizontalScroll(page);

      expect(problems).toEqual([]);
      expect(failures).toEqual([]);
      await context.close();
    });
  }

  it('the advanced step list names 智能章节生成 once while a Pro user’s article plays back', async () => {
    const { context, page, problems } = await signedInPage(browser, newAccount('pga', 31), WIDTHS[0].viewport);
    await upgradeToPro(context, page);

    await page.goto(`${baseUrl()}/advanced-create`);
    await page.getByRole('heading', { name: 'AI 高级创作' }).waitFor();
    const edges = await leftEdges(page);
    expect(Math.abs(edges.title - edges.logo), JSON.stringify(edges)).toBeLessThanOrEqual(2);
    await page.getByTestId('topic-input').fill('家庭咖啡机怎么选');
    await page.getByTestId('length-slider').fill('1000');
    await recordProgress(page);
    await page.getByTestId('generate-button').click();
    await page.getByTestId('progress-step').filter({ hasText: '智能章节生成' }).waitFor({ timeout: 30_000 });
    await shot(page, 'advanced-create-progress-1440');
    await page.getByTestId('article-preview').waitFor({ timeout: 60_000 });
    const { samples, runs } = await stepsShown(page);

    const lists = samples.filter((sample) => sample.list.length > 0);
    expect(lists.some((sample) => sample.list.includes('智能章节生成'))).toBe(true);
    for (const sample of lists) expect(sample.list.filter((label) => label === '智能章节生成').length, sample.list.join('、')).toBeLessThanOrEqual(1);
    for (const sample of lists) expect(new Set(sample.list).size, sample.list.join('、')).toBe(sample.list.length);
    expect(runs.length, runs.map((run) => run.step).join(' → ')).toBeGreaterThanOrEqual(6);
    expect(problems).toEqual([]);
    await context.close();
  });
});
