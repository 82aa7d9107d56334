import { count, desc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { adminAudit } from './tables.js';

export interface AuditEntry {
  /** The operator's user id and name; null and 'cli' for the command line. */
  operator: { id: number | null; name: string };
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason: string;
}

/** Writes one entry, in the caller's transaction when it has one, so the change and its record commit together. */
export async function recordAudit(q: DbOrTx, entry: AuditEntry): Promise<void> {
  await q.insert(adminAudit).values({
    operatorId: entry.operator.id,
    operator: entry.operator.name,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The log, newest first (API.md `GET /api/admin/audit?page=`). */
export async function listAudit(db: Db, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.at), desc(adminAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(adminAudit),
  ]);
  return {
    data: rows.map((row) => ({
      at: row.at.toISOString(),
      operator: row.operator,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      reason: row.reason,
    })),
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / AUDIT_PAGE_SIZE)),
  };
}
