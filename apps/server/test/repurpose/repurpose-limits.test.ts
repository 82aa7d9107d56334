import { repurposeCostCoins } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { generationTasks } from '../../src/generation/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { CYCLING } from './source-articles.js';

/*
 * A repurpose is held to generate's limits by the same transaction (startTask): two running tasks
 * at most, and a cancelled task gives its coins back. This app only enqueues (no worker), so the
 * tasks stay queued while the test looks at them.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
const SOURCE = 'limits-source-1';

const balance = async () => (await t.database.db.select().from(users).where(eq(users.username, alice.username)))[0]!.coinBalance;
const repurpose = (platform: string) => post(t, `/api/v1/articles/${SOURCE}/repurpose`, { platform }, alice.cookie);

beforeAll(async () => {
  t = await createTestApp({}, { generation: { runWorker: false } });
  alice = await signedInUser(t);
  const [row] = await t.database.db.select().from(users).where(eq(users.username, alice.username));
  await t.database.db.insert(articles).values({ articleId: SOURCE, userId: row!.id, title: CYCLING.title, content: CYCLING.content });
});
afterAll(() => t.close());

describe('a repurpose under generate’s limits', () => {
  it('allows two running tasks, not three (生成次数), and a cancel gives the coins back', async () => {
    const price = repurposeCostCoins(t.config.generation.costCoins);
    const first = await repurpose('xiaohongshu');
    const second = await repurpose('zhihu');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await balance()).toBe(300 - 2 * price);
    const third = await repurpose('toutiao');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status: 'error', code: 1006 });
    expect(third.json().message).toContain('生成次数超限');
    expect(await balance()).toBe(300 - 2 * price);

    const taskId = first.json().task_id as string;
    const cancel = await post(t, `/api/v1/articles/${taskId}/cancel`, {}, alice.cookie);
    expect(cancel.statusCode).toBe(200);
    const [task] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    expect(task).toMatchObject({ status: 'cancelled', currentStep: 'error' });
    expect(await balance()).toBe(300 - price);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    // The cancelled slot is free again.
    expect((await repurpose('video_script')).statusCode).toBe(200);
  });
});
