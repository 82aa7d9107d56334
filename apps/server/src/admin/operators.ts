import { eq, sql } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { Db } from '../platform/db/index.js';
import { recordAudit } from './audit.js';

export const OPERATOR_ROLE = 'operator';

const CLI = { id: null, name: 'cli' } as const;

/**
 * Grants or ends the operator role: from the command line only (no HTTP call can), with an audit
 * entry in the same transaction. Answers what changed, or null when the user does not exist.
 */
export async function setOperatorRole(db: Db, username: string, operator: boolean, reason: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
      .limit(1)
      .for('update');
    if (!user) return null;
    const role = operator ? OPERATOR_ROLE : null;
    if (user.role === role) return { username: user.username, changed: false };
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      operator: CLI,
      action: operator ? 'operator.grant' : 'operator.revoke',
      target: `user:${user.id}`,
      before: { role: user.role },
      after: { role },
      reason,
    });
    return { username: user.username, changed: true };
  });
}
