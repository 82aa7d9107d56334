import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import type { ProgressEvent } from './events.js';
import { generationEvents } from './tables.js';

export function eventFromRow(row: typeof generationEvents.$inferSelect): ProgressEvent {
  return { seq: row.seq, type: row.type as ProgressEvent['type'], currentStep: row.currentStep, details: row.details as Record<string, unknown> };
}

export interface EventLogFollower {
  /** The newest event this follower has; the reader fetches only what comes after. */
  lastSeq(): number;
  deliver(event: ProgressEvent): void;
  /** The log could not be read: the follower ends (its client reconnects with Last-Event-ID). */
  fail(error: unknown): void;
}

interface Followed {
  followers: Set<EventLogFollower>;
  timer: NodeJS.Timeout | null;
}

/**
 * Reads a task's event log once per interval for every stream of it in this process: a thousand
 * streams of one task cost one query a second, not a thousand. Streams need it where the bus may
 * miss events (another process publishes, Redis drops a message); each follower filters what it
 * already has.
 */
export class EventLogReader {
  private readonly tasks = new Map<number, Followed>();

  constructor(
    private readonly db: Db,
    private readonly everyMs = 1000,
  ) {}

  /** Starts following a task (its numeric id); the returned function stops. */
  follow(taskId: number, follower: EventLogFollower): () => void {
    let followed = this.tasks.get(taskId);
    if (!followed) {
      followed = { followers: new Set(), timer: null };
      this.tasks.set(taskId, followed);
    }
    followed.followers.add(follower);
    this.schedule(taskId, followed);
    return () => {
      followed.followers.delete(follower);
      if (followed.followers.size > 0 || this.tasks.get(taskId) !== followed) return;
      if (followed.timer) clearTimeout(followed.timer);
      this.tasks.delete(taskId);
    };
  }

  /** Tasks followed right now (tests). */
  get size(): number {
    return this.tasks.size;
  }

  private schedule(taskId: number, followed: Followed): void {
    if (followed.timer || followed.followers.size === 0) return;
    followed.timer = setTimeout(() => void this.read(taskId, followed), this.everyMs);
  }

  private async read(taskId: number, followed: Followed): Promise<void> {
    const followers = [...followed.followers];
    if (followers.length > 0) {
      const after = Math.min(...followers.map((follower) => follower.lastSeq()));
      try {
        const rows = await this.db
          .select()
          .from(generationEvents)
          .where(and(eq(generationEvents.taskId, taskId), gt(generationEvents.seq, after)))
          .orderBy(asc(generationEvents.seq));
        const events = rows.map(eventFromRow);
        for (const follower of followers) for (const event of events) follower.deliver(event);
      } catch (error) {
        for (const follower of followers) follower.fail(error);
      }
    }
    followed.timer = null;
    if (this.tasks.get(taskId) === followed) this.schedule(taskId, followed);
  }
}
