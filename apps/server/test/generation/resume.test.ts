import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agents } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { executeTask } from '../../src/generation/execute-task.js';
import { sweepStaleTasks } from '../../src/generation/sweep-tasks.js';
import { generationStageOutputs, generationTasks } from '../../src/generation/tables.js';
import { InProcessTaskRunner } from '../../src/generation/task-runner.js';
import { users } from '../../src/accounts/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, gate, generate, instrument, waitForTask } from '../helpers/generation.js';

const hooks: Partial<Record<keyof Agents, (call: number) => Promise<void> | void>> = {};
const instrumented = instrument(new OfflineComposer(), hooks);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { generation: { agents: instrumented.agents } });
});
afterAll(() => t.close());

const taskRow = async (taskId: string) => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]!;

describe('resuming a task', () => {
  it('hands a running task back on shutdown and resumes it without redoing saved stages', async () => {
    // Its own app: this test stops the app's worker.
    const counted = instrument(new OfflineComposer(), hooks);
    const own = await createTestApp({ TRUST_PROXY: 'true' }, { generation: { agents: counted.agents } });
    const ownTask = async (taskId: string) => (await own.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]!;
    const hold = gate();
    hooks.combine = () => hold.opened;
    const user = await signedInUser(own);
    const { task_id: taskId } = (await generate(own, user.cookie, { topic: '可以恢复的任务', settings: { ...GUIDED, length: 1200 } })).json();
    await expect.poll(async () => (await ownTask(taskId)).currentStep, { timeout: 15_000 }).toBe('combine_sections');
    const sectionsWritten = counted.calls.writeSection ?? 0;
    expect(sectionsWritten).toBeGreaterThan(2);

    // The process stops: the task goes back to the queue with its saved stages.
    const closing = own.app.generation.queue.close();
    hold.open();
    await closing;
    expect((await ownTask(taskId)).status).toBe('queued');
    delete hooks.combine;

    // Another worker picks it up and finishes it.
    const runner = new InProcessTaskRunner(own.database.db, (task, signal) => executeTask(own.app.generation.pipeline, task, signal), own.logger);
    runner.pump();
    const task = await waitForTask(own, taskId);
    await runner.close();
    expect(task.status).toBe('completed');
    expect(task.attempts).toBe(2);
    expect(counted.calls.writeSection).toBe(sectionsWritten);
    const saved = await own.database.db.select({ key: generationStageOutputs.key }).from(generationStageOutputs).where(eq(generationStageOutputs.taskId, task.id));
    expect(saved.map((row) => row.key)).toEqual(expect.arrayContaining(['analysis', 'outline', 'section:0', 'combined']));
    const [owner] = await own.database.db.select().from(users).where(eq(users.username, user.username));
    expect(owner!.coinBalance).toBe(233);
    await own.close();
  });
});

describe('the task sweeper', () => {
  async function strandedTask(attempts: number) {
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: `无人处理的任务${attempts}`, settings: GUIDED })).json();
    await waitForTask(t, taskId);
    // Make it look as if a worker claimed it and then vanished.
    await t.database.db
      .update(generationTasks)
      .set({ status: 'running', attempts, heartbeatAt: sql`now() - interval '10 minutes'`, finishedAt: null })
      .where(eq(generationTasks.taskId, taskId));
    return { user, taskId };
  }

  it('requeues a task whose worker stopped answering', async () => {
    const { taskId } = await strandedTask(1);
    expect(await sweepStaleTasks({ db: t.database.db, bus: t.app.generation.bus })).toBeGreaterThanOrEqual(1);
    expect(['queued', 'running', 'completed']).toContain((await taskRow(taskId)).status);
    await waitForTask(t, taskId);
  });

  it('fails and refunds a task after three vanished workers', async () => {
    const user = await signedInUser(t);
    const hold = gate();
    hooks.analyzeTopic = () => hold.opened;
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '反复中断的任务', settings: GUIDED })).json();
    // Wait until the worker is parked inside the analysis: no progress write (which also beats the
    // heartbeat) comes after this point.
    await expect.poll(async () => (await taskRow(taskId)).currentStep).toBe('analyze_topic');
    await t.database.db
      .update(generationTasks)
      .set({ attempts: 3, heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(generationTasks.taskId, taskId));
    expect(await sweepStaleTasks({ db: t.database.db, bus: t.app.generation.bus })).toBeGreaterThanOrEqual(1);
    const task = await taskRow(taskId);
    expect(task).toMatchObject({ status: 'error', error: '生成服务多次中断，任务已结束并退回金币', currentStep: 'error' });
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    expect(owner!.coinBalance).toBe(300);
    hold.open();
    delete hooks.analyzeTopic;
    // The stranded worker finishing later changes nothing: the task stays failed and refunded once.
    const runner = t.app.generation.queue as InProcessTaskRunner;
    await expect.poll(() => runner.isRunning(taskId), { timeout: 10_000 }).toBe(false);
    expect((await taskRow(taskId)).status).toBe('error');
    const [after] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    expect(after!.coinBalance).toBe(300);
  });
});
