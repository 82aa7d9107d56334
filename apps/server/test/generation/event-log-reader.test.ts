import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventLogReader } from '../../src/generation/event-log-reader.js';
import type { ProgressEvent } from '../../src/generation/events.js';
import { generationEvents, generationTasks } from '../../src/generation/tables.js';
import { users } from '../../src/accounts/tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db.insert(users).values({ deepspaceId: Date.now(), username: `log_${randomBytes(3).toString('hex')}`, passwordHash: 'x' }).returning();
  userId = user!.id;
});
afterAll(() => database.close());

async function taskWithEvents(count: number): Promise<number> {
  const [task] = await database.db
    .insert(generationTasks)
    .values({ taskId: randomBytes(12).toString('hex'), articleId: randomBytes(12).toString('hex'), userId, advanced: false, topic: '日志', request: {}, holdCoins: 0 })
    .returning();
  await addEvents(task!.id, 1, count);
  return task!.id;
}

async function addEvents(taskId: number, from: number, to: number): Promise<void> {
  const rows = [];
  for (let seq = from; seq <= to; seq += 1) rows.push({ taskId, seq, type: 'progress', currentStep: 'write_sections', details: { progress: seq } });
  await database.db.insert(generationEvents).values(rows);
}

function follower(startAt: number) {
  let last = startAt;
  const got: number[] = [];
  const objects: ProgressEvent[] = [];
  return {
    got,
    objects,
    lastSeq: () => last,
    deliver: (event: ProgressEvent) => {
      if (event.seq <= last) return;
      last = event.seq;
      got.push(event.seq);
      objects.push(event);
    },
    fail: vi.fn(),
  };
}

describe('EventLogReader', () => {
  it('reads a task’s log once per interval for all its followers, from the oldest position among them', async () => {
    const taskId = await taskWithEvents(5);
    const reader = new EventLogReader(database.db, 20);
    const select = vi.spyOn(database.db, 'select');
    const followers = Array.from({ length: 50 }, (_, i) => follower(i % 5));
    const since = Date.now();
    const stops = followers.map((f) => reader.follow(taskId, f));
    await vi.waitFor(() => expect(followers.every((f) => f.got.at(-1) === 5)).toBe(true));
    // Each follower got exactly what it lacked, in order, as the same objects as the others.
    for (const [i, f] of followers.entries()) expect(f.got).toEqual([1, 2, 3, 4, 5].slice(i % 5));
    expect(followers[0]!.objects[4]).toBe(followers[49]!.objects[4 - (49 % 5)]);
    // One read per interval for the task, however many follow it (one per follower would be 50).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(select.mock.calls.length).toBeLessThanOrEqual(Math.ceil((Date.now() - since) / 20) + 1);
    expect(select.mock.calls.length).toBeLessThan(followers.length);

    await addEvents(taskId, 6, 7);
    await vi.waitFor(() => expect(followers.every((f) => f.got.at(-1) === 7)).toBe(true));
    expect(reader.size).toBe(1);

    for (const stop of stops) stop();
    expect(reader.size).toBe(0);
    const readsAtStop = select.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(select.mock.calls.length).toBe(readsAtStop);
    expect(followers.some((f) => f.fail.mock.calls.length > 0)).toBe(false);
    select.mockRestore();
  });

  it('keeps following for the followers that remain, and tells each follower when the log cannot be read', async () => {
    const taskId = await taskWithEvents(2);
    const reader = new EventLogReader(database.db, 20);
    const leaving = follower(0);
    const staying = follower(0);
    const stopLeaving = reader.follow(taskId, leaving);
    const stopStaying = reader.follow(taskId, staying);
    await vi.waitFor(() => expect(staying.got).toEqual([1, 2]));
    stopLeaving();
    await addEvents(taskId, 3, 3);
    await vi.waitFor(() => expect(staying.got).toEqual([1, 2, 3]));
    expect(leaving.got).toEqual([1, 2]);

    const select = vi.spyOn(database.db, 'select').mockImplementation(() => {
      throw new Error('database away');
    });
    await vi.waitFor(() => expect(staying.fail).toHaveBeenCalled());
    select.mockRestore();
    stopStaying();
    expect(reader.size).toBe(0);
  });
});
