// Smoke test of the production build: starts the compiled server (apps/server/dist/main.js, no tsx)
// as the image runs it (NODE_ENV=production, PGlite in a temp DATA_DIR, a free port), checks the
// home page, /healthz and a web asset, registers through the dev outbox (its code is read from the
// log, as /dev/outbox is not served in production), has the offline writer write one article,
// fetches its cover card, and stops the server with SIGTERM. Exit code 0 when all of that worked.
//
//   npm run build && node scripts/smoke-dist.mjs [--node=/path/to/node] [--root=DIR]
//
// --node: the Node binary that runs the server (default: this one); --root: a checkout whose
// apps/server/dist and apps/web/dist are run (default: this one; e.g. a production-only install).
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { freePort } from './script-support.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split(/=(.*)/s).slice(0, 2)));
const nodeBin = args.node ? path.resolve(args.node) : process.execPath;
const root = path.resolve(args.root ?? path.join(import.meta.dirname, '..'));
const entry = path.join(root, 'apps/server/dist/main.js');
const BOOT_TIMEOUT_MS = 60_000;
const ARTICLE_TIMEOUT_MS = 60_000;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line) => process.stdout.write(`  ${line}\n`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * A resolve hook given to the server with --import: it fails any import of TypeScript source or of
 * tsx, so a compiled module that still reaches for the sources shows here and not in production.
 */
function writeNoTypeScriptGuard(dir) {
  const hooks = path.join(dir, 'no-typescript-hooks.mjs');
  fs.writeFileSync(
    hooks,
    `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (/\\.[cm]?ts$/.test(new URL(result.url).pathname) || /\\/node_modules\\/tsx\\//.test(result.url)) {
    throw new Error('the compiled server loaded ' + result.url + ' (from ' + context.parentURL + ')');
  }
  return result;
}\n`,
  );
  const register = path.join(dir, 'no-typescript.mjs');
  fs.writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return register;
}

async function main() {
  check(fs.existsSync(entry), `${entry} is missing: run \`npm run build\` first`);
  check(fs.existsSync(path.join(root, 'apps/web/dist/index.html')), 'apps/web/dist is missing: run `npm run build` first');
  const version = await new Promise((resolve, reject) => {
    const child = spawn(nodeBin, ['-p', 'process.version + (process.release.lts ? " (LTS " + process.release.lts + ")" : "")']);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${nodeBin} -p failed`))));
  });
  process.stdout.write(`smoke-dist: node ${version} runs ${path.relative(process.cwd(), entry) || entry}\n`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-smoke-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const guard = writeNoTypeScriptGuard(tmp);
  const lines = [];
  let stderr = '';
  const server = spawn(nodeBin, ['--import', pathToFileURL(guard).href, entry, '--role=all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmp,
      NODE_ENV: 'production',
      APP_SECRET: `smoke-${randomInt(1e9)}-0123456789abcdef0123456789`,
      ALLOW_DEV_OUTBOX: 'true',
      ALLOW_OFFLINE_COMPOSER: 'true',
      ALLOW_SANDBOX_PAYMENT: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(tmp, 'data'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  createInterface({ input: server.stdout }).on('line', (line) => lines.push(line));
  server.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const report = () => `--- server stdout (last 20 lines):\n${lines.slice(-20).join('\n')}\n--- server stderr:\n${stderr}`;

  const request = async (method, url, { body, cookie } = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json', origin: base } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    return res;
  };
  const json = async (method, url, options) => {
    const res = await request(method, url, options);
    const text = await res.text();
    check(res.ok, `${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return { res, body: JSON.parse(text) };
  };

  try {
    // 1. Boot: /healthz answers 200.
    const bootStart = Date.now();
    for (;;) {
      check(server.exitCode === null && server.signalCode === null, `the server exited during boot\n${report()}`);
      check(Date.now() - bootStart < BOOT_TIMEOUT_MS, `/healthz did not answer within ${BOOT_TIMEOUT_MS / 1000} s\n${report()}`);
      const res = await fetch(`${base}/healthz`).catch(() => null);
      if (res?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    say(`ok /healthz 200 after ${Date.now() - bootStart} ms (fresh PGlite data dir, migrations, seed)`);

    // 2. The web app: the home page and the script it references.
    const home = await request('GET', '/');
    const html = await home.text();
    check(home.status === 200 && /text\/html/.test(home.headers.get('content-type') ?? ''), `GET / answered ${home.status} ${home.headers.get('content-type')}`);
    const script = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
    check(script, `the home page references no /assets/*.js script:\n${html.slice(0, 500)}`);
    const asset = await request('GET', script);
    check(asset.status === 200, `GET ${script} answered ${asset.status}`);
    say(`ok / 200 (${html.length} bytes) and ${script} 200`);

    // 3. Register through the dev outbox, then sign in.
    const n = String(Date.now() % 1e8).padStart(8, '0');
    const identity = { username: `smoke_${n}`, phoneNumber: `139${n}`, password: 'Tianma#2025' };
    await json('POST', '/api/account/sms/send-code', { body: { phoneNumber: identity.phoneNumber, type: 'REGISTER' } });
    let code;
    for (let i = 0; i < 50 && !code; i++) {
      code = lines.map((line) => line.match(new RegExp(`发往 ${identity.phoneNumber} 的.*?验证码为 (\\d{4,8})`))?.[1]).find(Boolean);
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    check(code, `no verification code for ${identity.phoneNumber} in the server's log\n${report()}`);
    await json('POST', '/api/account/auth/register', { body: { ...identity, type: 'REGISTER', verificationCode: code } });
    const signIn = await json('POST', '/api/account/user/verify', { body: { username: identity.username, password: identity.password } });
    const cookie = signIn.res.headers
      .getSetCookie()
      .find((value) => value.startsWith('tm_session='))
      ?.split(';')[0];
    check(cookie, 'signing in set no tm_session cookie');
    const { body: me } = await json('GET', '/api/account/user/me', { cookie });
    check(JSON.stringify(me).includes(identity.username), `/api/account/user/me does not name ${identity.username}: ${JSON.stringify(me).slice(0, 300)}`);
    say(`ok registered and signed in as ${identity.username}`);

    // 4. One article from the offline writer, with its cover card.
    const settings = { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 800, platform: 'wechat' };
    const { body: task } = await json('POST', '/api/v1/articles/generate', {
      cookie,
      body: { topic: '如何在一周内养成早起的习惯', settings, advanced_mode: false, connection_id: null },
    });
    check(task.task_id && task.article_id, `generate answered no task: ${JSON.stringify(task)}`);
    const articleStart = Date.now();
    let status;
    for (;;) {
      ({ body: status } = await json('GET', `/api/v1/articles/${task.task_id}/status`, { cookie }));
      if (['completed', 'error', 'cancelled'].includes(status.status)) break;
      check(Date.now() - articleStart < ARTICLE_TIMEOUT_MS, `the task is still ${status.status} at ${status.currentStep} after ${ARTICLE_TIMEOUT_MS / 1000} s\n${report()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    check(status.status === 'completed', `the task ended ${status.status}: ${JSON.stringify(status.details)}\n${report()}`);
    const { body: article } = await json('GET', `/api/v1/articles/articles/${task.article_id}`, { cookie });
    const images = [...article.content.matchAll(/!\[[^\]]*\]\((\/media\/[^)\s]+)\)/g)].map((match) => match[1]);
    check(images.length > 0, `the article has no /media image:\n${article.content.slice(0, 400)}`);
    say(`ok article ${task.article_id} written in ${Date.now() - articleStart} ms: ${article.word_count} 字, ${images.length} images`);
    const cover = await request('GET', images[0]);
    const bytes = Buffer.from(await cover.arrayBuffer());
    check(cover.status === 200, `GET ${images[0]} answered ${cover.status}`);
    check(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${images[0]} is not a PNG (${cover.headers.get('content-type')})`);
    say(`ok cover card ${images[0]}: ${cover.headers.get('content-type')}, ${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)}, ${bytes.length} bytes`);

    // 5. A clean stop.
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    const exit = await exited;
    clearTimeout(timer);
    check(exit.code === 0, `the server stopped with ${exit.code ?? exit.signal} on SIGTERM\n${report()}`);
    say('ok stopped on SIGTERM with exit code 0');
    process.stdout.write(`smoke-dist: passed on node ${version} in ${elapsed()}\n`);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stdout.write(`smoke-dist: FAILED after ${elapsed()}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
