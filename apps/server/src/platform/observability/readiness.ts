import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../db/index.js';
import { closeConnection, within } from '../redis.js';
import type { QueueProbe } from './queue-probe.js';

export type CheckName = 'database' | 'redis' | 'queue';
export type CheckState = 'ok' | 'skipped' | 'failed';

export interface Readiness {
  ok: boolean;
  checks: Record<CheckName, CheckState>;
}

const CHECK_WAIT_MS = 2000;

/**
 * Whether this process can serve: the database answers `select 1`, Redis answers PING (when
 * configured), and the queue answers (BullMQ: a job count over its own connection; in-process:
 * the runner is open). Checks run at once, each within a short timeout. The answer names only
 * the failing check; the reason goes to the log, never to the caller.
 */
export function createReadiness(deps: { db: Db; queue: QueueProbe; redisUrl?: string; logger: Logger }) {
  let redis: Redis | null = null;

  const checks: Record<CheckName, (() => Promise<unknown>) | null> = {
    database: () => queryRows(deps.db, sql`select 1`),
    redis: deps.redisUrl
      ? () => {
          // One connection for every probe, opened on the first; it reconnects by itself after an outage.
          if (!redis) {
            redis = new Redis(deps.redisUrl!, { connectionName: 'tianma-readyz', lazyConnect: true, maxRetriesPerRequest: 1 });
            redis.on('error', () => undefined); // failures surface through the PING below
          }
          return redis.ping();
        }
      : null,
    queue: () => deps.queue.depth(),
  };

  return {
    async check(): Promise<Readiness> {
      const entries = await Promise.all(
        (Object.keys(checks) as CheckName[]).map(async (name): Promise<[CheckName, CheckState]> => {
          const run = checks[name];
          if (!run) return [name, 'skipped'];
          try {
            await within(run(), CHECK_WAIT_MS, `the ${name} check`);
            return [name, 'ok'];
          } catch (error) {
            deps.logger.warn({ err: error, check: name }, 'readiness check failed');
            return [name, 'failed'];
          }
        }),
      );
      const result = Object.fromEntries(entries) as Record<CheckName, CheckState>;
      return { ok: entries.every(([, state]) => state !== 'failed'), checks: result };
    },
    async close(): Promise<void> {
      if (redis) await closeConnection(redis);
    },
  };
}
