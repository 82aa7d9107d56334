import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newestMtime } from './script-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

/** True when there is no build, or a web or shared source changed after the last build. */
export function webBuildIsStale() {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Builds the web app when it is missing or stale; quiet when nothing needs doing. */
export function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  process.stdout.write('构建网页应用 (vite build)…\n');
  execFileSync(process.execPath, [viteBin('apps/web'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    // Vitest sets NODE_ENV=test, and Vite then bundles React's development build (527 kB instead
    // of 315 kB for React and React DOM): the browser tests must run the app as it ships.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

/** Vite's CLI as the given workspace resolves it (npm may nest it under the workspace). */
export function viteBin(workspace) {
  const require = createRequire(path.join(root, workspace, 'package.json'));
  return path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
}
