import { and, eq, getTableName, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { preparedFor } from '../platform/db/prepared.js';
import type { ReadCache } from '../platform/db/read-cache.js';
import { sessions, type UserRow, users } from './tables.js';
import type { SessionCache } from './session-cache.js';
import type { SessionInvalidations } from './session-invalidations.js';
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

/** A request with a cookie whose session is not cached runs this one. */
const sessionByToken = preparedFor((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_by_token'),
);

/** …and this one when it is: the user's row is always read, so a balance or Pro change shows at once. */
const userById = preparedFor((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('user_by_id'));

/** The session cache and the channel that keeps it right across processes (decision 067). */
export interface SessionCaching {
  cache: SessionCache;
  invalidations: SessionInvalidations;
  /** The embedded database's read cache (decision 070): the user's row until the users table is written. */
  reads?: ReadCache;
}

const USER_TABLES = [getTableName(users)];

async function readUser(db: Db, id: number, reads: ReadCache | undefined): Promise<UserRow | undefined> {
  const load = async () => (await userById(db).execute({ id }))[0];
  return reads ? reads.read(`user:${id}`, USER_TABLES, load) : load();
}

/**
 * The user behind a session token, or null. Slides the expiry forward when the session was last
 * seen more than SESSION_TOUCH_INTERVAL_MS ago, and says so, so that the cookie is renewed too.
 * With `caching`, the session itself comes from the cache while it holds it.
 */
export async function resolveSession(
  db: Db,
  token: string,
  caching?: SessionCaching,
): Promise<{ user: UserRow; session: SessionInfo; renewed: boolean } | null> {
  const now = new Date();
  const tokenHash = hashSessionToken(token);
  const cache = caching?.invalidations.cacheable() ? caching.cache : undefined;
  let session = cache?.get(tokenHash);
  let user: UserRow | undefined;
  if (session) {
    user = await readUser(db, session.userId, caching?.reads);
    if (!user) {
      cache!.invalidate({ kind: 'session', tokenHash });
      return null;
    }
  } else {
    const stamp = cache?.stamp();
    const [row] = await sessionByToken(db).execute({ tokenHash, now });
    if (!row) return null;
    user = row.user;
    session = { id: row.session.id, userId: row.session.userId, remember: row.session.remember, expiresAt: row.session.expiresAt, lastSeenAt: row.session.lastSeenAt };
    cache?.set(tokenHash, session, stamp!);
  }
  let expiresAt = session.expiresAt;
  const renewed = now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS;
  if (renewed) {
    expiresAt = new Date(now.getTime() + sessionTtl(session.remember));
    const stamp = cache?.stamp();
    const [touched] = await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id)).returning({ id: sessions.id });
    // Gone meanwhile (signed out elsewhere): this request still answers as it began, the next one is refused.
    if (touched) cache?.set(tokenHash, { ...session, lastSeenAt: now, expiresAt }, stamp!);
  }
  return { user, session: { id: session.id, remember: session.remember, expiresAt }, renewed };
}

/** Signs one session out; with `caching`, every process forgets it at once. */
export async function revokeSession(db: DbOrTx, token: string, caching?: SessionCaching): Promise<void> {
  const tokenHash = hashSessionToken(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await caching?.invalidations.publish({ kind: 'session', tokenHash });
}

/** Signs the user out everywhere, except (when given) the session in use. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  const condition = keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
