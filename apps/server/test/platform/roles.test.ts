import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRole } from '../../src/config/role.js';
import { LineChild } from '../helpers/child-process.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-roles-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('--role', () => {
  it('reads api, worker and all (the default), and refuses anything else in Chinese', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=api'])).toBe('api');
    expect(parseRole(['--port=1', '--role=worker'])).toBe('worker');
    expect(() => parseRole(['--role=web'])).toThrow('未知的角色 web：--role 只能是 all、api 或 worker');
  });

  it.each(['api', 'worker'])('refuses to start as %s without DATABASE_URL (each process would have a database of its own)', async (role) => {
    const child = LineChild.start(`server --role=${role}`, MAIN, { cwd: REPO_ROOT, env: { DATA_DIR: dataDir, PORT: '0' }, args: [`--role=${role}`] });
    const exit = await child.exited;
    expect(exit, child.report()).toEqual({ code: 78, signal: null });
    expect(child.report()).toContain(`配置无效：--role=${role} 需要 DATABASE_URL`);
    // It stopped before opening anything.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
