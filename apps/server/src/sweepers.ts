import type { Logger } from 'pino';
import { deleteExpiredSessions } from './accounts/sessions.js';
import type { EventBus } from './generation/events.js';
import { recoveryTiming, sweepStaleTasks } from './generation/sweep-tasks.js';
import type { Db } from './platform/db/index.js';
import { startPeriodic } from './platform/periodic.js';
import { sweepKnowledgeSessions } from './knowledge/sessions.js';
import type { ObjectStorage } from './platform/storage/object-storage.js';
import { releaseStaleHolds } from './billing/coin-holds.js';
import { closeExpiredOrders } from './billing/orders/refresh-order.js';
import type { PaymentProvider } from './billing/payment/payment-provider.js';
import { refreshProcessingRefunds } from './billing/refunds/refresh-refunds.js';

/** The background upkeep of money, sessions and knowledge bases; every step is idempotent, so any process may run it. */
export function startSweepers(deps: {
  db: Db;
  provider: PaymentProvider;
  bus: EventBus;
  storage: ObjectStorage;
  logger: Logger;
  /** GENERATION_STALE_AFTER_MS */
  staleAfterMs?: number;
}): () => Promise<void> {
  const tasks = recoveryTiming(deps.staleAfterMs);
  const stops = [
    startPeriodic('release-stale-holds', () => releaseStaleHolds(deps.db), 60_000, deps.logger),
    startPeriodic('close-expired-orders', () => closeExpiredOrders(deps), 60_000, deps.logger),
    // A refund whose notification never came is asked about (decision 079); the console's order list asks too.
    startPeriodic('refresh-processing-refunds', () => refreshProcessingRefunds(deps), 60_000, deps.logger),
    startPeriodic('sweep-stale-tasks', () => sweepStaleTasks(deps), tasks.sweepEveryMs, deps.logger),
    startPeriodic('sweep-knowledge-sessions', () => sweepKnowledgeSessions(deps), 60_000, deps.logger),
    startPeriodic('delete-expired-sessions', () => deleteExpiredSessions(deps.db), 3600_000, deps.logger),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
