#!/usr/bin/env node
// The server suite on PostgreSQL (npm run test:pg): every server test file that reaches a database,
// Redis or a server process. The files that test pure functions (the offline writer's phrase
// banks, the topic reader, the themes…) touch no database; `npm test` has run them already, and
// running them again here only cost CPU that the browser tests, run beside this suite, need.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
/** What a test file imports or names when it needs a database, Redis or a process of the product. */
const REACHES_STORE =
  /createTestApp|helpers\/(?:app|database|accounts|billing|generation|deployment|knowledge|migrated-to|redis|child-process)\.js|openDatabase|TEST_DATABASE_URL|TEST_REDIS_URL|ioredis|bullmq|from 'pg'|startProduct|node:child_process/u;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = [...testFiles(path.join(server, 'src')), ...testFiles(path.join(server, 'test'))]
  .filter((file) => REACHES_STORE.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(root, file));
if (files.length === 0) {
  console.error('pg-suite: no test file reaches a database; is the checkout complete?');
  process.exit(1);
}
if (process.argv.includes('--list')) {
  console.log(files.join('\n'));
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2), ...files], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
