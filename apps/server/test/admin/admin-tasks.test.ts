import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { coinHolds } from '../../src/billing/tables.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { generationTasks } from '../../src/generation/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { STRONG_PASSWORD } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, gate, generate, instrument, waitForTask } from '../helpers/generation.js';

/** The outline of the first task fails; the second and third tasks' wait at gates the tests open. */
const outlineGate = gate();
const cancelGate = gate();
const { agents } = instrument(new OfflineComposer(), {
  outline: async (call) => {
    if (call === 1) throw new Error('the model went away');
    if (call === 2) await outlineGate.opened;
    if (call === 3) await cancelGate.opened;
  },
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({}, { generation: { agents } });
  const op = await signedInUser(t);
  await setOperatorRole(t.database.db, op.username, true, '测试');
  cookie = op.cookie;
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/confirm', headers: { cookie }, payload: { password: STRONG_PASSWORD } });
  expect(confirmed.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const balanceOf = async (userId: number) => (await t.database.db.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, userId)))[0]!.coinBalance;

describe('failed and running tasks in the console', () => {
  it('lists a failed task with its stage and error; retry runs it again as a new task, holding the coins again', async () => {
    const writer = await signedInUser(t);
    const res = await generate(t, writer.cookie, { topic: '如何安排一周的学习计划', settings: GUIDED });
    const failed = await waitForTask(t, res.json().task_id);
    expect(failed.status).toBe('error');
    const balanceAfterFailure = await balanceOf(failed.userId);

    const list = await get('/api/admin/tasks?status=failed');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((task: { taskId: string }) => task.taskId === failed.taskId);
    expect(row).toMatchObject({ userId: failed.userId, status: 'error', step: 'error', error: '生成过程出现错误，请稍后重试', topic: '如何安排一周的学习计划', stuck: false });
    expect(list.json().queue).toEqual({
      depth: expect.any(Number),
      byKind: { articles: { queued: expect.any(Number), running: expect.any(Number) }, knowledgeBuilds: { building: 0 }, wechatPublications: { due: 0, scheduled: 0 } },
    });

    // The second outline call waits at the gate, so the retried task is seen running first.
    const retried = await post(`/api/admin/tasks/${failed.taskId}/retry`, { reason: '模型故障后重试' });
    expect(retried.statusCode).toBe(200);
    const { taskId: newTaskId } = retried.json().data;
    expect(newTaskId).not.toBe(failed.taskId);
    expect(await balanceOf(failed.userId)).toBe(balanceAfterFailure - failed.holdCoins);
    const [hold] = await t.database.db.select().from(coinHolds).where(eq(coinHolds.ref, newTaskId));
    expect(hold).toMatchObject({ status: 'held', amount: failed.holdCoins });
    // A task that is not failed cannot be retried.
    const again = await post(`/api/admin/tasks/${newTaskId}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('只能重试失败的任务');

    const running = await get('/api/admin/tasks?status=running');
    expect(running.json().data.map((task: { taskId: string }) => task.taskId)).toContain(newTaskId);
    outlineGate.open();
    expect((await waitForTask(t, newTaskId)).status).toBe('completed');
    const audit = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'task.retry'), eq(adminAudit.target, `task:${failed.taskId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: '模型故障后重试', after: { taskId: newTaskId } });
  });

  it('cancels a running task and gives its reserved coins back, once', async () => {
    const writer = await signedInUser(t);
    // The task stays running while its outline waits at the gate.
    const res = await generate(t, writer.cookie, { topic: '周末带孩子去哪里玩', settings: GUIDED });
    const taskId = res.json().task_id as string;
    const [task] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    const before = await balanceOf(task!.userId);
    const [first, second] = await Promise.all([post(`/api/admin/tasks/${taskId}/cancel`, { reason: '用户来电要求取消' }), post(`/api/admin/tasks/${taskId}/cancel`, { reason: '用户来电要求取消' })]);
    cancelGate.open();
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ended = await waitForTask(t, taskId);
    expect(ended.status).toBe('cancelled');
    expect(await balanceOf(task!.userId)).toBe(before + task!.holdCoins);
  });

  it('refuses unknown filters, unknown tasks, and changes without a reason of at least two characters', async () => {
    expect((await get('/api/admin/tasks?status=everything')).json().message).toBe('status 只能是 failed、running 或 stuck');
    expect((await post('/api/admin/tasks/nope/retry')).statusCode).toBe(404);
    expect((await post('/api/admin/tasks/../../x/cancel')).statusCode).toBe(404);
    const short = await post('/api/admin/tasks/abc/cancel', { reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('请填写操作原因（至少2个字）');
  });
});
