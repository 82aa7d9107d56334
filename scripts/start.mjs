// `npm start`: build what is missing or stale (the web app with Vite, the server with tsc), then run
// the compiled server (API + built web app) in one process, as the production image does.
// Extra arguments pass through to the server: `npm start -- --role=worker`.
// `npm run dev` runs the sources under tsx instead, with reload on change.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();
try {
  ensureServerBuild();
} catch {
  // tsc has printed its errors.
  process.stderr.write('服务端编译失败（见上方 tsc 的错误）；开发时可用 npm run dev 直接运行源码。\n');
  process.exit(1);
}

const server = spawn(process.execPath, [serverEntry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
