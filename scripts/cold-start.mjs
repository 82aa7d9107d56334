// Cold start of the server, compiled (node apps/server/dist/main.js) against the sources under tsx
// (node --import tsx apps/server/src/main.ts): the time from spawning the process to /healthz
// answering 200, and the process's CPU time and RSS at that moment (CPU time varies less than wall
// time on a busy machine). The two run in turn, A B A B …, after one
// warm-up each; medians with min and max are printed. Figures: docs/benchmarks.md.
//
//   npm run build && node scripts/cold-start.mjs [--runs=10] [--database-url=postgres://…] [--node-options='…']
//
// The Node that runs this script runs both servers; --node-options are given to both (the image's
// ENTRYPOINT has --max-semi-space-size=16).
// Without --database-url every run opens one PGlite data dir, migrated by the warm-up (a reopen,
// as at a restart); with it, PostgreSQL, as the image's api and worker processes run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './script-support.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split(/=(.*)/s).slice(0, 2)));
const runs = Number(args.runs ?? 10);
const databaseUrl = args['database-url'];
const nodeOptions = (args['node-options'] ?? '').split(' ').filter(Boolean);
const root = path.resolve(import.meta.dirname, '..');
const VARIANTS = {
  compiled: [path.join(root, 'apps/server/dist/main.js')],
  tsx: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
};
if (!fs.existsSync(VARIANTS.compiled[0])) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** User + system CPU of the process so far, all threads, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One start: milliseconds from spawn to /healthz 200, CPU and RSS then; then SIGTERM and wait. */
async function once(variant, dataDir) {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl });
  const start = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, ...VARIANTS[variant]], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant} exited during boot:\n${stderr}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (res?.status === 200) return { ms: performance.now() - start, cpu: cpuMs(child.pid), rss: rssMb(child.pid) };
      if (performance.now() - start > 60_000) throw new Error(`${variant}: no /healthz within 60 s:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { min: sorted[0], median, max: sorted.at(-1) };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-cold-start-'));
try {
  const results = { compiled: [], tsx: [] };
  await once('compiled', dataDir);
  await once('tsx', dataDir);
  for (let i = 0; i < runs; i++) {
    for (const variant of ['compiled', 'tsx']) results[variant].push(await once(variant, dataDir));
  }
  const where = databaseUrl ? 'PostgreSQL' : 'PGlite (migrated data dir)';
  console.log(`cold start to /healthz 200, ${runs} runs each, node ${process.version} ${nodeOptions.join(' ')}, ${where}, ${os.cpus().length} cores`);
  for (const [variant, list] of Object.entries(results)) {
    const line = (values, unit) => {
      const { min, median, max } = stats(values);
      return `${median.toFixed(0)} ${unit} (min ${min.toFixed(0)}, max ${max.toFixed(0)})`;
    };
    console.log(
      `${variant.padEnd(8)} wall ${line(list.map((r) => r.ms), 'ms')}; CPU ${line(list.map((r) => r.cpu), 'ms')}; RSS ${line(list.map((r) => r.rss), 'MB')}`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
