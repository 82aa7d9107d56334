import { eq } from 'drizzle-orm';
import type { Agents } from '../../src/generation/agents/types.js';
import { generationTasks } from '../../src/generation/tables.js';
import type { TestApp } from './app.js';
import { post } from './accounts.js';

export const GUIDED = { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 800, platform: 'wechat' };

export function generate(t: TestApp, cookie: string, body: Record<string, unknown>) {
  return post(t, '/api/v1/articles/generate', { advanced_mode: false, connection_id: null, ...body }, cookie);
}

/** Waits until a task reaches a final state (or the time runs out) and answers its row. */
export async function waitForTask(t: TestApp, taskId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [task] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    if (task && ['completed', 'error', 'cancelled'].includes(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task?.status} at ${task?.currentStep}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A gate a test opens when it wants the pipeline to go on. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Wraps agents so a test can count calls, hold a stage, or make it fail. */
export function instrument(base: Agents, hooks: Partial<Record<keyof Agents, (call: number) => Promise<void> | void>> = {}) {
  const calls: Record<string, number> = {};
  const wrapped = Object.create(base) as Agents;
  for (const name of ['analyzeTopic', 'extractStyle', 'outline', 'writeSection', 'planImages', 'combine', 'optimizeSeo'] as const) {
    (wrapped as unknown as Record<string, unknown>)[name] = async (input: unknown) => {
      calls[name] = (calls[name] ?? 0) + 1;
      await hooks[name]?.(calls[name]!);
      return (base[name] as (input: unknown) => Promise<unknown>).call(base, input);
    };
  }
  return { agents: wrapped, calls };
}
