// The server in JavaScript: apps/server/src → apps/server/dist, run with `node apps/server/dist/main.js`
// (no tsx at run time). `npm run build` calls it; `npm start` calls ensureServerBuild().
// Why tsc emit and the copy of @tianma/shared: docs/decisions/043-production-build.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './script-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'apps/server/dist');
/** The compiled entry point; `--role=…` goes after it as with the sources. */
export const serverEntry = path.join(distDir, 'main.js');
/** Its time is the build's; a directory without it is not a complete build. */
const stamp = path.join(distDir, 'build-info.json');
const SOURCES = [
  'apps/server/src',
  'apps/server/tsconfig.build.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.build.json',
  'tsconfig.base.json',
];

function tsc(args) {
  const require = createRequire(path.join(root, 'package.json'));
  const bin = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
  execFileSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
}

/** True when there is no complete build, or a server or shared source changed after it. */
export function serverBuildIsStale() {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Compiles the server and its copy of @tianma/shared (type errors fail it) into a fresh directory,
 * then puts that in place of apps/server/dist: a server already running from dist never sees a
 * half-written build, and a failed build leaves the previous one as it was.
 */
export function buildServer() {
  const started = Date.now();
  const scratch = path.join(root, '.tmp');
  const next = path.join(scratch, `server-dist-${process.pid}`);
  const previous = path.join(scratch, `server-dist-old-${process.pid}`);
  fs.mkdirSync(scratch, { recursive: true });
  try {
    tsc(['-p', 'apps/server/tsconfig.build.json', '--outDir', next]);
    // NOTE: @tianma/shared exports its TypeScript source (src/index.ts), which tsx, Vite and Vitest
    // read as is and plain Node cannot. The compiled server gets a compiled copy in its own
    // node_modules: Node's resolution, walking up from apps/server/dist/…, finds it before the
    // workspace link in the root node_modules. Its dependencies (zod) resolve further up as before.
    const sharedOut = path.join(next, 'node_modules/@tianma/shared');
    tsc(['-p', 'packages/shared/tsconfig.build.json', '--outDir', sharedOut]);
    const shared = JSON.parse(fs.readFileSync(path.join(root, 'packages/shared/package.json'), 'utf8'));
    const manifest = { name: shared.name, version: shared.version, private: true, type: 'module', exports: { '.': './index.js' }, dependencies: shared.dependencies };
    fs.writeFileSync(path.join(sharedOut, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(next, 'build-info.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`);
    if (fs.existsSync(distDir)) fs.renameSync(distDir, previous);
    fs.renameSync(next, distDir);
  } finally {
    fs.rmSync(next, { recursive: true, force: true });
    fs.rmSync(previous, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/** Builds the server when it is missing or stale; quiet when nothing needs doing. */
export function ensureServerBuild() {
  if (!serverBuildIsStale()) return;
  process.stdout.write('编译服务端 (tsc → apps/server/dist)…\n');
  buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const ms = buildServer();
    process.stdout.write(`apps/server/dist built in ${(ms / 1000).toFixed(1)} s: node apps/server/dist/main.js\n`);
  } catch {
    // tsc has printed its errors.
    process.exitCode = 1;
  }
}
