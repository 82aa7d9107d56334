import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../../src/billing/ledger.js';
import { migrateDatabase, openDatabase } from '../../src/platform/db/index.js';
import { users } from '../../src/accounts/tables.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
let dataDir: string;

/** The operator commands as an operator runs them: a separate process on the server's database. */
async function cli(script: 'reconcile' | 'adjust', args: string[] = []) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `apps/server/src/billing/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-cli-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const [user] = await database.db.insert(users).values({ deepspaceId: 777_000_001, username: 'cli_writer', passwordHash: 'x' }).returning();
  await database.db.transaction((tx) => applyLedgerEntry(tx, { userId: user!.id, delta: 300, kind: 'registration_gift', idemKey: 'cli:gift' }));
  await database.close();
}, 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('billing commands', () => {
  it('reconcile passes on a consistent ledger', async () => {
    const result = await cli('reconcile');
    expect(result.code).toBe(0);
    expect(result.out).toContain('对账通过');
  });

  it('adjust corrects a balance with a ledger entry, and refuses bad input', async () => {
    const ok = await cli('adjust', ['--user', '777000001', '--delta', '-50', '--reason', '重复扣费补偿']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('300 → 250');
    const below = await cli('adjust', ['--user', 'cli_writer', '--delta', '-1000', '--reason', 'x']);
    expect(below.code).toBe(1);
    expect(below.out).toContain('cannot go below zero');
    const usage = await cli('adjust', ['--user', 'cli_writer']);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('用法');
    expect((await cli('reconcile')).out).toContain('对账通过');
    // Four command processes, each starting TypeScript and the embedded database: well past the
    // default 30 s on a loaded machine.
  }, 120_000);

  it('reconcile reports a balance changed behind the ledger', async () => {
    const database = await openDatabase({ dataDir });
    await database.db.update(users).set({ coinBalance: 999 });
    await database.close();
    const result = await cli('reconcile');
    expect(result.code).toBe(1);
    expect(result.out).toContain('cli_writer');
    expect(result.out).toContain('余额 999');
  });
});
