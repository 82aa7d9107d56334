import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { preparedFor } from '../platform/db/prepared.js';
import { sessions, type UserRow, users } from './tables.js';
import { hashSessionToken, newSessionToken, SESSION_TOUCH_INTERVAL_MS, sessionTtl } from './session-token.js';

export interface SessionInfo {
  id: number;
  remember: boolean;
  expiresAt: Date;
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; session: SessionInfo }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + sessionTtl(input.remember));
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(token),
      userId: input.userId,
      remember: input.remember,
      expiresAt,
      userAgent: input.userAgent?.slice(0, 300),
      ip: input.ip,
    })
    .returning({ id: sessions.id });
  return { token, session: { id: row!.id, remember: input.remember, expiresAt } };
}

/** Every request with a cookie runs this one. */
const sessionByToken = preparedFor((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_by_token'),
);

/**
 * The user behind a session token, or null. Slides the expiry forward when the session was last
 * seen more than SESSION_TOUCH_INTERVAL_MS ago, and says so, so that the cookie is renewed too.
 */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<{ user: UserRow; session: SessionInfo; renewed: boolean } | null> {
  const now = new Date();
  const [row] = await sessionByToken(db).execute({ tokenHash: hashSessionToken(token), now });
  if (!row) return null;
  const { session } = row;
  let expiresAt = session.expiresAt;
  const renewed = now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS;
  if (renewed) {
    expiresAt = new Date(now.getTime() + sessionTtl(session.remember));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  }
  return { user: row.user, session: { id: session.id, remember: session.remember, expiresAt }, renewed };
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
}

/** Signs the user out everywhere, except (when given) the session in use. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  const condition = keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
