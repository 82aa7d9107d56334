import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/platform/db/index.js';
import { freshIp } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import type { ErrorShape, HostileCase } from './hostile-cases.js';

/** What every hostile case is checked against: the answer, the server's health, the database. */

/**
 * Every public table: its row count and a hash of its rows. Left out of the comparison:
 * - login_throttles: recording refused sign-ins is the protection itself (accounts/login-throttle.ts);
 * - sessions: only the count is compared, because each authenticated call slides last_seen/expiry.
 */
const IGNORED = new Set(['login_throttles']);
const COUNT_ONLY = new Set(['sessions']);

export async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    if (IGNORED.has(name)) continue;
    const [row] = await queryRows<{ n: number; h: string | null }>(
      t.database.db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name.replace(/"/g, '""')}" t`),
    );
    out[name] = COUNT_ONLY.has(name) ? `${row!.n}` : `${row!.n}:${row!.h ?? ''}`;
  }
  return out;
}

export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).sort();
}

const CHINESE = /[\u4e00-\u9fff]/;

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** The refusal's message in the call's shape; fails the expectation with the case's label. */
export function expectRefusal(label: string, shape: ErrorShape, res: Answer, mayAccept = false) {
  const { statusCode } = res;
  if (mayAccept && statusCode === 200) return;
  expect([400, 401, 403, 404, 413, 415, 429], `${label}: status ${statusCode} ${res.body.slice(0, 300)}`).toContain(statusCode);
  expect(String(res.headers['content-type']), `${label}: content type`).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  if (shape === 'fail') {
    // WeChat Pay reads only `code` and `message` of a refused notification.
    expect(body.code, `${label}: code`).toBe('FAIL');
    expect(String(body.message), `${label}: message`).toMatch(CHINESE);
  } else if (shape === 'status' && body.status === 'error') {
    expect(String(body.error), `${label}: error`).toMatch(CHINESE);
  } else {
    // A URL that matches no route (a path parameter over Fastify's length cap) answers the default shape.
    expect(body.success, `${label}: success`).toBe(false);
    expect(String(body.message ?? body.msg), `${label}: message`).toMatch(CHINESE);
  }
}

/** How long a refusal may take before the case counts as a stream left open. */
const STREAM_GRACE_MS = 5_000;

export async function send(t: TestApp, hostile: HostileCase, opensStream = false): Promise<Answer> {
  const { method, url, body, contentType, cookie, headers } = hostile.request;
  const answer = t.app.inject({
    method,
    url,
    headers: {
      'x-forwarded-for': freshIp(),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  if (!opensStream) return answer;
  // A stream opened by mistake never ends on its own: fail the case instead of hanging the suite.
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${hostile.label}: no answer within ${STREAM_GRACE_MS} ms, a stream was opened`)), STREAM_GRACE_MS);
  });
  try {
    const res = await Promise.race([answer, hung]);
    expect(String(res.headers['content-type']), `${hostile.label}: must not open an event stream`).not.toContain('text/event-stream');
    return res;
  } finally {
    clearTimeout(timer);
  }
}

export async function expectAlive(t: TestApp) {
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
}
