import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../src/admin/operators.js';
import { eq } from 'drizzle-orm';
import { users } from '../../src/accounts/tables.js';
import { beijingDay, statsRange } from '../../src/admin/stats.js';
import { adminDayRollups } from '../../src/admin/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

describe('the stats range', () => {
  const now = Date.parse('2026-11-26T20:30:00Z'); // already 27 November in Beijing

  it('defaults to the 30 Beijing days up to today', () => {
    const range = statsRange(undefined, undefined, now);
    expect(range).toMatchObject({ from: '2026-10-29', to: '2026-11-27' });
    expect(range.days).toHaveLength(30);
    expect(range.start.toISOString()).toBe('2026-10-28T16:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(beijingDay(now)).toBe('2026-11-27');
  });

  it('refuses malformed, impossible, reversed and too long ranges in Chinese', () => {
    expect(() => statsRange('2026-13-01', '2026-12-01')).toThrow('日期格式应为 YYYY-MM-DD');
    expect(() => statsRange('2026-02-30', '2026-03-01')).toThrow('日期格式应为 YYYY-MM-DD');
    expect(() => statsRange('20261101', '2026-11-02')).toThrow('日期格式应为 YYYY-MM-DD');
    expect(() => statsRange('2026-11-02', '2026-11-01')).toThrow('结束日期不能早于开始日期');
    expect(() => statsRange('2024-01-01', '2026-01-01')).toThrow('一次最多查看366天');
    expect(statsRange('2026-01-01', '2026-12-31').days).toHaveLength(365);
  });
});

describe('GET /api/admin/stats', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const op = await signedInUser(t);
    await setOperatorRole(t.database.db, op.username, true, '测试');
    cookie = op.cookie;
  });
  afterAll(() => t.close());

  it('counts today from the tables: sign-ups, tasks and their times, payments, coins and feedback', async () => {
    const writer = await signedInUser(t);
    const task = await generate(t, writer.cookie, { topic: '新手如何开始跑步', settings: GUIDED });
    const { task_id: taskId, article_id: articleId } = task.json();
    expect((await waitForTask(t, taskId)).status).toBe('completed');
    const order = (await createOrderViaHttp(t, writer.cookie, 3000, 0)).json();
    expect((await post(t, `/api/account/pay/sandbox/${order.outTradeNo}/confirm`, {}, writer.cookie)).statusCode).toBe(200);
    // ¥10 of it refunded by the operator (the sandbox refunds at once).
    expect((await post(t, '/api/admin/confirm', { password: STRONG_PASSWORD }, cookie)).statusCode).toBe(200);
    const refund = await post(t, `/api/admin/orders/${order.outTradeNo}/refund`, { amountFen: 1000, reason: '用户申请部分退款' }, cookie);
    expect(refund.json().data).toMatchObject({ status: 'refunded' });
    expect((await post(t, '/api/v1/feedback', { type: 'like', content: '结构清楚', articleId }, writer.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/v1/feedback', { type: 'dislike', content: '例子太少', articleId }, writer.cookie)).statusCode).toBe(200);

    const today = beijingDay();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${today}&to=${today}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.from).toBe(today);
    expect(data.days).toHaveLength(1);
    const day = data.days[0];
    expect(day).toMatchObject({ date: today, signups: 2, payingUsers: 1, tasksStarted: 1, tasksCompleted: 1, tasksFailed: 0, revenueFen: 3000, refundsFen: 1000, likes: 1, dislikes: 1 });
    expect(day.p50Ms).toBeGreaterThan(0);
    expect(day.p95Ms).toBeGreaterThanOrEqual(day.p50Ms);
    // Two registration gifts and the coin pack; the article's settled cost.
    expect(day.coinsIssued).toBeGreaterThan(300);
    expect(day.coinsSpent).toBeGreaterThan(0);
    // The offline writer calls no model.
    expect(day).toMatchObject({ llmTokens: 0, llmCostYuan: 0 });
    expect(data.usage.byModel).toEqual([{ model: 'offline', tasks: 1, tokens: 0, costYuan: 0 }]);
    expect(data.feedback).toEqual([{ platform: 'wechat', articleType: 'practical_guide', likes: 1, dislikes: 1 }]);
  });

  it('answers zeros for quiet days rather than leaving them out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats?from=2020-01-01&to=2020-01-03', headers: { cookie } });
    expect(res.json().data.days.map((d: { date: string; signups: number; p50Ms: number | null }) => [d.date, d.signups, d.p50Ms])).toEqual([
      ['2020-01-01', 0, null],
      ['2020-01-02', 0, null],
      ['2020-01-03', 0, null],
    ]);
  });

  it('keeps a past day once computed (a day that is over no longer changes) and computes today live', async () => {
    const yesterday = beijingDay(Date.now() - 86_400_000);
    const today = beijingDay();
    const someone = await signedInUser(t);
    // A sign-up of yesterday (moved back in time, as if it had happened then).
    await t.database.db.update(users).set({ createdAt: new Date(Date.parse(`${yesterday}T12:00:00+08:00`)) }).where(eq(users.username, someone.username));
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${yesterday}&to=${today}`, headers: { cookie } })).json().data.days;
    const first = await read();
    expect(first[0]).toMatchObject({ date: yesterday, signups: 1 });
    const [stored] = await t.database.db.select().from(adminDayRollups).where(eq(adminDayRollups.day, yesterday));
    expect(stored!.stats).toMatchObject({ figures: { signups: 1 } });
    expect(await t.database.db.select().from(adminDayRollups).where(eq(adminDayRollups.day, today))).toEqual([]);
    // Today is live: a new sign-up shows at once.
    const todayBefore = first[1].signups;
    await signedInUser(t);
    expect((await read())[1].signups).toBe(todayBefore + 1);
  });

  it('refuses a bad range with a Chinese message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats?from=2026-11-05&to=2026-11-01', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('结束日期不能早于开始日期');
  });
});
