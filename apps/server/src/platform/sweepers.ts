import type { Logger } from 'pino';
import { deleteExpiredSessions } from '../accounts/sessions.js';
import type { Db } from '../platform/db/index.js';
import { startPeriodic } from '../platform/periodic.js';
import { releaseStaleHolds } from './coin-holds.js';
import { closeExpiredOrders } from './orders/refresh-order.js';
import type { PaymentProvider } from './payment/payment-provider.js';

/** The background upkeep of money and sessions; every step is idempotent, so any process may run it. */
export function startSweepers(deps: { db: Db; provider: PaymentProvider; logger: Logger }): () => Promise<void> {
  const stops = [
    startPeriodic('release-stale-holds', () => releaseStaleHolds(deps.db), 60_000, deps.logger),
    startPeriodic('close-expired-orders', () => closeExpiredOrders(deps), 60_000, deps.logger),
    startPeriodic('delete-expired-sessions', () => deleteExpiredSessions(deps.db), 3600_000, deps.logger),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
