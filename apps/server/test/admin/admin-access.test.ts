import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/accounts/tables.js';
import { NOT_OPERATOR, CONFIRM_REQUIRED } from '../../src/admin/operator-guard.js';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { ACCOUNT_LOCKED } from '../../src/accounts/sign-in.js';
import { coinLedger } from '../../src/billing/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { loginViaHttp, STRONG_PASSWORD } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

const idOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

async function operator(): Promise<User & { id: number }> {
  const user = await signedInUser(t);
  expect(await setOperatorRole(t.database.db, user.username, true, '测试授予')).toEqual({ username: user.username, changed: true });
  return { ...user, id: await idOf(user.username) };
}

const confirm = (cookie: string, password = STRONG_PASSWORD) => call('POST', '/api/admin/confirm', cookie, { password });

/** Every /api/admin call the console has today, with a body that would be valid. */
const CALLS: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; changes: boolean }[] = [
  { method: 'POST', url: '/api/admin/confirm', payload: { password: STRONG_PASSWORD }, changes: false },
  { method: 'GET', url: '/api/admin/session', changes: false },
  { method: 'GET', url: '/api/admin/audit', changes: false },
  { method: 'GET', url: '/api/admin/users?q=a', changes: false },
  { method: 'POST', url: '/api/admin/users/1/coins', payload: { delta: 5, reason: '补偿测试' }, changes: true },
  { method: 'POST', url: '/api/admin/users/1/lock', payload: { locked: true, reason: '违规测试' }, changes: true },
  { method: 'POST', url: '/api/admin/users/1/sessions/end', payload: { reason: '安全测试' }, changes: true },
  { method: 'GET', url: '/api/admin/tasks?status=failed', changes: false },
  { method: 'GET', url: '/api/admin/stats', changes: false },
  { method: 'GET', url: '/api/admin/articles', changes: false },
  { method: 'GET', url: '/api/admin/showcase', changes: false },
  { method: 'PUT', url: '/api/admin/showcase/c7a1e4b2d9f84e6a9b3c5d2e1f0a8b7c', payload: { articleId: null, reason: '恢复默认' }, changes: true },
  { method: 'POST', url: '/api/admin/articles/abc/hide', payload: { hidden: true, reason: '隐藏测试' }, changes: true },
  { method: 'GET', url: '/api/admin/feedback', changes: false },
  { method: 'GET', url: '/api/admin/providers', changes: false },
  { method: 'PUT', url: '/api/admin/providers/llm', payload: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, changes: true },
  { method: 'POST', url: '/api/admin/tasks/abc/retry', payload: { reason: '重试测试' }, changes: true },
  { method: 'POST', url: '/api/admin/tasks/abc/cancel', payload: { reason: '取消测试' }, changes: true },
  { method: 'GET', url: '/api/admin/users/1', changes: false },
  { method: 'POST', url: '/api/admin/users/1/pro', payload: { action: 'grant', days: 30, reason: '活动赠送' }, changes: true },
  { method: 'POST', url: '/api/admin/users/1/pro', payload: { action: 'end', reason: '违规使用' }, changes: true },
];

describe('who may call /api/admin', () => {
  it('answers 401 without a session and 403 to a user who is not an operator, for every call, changing nothing', async () => {
    const user = await signedInUser(t);
    const auditBefore = await t.database.db.$count(adminAudit);
    for (const { method, url, payload } of CALLS) {
      const anonymous = await call(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe('请先登录');
      const plain = await call(method, url, user.cookie, payload);
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(plain.json().message).toBe(NOT_OPERATOR);
    }
    expect(await t.database.db.$count(adminAudit)).toBe(auditBefore);
  });

  it('asks an operator for the password before any state-changing call, and again after 15 minutes', async () => {
    const op = await operator();
    const target = await signedInUser(t);
    const targetId = await idOf(target.username);
    for (const { method, url, payload, changes } of CALLS.filter((c) => c.changes)) {
      const res = await call(method, url.replace('/users/1/', `/users/${targetId}/`), op.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ message: CONFIRM_REQUIRED, confirmRequired: true });
      expect(changes).toBe(true);
    }
    const wrong = await confirm(op.cookie, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('密码错误');

    expect((await call('GET', '/api/admin/session', op.cookie)).json()).toEqual({ success: true, data: { username: op.username, confirmedUntil: null } });
    const ok = await confirm(op.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/session', op.cookie)).json().data.confirmedUntil).toBe(ok.json().confirmedUntil);
    // The signed-in user object names the role, so the web shows the console's link.
    expect((await call('GET', '/api/account/user/me', op.cookie)).json().user.role).toBe('operator');
    const until = new Date(ok.json().confirmedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const adjusted = await call('POST', `/api/admin/users/${targetId}/coins`, op.cookie, { delta: 3, reason: '活动补偿' });
    expect(adjusted.statusCode).toBe(200);

    // Sixteen minutes later the confirmation has lapsed.
    await t.database.db.update(sessions).set({ confirmedAt: sql`now() - interval '16 minutes'` }).where(eq(sessions.userId, op.id));
    const late = await call('POST', `/api/admin/users/${targetId}/coins`, op.cookie, { delta: 3, reason: '活动补偿' });
    expect(late.statusCode).toBe(403);
    expect(late.json().confirmRequired).toBe(true);
  });

  it('a confirmation belongs to its session: another session of the same operator must confirm too', async () => {
    const op = await operator();
    expect((await confirm(op.cookie)).statusCode).toBe(200);
    const { cookie: second } = await loginViaHttp(t, op.username);
    const res = await call('POST', `/api/admin/users/${op.id}/sessions/end`, second, { reason: '换设备' });
    expect(res.statusCode).toBe(403);
    expect(res.json().confirmRequired).toBe(true);
  });

  it('the role is granted and ended from the command line only, each time written to the audit log', async () => {
    const user = await signedInUser(t);
    expect(await setOperatorRole(t.database.db, user.username.toUpperCase(), true, '新同事')).toEqual({ username: user.username, changed: true });
    expect(await setOperatorRole(t.database.db, user.username, true, '重复')).toEqual({ username: user.username, changed: false });
    expect((await call('GET', '/api/admin/audit', user.cookie)).statusCode).toBe(200);
    expect(await setOperatorRole(t.database.db, user.username, false, '离职')).toEqual({ username: user.username, changed: true });
    expect((await call('GET', '/api/admin/audit', user.cookie)).statusCode).toBe(403);
    expect(await setOperatorRole(t.database.db, 'no-such-user-x', true, '无')).toBeNull();
    const id = await idOf(user.username);
    const entries = await t.database.db.select().from(adminAudit).where(eq(adminAudit.target, `user:${id}`));
    expect(entries.map((e) => [e.operator, e.action, e.reason])).toEqual([
      ['cli', 'operator.grant', '新同事'],
      ['cli', 'operator.revoke', '离职'],
    ]);
  });
});

describe('operator actions on users', () => {
  let op: User & { id: number };
  beforeAll(async () => {
    op = await operator();
    expect((await confirm(op.cookie)).statusCode).toBe(200);
  });

  it('finds users by part of a username, phone or e-mail, with contacts masked', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    await t.database.db.update(users).set({ phone: '13912345678', email: `zhang-${id}@example.com` }).where(eq(users.id, id));
    for (const q of [target.username.slice(2, 10), '912345', `zhang-${id}@`]) {
      const res = await call('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, op.cookie);
      expect(res.statusCode).toBe(200);
      const found = res.json().data.find((u: { userId: number }) => u.userId === id);
      expect(found, q).toMatchObject({ username: target.username, phoneMasked: '139****5678', emailMasked: 'z***@example.com', userType: 'basic', locked: false });
      expect(JSON.stringify(res.json())).not.toContain('13912345678');
    }
    // LIKE's wildcards are searched as text.
    const wild = await call('GET', '/api/admin/users?q=%25', op.cookie);
    expect(wild.json().data).toEqual([]);
    const bad = await call('GET', '/api/admin/users?page=0', op.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('页码有误');
  });

  it('adjusts coins with a ledger entry and an audit entry; a repeated click counts once; a balance never goes below zero', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    const [before] = await t.database.db.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, id));
    const requestId = randomUUID();
    const body = { delta: 120, reason: '直播活动奖励', requestId };
    const [a, b] = await Promise.all([call('POST', `/api/admin/users/${id}/coins`, op.cookie, body), call('POST', `/api/admin/users/${id}/coins`, op.cookie, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.coinBalance).toBe(before!.coinBalance + 120);
    expect(b.json().data.coinBalance).toBe(before!.coinBalance + 120);
    const ledger = await t.database.db.select().from(coinLedger).where(and(eq(coinLedger.userId, id), eq(coinLedger.kind, 'adjustment')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 120, reason: '直播活动奖励' });
    const audit = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.target, `user:${id}`), eq(adminAudit.action, 'user.coins')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: op.username, operatorId: op.id, before: { coinBalance: before!.coinBalance }, after: { coinBalance: before!.coinBalance + 120, delta: 120 } });

    const tooMuch = await call('POST', `/api/admin/users/${id}/coins`, op.cookie, { delta: -(before!.coinBalance + 121), reason: '回收' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('余额不能为负');
    for (const [payload, message] of [
      [{ delta: 0, reason: '无' + '效' }, '调整数量不能为0'],
      [{ delta: 1.5, reason: '小数测试' }, '调整数量必须是整数'],
      [{ delta: '10', reason: '字符串' }, '调整数量必须是整数'],
      [{ delta: 10 }, '请填写操作原因'],
      [{ delta: 10, reason: ' ' }, '请填写操作原因（至少2个字）'],
    ] as const) {
      const res = await call('POST', `/api/admin/users/${id}/coins`, op.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('POST', '/api/admin/users/999999999/coins', op.cookie, { delta: 1, reason: '不存在' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/users/abc/coins', op.cookie, { delta: 1, reason: '不存在' })).statusCode).toBe(404);
    const [after] = await t.database.db.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, id));
    expect(after!.coinBalance).toBe(before!.coinBalance + 120);
  });

  it('locks an account: its sessions end, it cannot sign in; unlocking lets it back; an operator cannot lock themself', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    const lock = await call('POST', `/api/admin/users/${id}/lock`, op.cookie, { locked: true, reason: '批量注册' });
    expect(lock.statusCode).toBe(200);
    expect((await call('GET', '/api/account/user/me', target.cookie)).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account/user/verify', payload: { username: target.username, password: STRONG_PASSWORD }, headers: { 'x-forwarded-for': '10.9.8.7' } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message ?? signIn.json().msg).toBe(ACCOUNT_LOCKED);
    // A wrong password still says only that it is wrong: the lock is not told to a guesser.
    const guess = await t.app.inject({ method: 'POST', url: '/api/account/user/verify', payload: { username: target.username, password: 'Wrong#2025x' }, headers: { 'x-forwarded-for': '10.9.8.6' } });
    expect(guess.statusCode).toBe(401);

    const listed = await call('GET', `/api/admin/users?q=${encodeURIComponent(target.username)}`, op.cookie);
    expect(listed.json().data[0]).toMatchObject({ userId: id, locked: true });
    expect((await call('POST', `/api/admin/users/${id}/lock`, op.cookie, { locked: false, reason: '申诉通过' })).statusCode).toBe(200);
    expect((await loginViaHttp(t, target.username)).cookie).toBeTruthy();

    const self = await call('POST', `/api/admin/users/${op.id}/lock`, op.cookie, { locked: true, reason: '误操作' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('不能锁定自己的账号');
    const actions = await t.database.db.select({ action: adminAudit.action, reason: adminAudit.reason }).from(adminAudit).where(eq(adminAudit.target, `user:${id}`));
    expect(actions).toEqual([
      { action: 'user.lock', reason: '批量注册' },
      { action: 'user.unlock', reason: '申诉通过' },
    ]);
  });

  it('ends all sessions of a user', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    const res = await call('POST', `/api/admin/users/${id}/sessions/end`, op.cookie, { reason: '账号疑似被盗' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/account/user/me', target.cookie)).statusCode).toBe(401);
  });

  it('shows the audit log newest first, and the log cannot be rewritten or emptied', async () => {
    const res = await call('GET', '/api/admin/audit', op.cookie);
    expect(res.statusCode).toBe(200);
    const { data, page, totalPages } = res.json();
    expect(page).toBe(1);
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(Object.keys(data[0]).sort()).toEqual(['action', 'after', 'at', 'before', 'operator', 'reason', 'target']);
    expect(data.find((e: { action: string }) => e.action === 'user.coins')).toMatchObject({ operator: op.username, before: { coinBalance: expect.any(Number) }, after: { delta: 120 } });
    const times = data.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    await expect(t.database.db.update(adminAudit).set({ reason: '改掉' })).rejects.toThrow();
    await expect(t.database.db.delete(adminAudit)).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE admin_audit`)).rejects.toThrow();
  });
});
