/**
 * `npm run bench:web` (and the second part of `npm run bench`): the home page in Chromium, served by
 * the product on the embedded defaults (a server process of its own, NODE_ENV=production, PGlite in
 * a temp directory). The web app is built for it into .tmp/bench-web-dist (a production build,
 * apart from apps/web/dist, which a running server or browser test may be serving).
 *
 * Each run opens http://127.0.0.1:<port>/ in a fresh browser context (empty cache) and records:
 * - initial JS: the scripts index.html loads (the entry chunk and its <link rel="modulepreload">s),
 *   as gzip (zlib level 6 of the built files: what a gzip-ing proxy such as deploy/nginx.conf sends)
 *   and as transferred by the embedded server (which does not compress);
 * - all JS the page loaded until it was idle (the chunks a page pulls in after the entry ran too);
 * - time to interactive (TTI): from navigation start to the later of (a) the moment React committed
 *   the hero's 查看价格 link (a MutationObserver sees it with its React props: from then on its click
 *   is handled) and (b) the end of the last long task (≥ 50 ms, PerformanceObserver 'longtask')
 *   before the page went quiet (network idle, then 2 s without a long task). After TTI no task
 *   blocks input for more than 50 ms. Also first contentful paint, DOMContentLoaded and load.
 * Two network profiles: loopback (no throttling: the figures are parse, compile and render time),
 * and Lighthouse's mobile profile through the DevTools protocol (150 ms RTT, 1.6 Mbit/s down,
 * 4× CPU slowdown). Median (min–max) of BENCH_WEB_RUNS runs (default 5) per profile.
 *
 * WEB_DIST_DIR serves another build (e.g. of an older commit, for a before/after comparison).
 * Writes bench/reports/web.json and prints a markdown table for docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { viteBin } from '../scripts/web-build.mjs';
import { type StartedProduct, startProduct } from '../tests/e2e/start-product.js';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, '.tmp/bench-web-dist'));
const QUIET_MS = 2000;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

interface Profile {
  name: string;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown?: number;
}

const PROFILES: Profile[] = [
  { name: 'loopback' },
  {
    name: 'mobile (150 ms RTT, 1.6 Mbit/s, 4× CPU)',
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpuSlowdown: 4,
  },
];

interface Run {
  ttiMs: number;
  readyMs: number;
  fcpMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  longTasks: number;
  jsFiles: string[];
  jsTransferred: number;
}

/**
 * Installed before the app's scripts: long tasks, and when React committed the hero's 查看价格 link.
 * Plain JavaScript in a string: tsx would wrap named functions of a serialized function in a
 * helper (`__name`) that the page does not have.
 */
const INSTRUMENT = `(() => {
  const bench = { longTasks: [], ready: -1 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    const link = document.querySelector('main a[href="/pricing"]');
    if (bench.ready < 0 && link && Object.keys(link).some((key) => key.startsWith('__reactProps'))) {
      bench.ready = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function measure(page: Page, url: string): Promise<Run> {
  await page.addInitScript({ content: INSTRUMENT });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __bench: { ready: number } }).__bench.ready >= 0, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // Quiet: no long task for QUIET_MS.
  for (;;) {
    const lastEnd = await page.evaluate(() => Math.max(0, ...(window as unknown as { __bench: { longTasks: [number, number][] } }).__bench.longTasks.map(([, end]) => end)));
    const now = await page.evaluate(() => performance.now());
    if (now - lastEnd >= QUIET_MS) break;
    await page.waitForTimeout(QUIET_MS - (now - lastEnd));
  }
  return page.evaluate(() => {
    const bench = (window as unknown as { __bench: { longTasks: [number, number][]; ready: number } }).__bench;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    const lastLongTaskEnd = Math.max(0, ...bench.longTasks.map(([, end]) => end));
    return {
      ttiMs: Math.round(Math.max(bench.ready, lastLongTaskEnd)),
      readyMs: Math.round(bench.ready),
      fcpMs: Math.round(fcp?.startTime ?? -1),
      domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
      loadMs: Math.round(navigation.loadEventEnd),
      longTasks: bench.longTasks.length,
      jsFiles: scripts.map((entry) => new URL(entry.name).pathname),
      jsTransferred: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  });
}

/** The scripts index.html loads before anything else: its module script and modulepreloads. */
function initialScripts(): string[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const module = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  return [...module, ...preloads];
}

const gzipCache = new Map<string, { bytes: number; gzip: number }>();
function sizeOf(urlPath: string) {
  if (!gzipCache.has(urlPath)) {
    const bytes = fs.readFileSync(path.join(distDir, urlPath));
    gzipCache.set(urlPath, { bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 6 }).length });
  }
  return gzipCache.get(urlPath)!;
}
const sum = (files: string[], key: 'bytes' | 'gzip') => files.reduce((total, file) => total + sizeOf(file)[key], 0);

function startServer(): Promise<StartedProduct> {
  return startProduct(
    {
      NODE_ENV: 'production',
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_SANDBOX_PAYMENT: 'true',
      ALLOW_OFFLINE_COMPOSER: 'true',
      APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
      WEB_DIST_DIR: distDir,
    },
    120_000,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};
const spread = (values: number[]) => `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  if (!process.env.WEB_DIST_DIR) {
    execFileSync(process.execPath, [viteBin('apps/web'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
  }
  const initial = initialScripts();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const results = [];
  try {
    // One warm-up load: the server's first answers (route compilation, PGlite's first queries).
    const warmUp = await browser.newContext();
    await measure(await warmUp.newPage(), `${server.url}/`);
    await warmUp.close();
    for (const profile of PROFILES) {
      const runs: Run[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
        const page = await context.newPage();
        if (profile.network || profile.cpuSlowdown) {
          const cdp = await context.newCDPSession(page);
          if (profile.network) {
            await cdp.send('Network.enable');
            await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
          }
          if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
        }
        runs.push(await measure(page, `${server.url}/`));
        await context.close();
      }
      const loaded = [...new Set(runs.flatMap((run) => run.jsFiles))];
      results.push({
        profile: profile.name,
        runs: runs.length,
        ttiMs: spread(runs.map((run) => run.ttiMs)),
        readyMs: spread(runs.map((run) => run.readyMs)),
        fcpMs: spread(runs.map((run) => run.fcpMs)),
        domContentLoadedMs: spread(runs.map((run) => run.domContentLoadedMs)),
        loadMs: spread(runs.map((run) => run.loadMs)),
        longTasks: spread(runs.map((run) => run.longTasks)),
        jsTransferredBytes: median(runs.map((run) => run.jsTransferred)),
        jsLoaded: loaded,
        raw: runs,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const allJs = results[0]!.jsLoaded;
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    distDir,
    initialJs: { files: initial, bytes: sum(initial, 'bytes'), gzip: sum(initial, 'gzip') },
    allJsUntilIdle: { files: allJs, bytes: sum(allJs, 'bytes'), gzip: sum(allJs, 'gzip') },
    quietMs: QUIET_MS,
    results,
  };
  const reportsDir = path.resolve(import.meta.dirname, 'reports');
  fs.mkdirSync(reportsDir, { recursive: true });
  fs.writeFileSync(path.join(reportsDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\nHome page JS (${distDir})`);
  console.log(`  initial (index.html: ${initial.length} files): ${kB(report.initialJs.gzip)} kB gzip, ${kB(report.initialJs.bytes)} kB uncompressed`);
  console.log(`  all until idle (${allJs.length} files): ${kB(report.allJsUntilIdle.gzip)} kB gzip, ${kB(report.allJsUntilIdle.bytes)} kB uncompressed`);
  // What the browser received: the embedded server sends the build's precompressed (brotli) copies.
  console.log(`  transferred until idle (median, loopback): ${kB(results[0]!.jsTransferredBytes)} kB`);
  console.log(`\n| profile | TTI ms | hero link committed ms | FCP ms | DOMContentLoaded ms | load ms | long tasks |\n|---|---|---|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.profile} | ${r.ttiMs} | ${r.readyMs} | ${r.fcpMs} | ${r.domContentLoadedMs} | ${r.loadMs} | ${r.longTasks} |`);
  console.log(`\nmedian (min–max) of ${RUNS} runs each, Chromium ${browser.version()}, Node ${process.version}, ${report.cpus} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
