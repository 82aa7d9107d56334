import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { CONFIRM_REQUIRED, NOT_OPERATOR } from '../../src/admin/operator-guard.js';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { maskIp } from '../../src/admin/user-detail.js';
import { articles } from '../../src/articles/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, sessionCookie, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

let t: TestApp;
beforeAll(async () => {
  // The test signs many users in: each from its own address (X-Forwarded-For), as the other admin tests do.
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

const idOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

async function operator(confirmed = true): Promise<User & { id: number }> {
  const user = await signedInUser(t);
  await setOperatorRole(t.database.db, user.username, true, '测试授予');
  if (confirmed) expect((await call('POST', '/api/admin/confirm', user.cookie, { password: STRONG_PASSWORD })).statusCode).toBe(200);
  return { ...user, id: await idOf(user.username) };
}

/** Signs in from a given address and browser, as a second device would. */
async function signInFrom(username: string, ip: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/account/user/verify', payload: { username, password: STRONG_PASSWORD }, headers: { 'x-forwarded-for': ip, 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

const auditOf = (id: number, action: string) =>
  t.database.db.select().from(adminAudit).where(and(eq(adminAudit.target, `user:${id}`), eq(adminAudit.action, action))).orderBy(adminAudit.id);

describe('masking a session address', () => {
  it('keeps the network: two parts of IPv4, three groups of IPv6', () => {
    expect(maskIp('203.0.113.45')).toBe('203.0.*.*');
    expect(maskIp('::ffff:10.1.2.3')).toBe('10.1.*.*');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:*');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:0:*');
    expect(maskIp('::1')).toBe('0:0:0:*');
    expect(maskIp('fe80::1%eth0')).toBe('fe80:0:0:*');
    expect(maskIp('not an address')).toBe('***');
    expect(maskIp(null)).toBeNull();
  });
});

describe('GET /api/admin/users/{userId}', () => {
  it('answers a user’s account with full contacts, ledger, orders, articles, sessions (addresses masked) and owed coins; the look is audited once', async () => {
    const op = await operator();
    const writer = await signedInUser(t);
    const id = await idOf(writer.username);
    await t.database.db.update(users).set({ phone: '13912345678', email: `detail-${id}@example.com` }).where(eq(users.id, id));

    const task = (await generate(t, writer.cookie, { topic: '新手如何开始跑步', settings: GUIDED })).json();
    expect((await waitForTask(t, task.task_id)).status).toBe('completed');
    await t.database.db.update(articles).set({ isPublic: true }).where(eq(articles.articleId, task.article_id));
    const order = (await createOrderViaHttp(t, writer.cookie, 3000, 0)).json();
    expect((await post(t, `/api/account/pay/sandbox/${order.outTradeNo}/confirm`, {}, writer.cookie)).statusCode).toBe(200);
    // Spent down to nothing, then refunded in full: the coins the order gave are owed.
    const [{ coinBalance }] = (await t.database.db.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, id))) as [{ coinBalance: number }];
    expect((await call('POST', `/api/admin/users/${id}/coins`, op.cookie, { delta: -coinBalance, reason: '清零测试' })).statusCode).toBe(200);
    const refund = await call('POST', `/api/admin/orders/${order.outTradeNo}/refund`, op.cookie, { amountFen: 3000, reason: '用户申请退款' });
    expect(refund.statusCode, refund.body).toBe(200);

    await signInFrom(writer.username, '203.0.113.45', 'Mozilla/5.0 (iPhone) Test');
    await signInFrom(writer.username, '2001:db8:85a3::8a2e:370:7334', 'Mozilla/5.0 (Windows) Test');

    const res = await call('GET', `/api/admin/users/${id}`, op.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.user).toMatchObject({
      userId: id,
      username: writer.username,
      phone: '13912345678',
      email: `detail-${id}@example.com`,
      userType: 'basic',
      level: 0,
      subscriptionExpiry: null,
      coinBalance: 0,
      locked: false,
      lockedAt: null,
      role: null,
    });
    expect(Object.keys(data).sort()).toEqual(['articles', 'coinsOwed', 'ledger', 'orders', 'sessions', 'user']);

    const kinds = data.ledger.map((row: { kind: string }) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['registration_gift', 'hold', 'purchase', 'adjustment']));
    expect(data.ledger[0]).toMatchObject({ kind: 'adjustment', reason: '清零测试', delta: -coinBalance, balanceAfter: 0 });
    const purchase = data.ledger.find((row: { kind: string }) => row.kind === 'purchase');
    expect(purchase).toMatchObject({ ref: order.outTradeNo, delta: expect.any(Number), balanceAfter: expect.any(Number), at: expect.any(String) });
    const times = data.ledger.map((row: { at: string }) => Date.parse(row.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(data.orders).toEqual([{ outTradeNo: order.outTradeNo, amountFen: 3000, coins: purchase.delta, status: 'paid', paidAt: expect.any(String), refundedFen: 3000 }]);
    expect(data.coinsOwed).toBe(purchase.delta);
    expect(data.articles).toEqual([{ articleId: task.article_id, title: expect.any(String), wordCount: expect.any(Number), createdAt: expect.any(String), isPublic: true, hidden: false }]);
    expect(data.articles[0].wordCount).toBeGreaterThan(0);

    const devices = data.sessions.filter((s: { userAgent: string | null }) => s.userAgent?.endsWith(' Test'));
    expect(devices.map((s: { ip: string; userAgent: string }) => [s.ip, s.userAgent]).sort()).toEqual([
      ['2001:db8:85a3:*', 'Mozilla/5.0 (Windows) Test'],
      ['203.0.*.*', 'Mozilla/5.0 (iPhone) Test'],
    ]);
    expect(Object.keys(devices[0]).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'ip', 'lastSeenAt', 'userAgent']);
    expect(res.body).not.toContain('203.0.113.45');
    expect(res.body).not.toContain('8a2e');
    expect(res.body).not.toMatch(/token/i);

    // The look is in the audit log, without the contacts; a reload within minutes is not another look.
    expect((await call('GET', `/api/admin/users/${id}`, op.cookie)).statusCode).toBe(200);
    const views = await auditOf(id, 'user.view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ operator: op.username, operatorId: op.id, reason: '查看用户详情', before: null, after: null });
    // Another operator's look is theirs to answer for.
    const other = await operator(false);
    expect((await call('GET', `/api/admin/users/${id}`, other.cookie)).statusCode).toBe(200);
    expect(await auditOf(id, 'user.view')).toHaveLength(2);
  });

  it('answers 404 in Chinese for a user who does not exist', async () => {
    const op = await operator(false);
    for (const url of ['/api/admin/users/999999999', '/api/admin/users/abc']) {
      const res = await call('GET', url, op.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('未找到该用户');
    }
  });

  it('answers 401 without a session and 403 to a user who is not an operator', async () => {
    const plain = await signedInUser(t);
    const id = await idOf(plain.username);
    const anonymous = await call('GET', `/api/admin/users/${id}`);
    expect(anonymous.statusCode).toBe(401);
    const refused = await call('GET', `/api/admin/users/${id}`, plain.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_OPERATOR);
    expect(refused.body).not.toContain(plain.phoneNumber);
  });
});

describe('POST /api/admin/users/{userId}/pro', () => {
  let op: User & { id: number };
  beforeAll(async () => {
    op = await operator();
  });

  const me = async (cookie: string) => (await call('GET', '/api/account/user/me', cookie)).json().user;
  const expiryOf = async (id: number) => (await t.database.db.select({ at: users.subscriptionExpiry }).from(users).where(eq(users.id, id)))[0]!.at;
  const DAY = 86_400_000;

  it('wants the password confirmed, and refuses non-operators', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    const unconfirmed = await operator(false);
    const res = await call('POST', `/api/admin/users/${id}/pro`, unconfirmed.cookie, { action: 'grant', days: 30, reason: '活动赠送' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CONFIRM_REQUIRED, confirmRequired: true });
    expect((await call('POST', `/api/admin/users/${id}/pro`, target.cookie, { action: 'grant', days: 30, reason: '自己开通' })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/users/${id}/pro`, undefined, { action: 'grant', days: 30, reason: '匿名开通' })).statusCode).toBe(401);
    expect((await me(target.cookie)).userType).toBe('basic');
  });

  it('grants 30 days (Pro at once), extends from the current expiry, and ends it; each audited with before and after; no coins move', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    const coinsBefore = (await me(target.cookie)).userAuth.coinBalance;
    expect(coinsBefore).toBeGreaterThan(0);

    const grant = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'grant', days: 30, reason: '活动赠送' });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().data).toMatchObject({ userType: 'pro', level: 1 });
    expect((await me(target.cookie)).userType).toBe('pro');
    const first = (await expiryOf(id))!.getTime();
    expect(first - Date.now()).toBeGreaterThan(30 * DAY - 60_000);
    expect(first - Date.now()).toBeLessThanOrEqual(30 * DAY + 1000);

    const again = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'grant', days: 10, reason: '补偿延长' });
    expect(again.statusCode).toBe(200);
    expect((await expiryOf(id))!.getTime() - first).toBe(10 * DAY);
    expect(Date.parse(again.json().data.subscriptionExpiry)).toBe(first + 10 * DAY);

    const end = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'end', reason: '违规使用' });
    expect(end.statusCode).toBe(200);
    expect(end.json().data).toMatchObject({ userType: 'basic', level: 1 });
    expect((await me(target.cookie)).userType).toBe('basic');
    expect((await me(target.cookie)).userAuth.coinBalance).toBe(coinsBefore);
    expect((await expiryOf(id))!.getTime()).toBeLessThanOrEqual(Date.now());

    const ended = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'end', reason: '重复结束' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('该用户当前不是高级版，无需结束');

    const grants = await auditOf(id, 'user.pro.grant');
    expect(grants.map((entry) => entry.reason)).toEqual(['活动赠送', '补偿延长']);
    expect(grants[0]).toMatchObject({ operator: op.username, operatorId: op.id, before: { level: 0, subscriptionExpiry: null }, after: { level: 1, days: 30 } });
    expect(Date.parse((grants[0]!.after as { subscriptionExpiry: string }).subscriptionExpiry)).toBe(first);
    expect(grants[1]!.before).toEqual({ level: 1, subscriptionExpiry: new Date(first).toISOString() });
    const ends = await auditOf(id, 'user.pro.end');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ reason: '违规使用', before: { level: 1, subscriptionExpiry: new Date(first + 10 * DAY).toISOString() }, after: { level: 1 } });

    // A lapsed subscription is granted from now, not from its old expiry.
    const regrant = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'grant', days: 1, reason: '重新开通' });
    expect(regrant.statusCode).toBe(200);
    expect((await expiryOf(id))!.getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
  });

  it('does not give an end to Pro that has none', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    await t.database.db.update(users).set({ level: 1, subscriptionExpiry: null }).where(eq(users.id, id));
    const res = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, { action: 'grant', days: 30, reason: '误操作' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该用户的高级版没有到期时间，无需延长');
  });

  it('refuses bad input in Chinese and an unknown user with 404', async () => {
    const target = await signedInUser(t);
    const id = await idOf(target.username);
    for (const [payload, message] of [
      [{ action: 'grant', days: 0, reason: '测试天数' }, '天数必须是1到366之间的整数'],
      [{ action: 'grant', days: 367, reason: '测试天数' }, '天数必须是1到366之间的整数'],
      [{ action: 'grant', days: 1.5, reason: '测试天数' }, '天数必须是1到366之间的整数'],
      [{ action: 'grant', days: '30', reason: '测试天数' }, '天数必须是1到366之间的整数'],
      [{ action: 'grant', reason: '测试天数' }, '天数必须是1到366之间的整数'],
      [{ action: 'grant', days: 30 }, '请填写操作原因'],
      [{ action: 'end', reason: ' ' }, '请填写操作原因（至少2个字）'],
      [{ action: 'renew', reason: '测试动作' }, 'action 只能是 grant（开通或延长）或 end（结束）'],
      [{}, 'action 只能是 grant（开通或延长）或 end（结束）'],
    ] as const) {
      const res = await call('POST', `/api/admin/users/${id}/pro`, op.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await auditOf(id, 'user.pro.grant')).toEqual([]);
    const missing = await call('POST', '/api/admin/users/999999999/pro', op.cookie, { action: 'grant', days: 30, reason: '不存在' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('未找到该用户');
  });
});
