// The web app's bundle from Vite's build manifest (apps/web/dist/.vite/manifest.json): the home
// page's initial JS — the entry chunk and every chunk it imports statically (the ones index.html
// loads as <script type="module"> and <link rel="modulepreload">) — and what each page's own chunk
// adds when its route is first shown. Sizes are gzip (level 6, as Vite's build report and nginx).
//
//   node scripts/web-bundle-report.mjs [--dist=apps/web/dist] [--budget-kb=120] [--check]
//
// `npm run build` runs it after `vite build` and only reports. With --check (CI, after the
// production build) a home page over its budget fails: exit code 1.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** The home page's initial JS must stay under this (issue 17). */
export const HOME_INITIAL_JS_BUDGET_KB = 120;

const root = path.resolve(import.meta.dirname, '..');

/** The pages whose chunks are listed: the studio (创作, 高级创作) and the editor, then the rest. */
const PAGES = [
  ['/create', 'src/pages/create/CreatePage.tsx'],
  ['/advanced-create', 'src/pages/create/AdvancedCreatePage.tsx'],
  ['/editor', 'src/pages/editor/EditorPage.tsx'],
  ['/my-articles', 'src/pages/my-articles/MyArticlesPage.tsx'],
  ['/profile', 'src/pages/profile/ProfilePage.tsx'],
  ['/pricing', 'src/pages/pricing/PricingPage.tsx'],
  ['/pay', 'src/pages/pay/PayPage.tsx'],
  ['/shared/article/:id', 'src/pages/shared/SharedArticlePage.tsx'],
];

/** kB as Vite's build report prints them (1000 bytes). */
const kb = (bytes) => bytes / 1000;

/**
 * Reads the manifest of a Vite build. Returns the initial chunks of the home page (entry first)
 * with their raw and gzip sizes, their gzip total, and for each page of PAGES the chunks its route
 * adds to them (the page chunk and what it imports statically, minus what is already loaded).
 */
export function bundleReport(distDir = path.join(root, 'apps/web/dist')) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` (build.manifest is on in vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = fs.readFileSync(path.join(distDir, file));
      sizes.set(file, { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 6 }).length });
    }
    return sizes.get(file);
  };
  /** The chunk `key` and everything it imports statically, as manifest keys. */
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${manifestFile} names no entry chunk`);
  const initialKeys = closure(entryKey);
  const initial = [...initialKeys].map((key) => sizeOf(manifest[key].file));
  const css = [...initialKeys].flatMap((key) => manifest[key].css ?? []).map(sizeOf);
  const pages = PAGES.filter(([, source]) => manifest[source]).map(([route, source]) => {
    const added = [...closure(source)].filter((key) => !initialKeys.has(key)).map((key) => sizeOf(manifest[key].file));
    return { route, chunk: manifest[source].file, chunks: added, gzip: added.reduce((sum, chunk) => sum + chunk.gzip, 0) };
  });
  return {
    entry: manifest[entryKey].file,
    initial,
    initialGzip: initial.reduce((sum, chunk) => sum + chunk.gzip, 0),
    initialBytes: initial.reduce((sum, chunk) => sum + chunk.bytes, 0),
    css,
    pages,
    /** The chunk file of a source module (apps/web-relative, e.g. src/pages/editor/EditorPage.tsx). */
    chunkOf: (source) => manifest[source]?.file,
  };
}

function printReport(report, budgetKb) {
  const line = (text) => process.stdout.write(`${text}\n`);
  line('');
  line('首页初始 JS（入口及其静态导入，gzip）:');
  for (const chunk of report.initial) line(`  ${chunk.file.padEnd(40)} ${kb(chunk.bytes).toFixed(2).padStart(8)} kB │ gzip: ${kb(chunk.gzip).toFixed(2).padStart(7)} kB`);
  const verdict = kb(report.initialGzip) <= budgetKb ? '在预算内' : '超出预算';
  line(`  合计 ${kb(report.initialBytes).toFixed(2)} kB │ gzip: ${kb(report.initialGzip).toFixed(2)} kB（预算 ≤ ${budgetKb} kB，${verdict}）`);
  for (const sheet of report.css) line(`  样式 ${sheet.file}: gzip ${kb(sheet.gzip).toFixed(2)} kB`);
  line('各页面首次打开时追加加载的 JS（gzip）:');
  for (const page of report.pages) {
    const others = page.chunks.length - 1;
    line(`  ${page.route.padEnd(22)} ${kb(page.gzip).toFixed(2).padStart(7)} kB  ${page.chunk.replace(/^assets\//, '')}${others > 0 ? ` + ${others} 个共享块` : ''}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split(/=(.*)/s).slice(0, 2)));
  const dist = args.dist ? path.resolve(args.dist) : undefined;
  const budgetKb = Number(args['budget-kb'] ?? HOME_INITIAL_JS_BUDGET_KB);
  const report = bundleReport(dist);
  if ('check' in args) {
    const within = kb(report.initialGzip) <= budgetKb;
    process.stdout.write(`home page initial JS: ${kb(report.initialGzip).toFixed(2)} kB gzip, budget ${budgetKb} kB: ${within ? 'within' : 'OVER BUDGET'}\n`);
    process.exitCode = within ? 0 : 1;
  } else {
    printReport(report, budgetKb);
  }
}
