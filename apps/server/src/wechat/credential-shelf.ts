import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database, Db, DbOrTx } from '../platform/db/index.js';
import { closeConnection } from '../platform/redis.js';
import { wechatTokens } from './tables.js';

/** A credential as it is shared: its value and when it was fetched and expires (epoch ms). */
export interface SharedCredential {
  value: string;
  expiresAt: number;
  fetchedAt: number;
}

/** The shelf's name of a credential: its kind and whose it is (an AppID, or `mp:<account id>`). */
export const credentialName = (kind: 'access_token' | 'jsapi_ticket', owner: string) => `${kind}:${owner}`;

/** Reading and writing credentials while holding the right to refresh them. */
export interface CredentialScope {
  read(name: string): Promise<SharedCredential | undefined>;
  write(name: string, credential: SharedCredential): Promise<void>;
}

/**
 * Where WeChat credentials (access_token, jsapi_ticket) are shared between processes, so that
 * many processes fetch a token once between them (WeChat allows about 2,000 fetches a day):
 * the database by default, Redis when it is configured (decision 077).
 */
export interface CredentialShelf extends CredentialScope {
  /** Runs `work` while no other process refreshes `name`; `work` re-reads before fetching. */
  exclusive<T>(name: string, work: (scope: CredentialScope) => Promise<T>): Promise<T>;
  /** Forgets these credentials (an account unbound or its secret changed). */
  forget(names: string[]): Promise<void>;
}

/**
 * The wechat_tokens table. Refreshes are serialised between processes with a PostgreSQL
 * advisory lock; on PGlite (one process, and a transaction would hold every other query of the
 * process while WeChat answers) the caller's single flight is all there is.
 */
export function databaseCredentialShelf(db: Db, crossProcessLock: boolean): CredentialShelf {
  const scopeOf = (q: DbOrTx): CredentialScope => ({ read: (name) => readRow(q, name), write: (name, credential) => writeRow(q, name, credential) });
  return {
    ...scopeOf(db),
    exclusive(name, work) {
      if (!crossProcessLock) return work(scopeOf(db));
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wechat-credential:${name}`}))`);
        return work(scopeOf(tx));
      });
    },
    async forget(names) {
      for (const name of names) await db.delete(wechatTokens).where(eq(wechatTokens.name, name));
    },
  };
}

async function readRow(q: DbOrTx, name: string): Promise<SharedCredential | undefined> {
  const [row] = await q.select().from(wechatTokens).where(eq(wechatTokens.name, name)).limit(1);
  return row ? { value: row.value, expiresAt: row.expiresAt.getTime(), fetchedAt: row.updatedAt.getTime() } : undefined;
}

async function writeRow(q: DbOrTx, name: string, credential: SharedCredential): Promise<void> {
  const values = { value: credential.value, expiresAt: new Date(credential.expiresAt), updatedAt: new Date(credential.fetchedAt) };
  await q.insert(wechatTokens).values({ name, ...values }).onConflictDoUpdate({ target: wechatTokens.name, set: values });
}

export interface RedisShelfOptions {
  /** Keys are `${prefix}:wechat-credential:…`, beside the other keys of this deployment. */
  prefix: string;
  /** How long one refresh may hold the lock (WeChat's answer plus margin). */
  lockTtlMs?: number;
  /** How long a process waits for another's refresh before giving up. */
  waitMs?: number;
  now?: () => number;
}

// Deletes the lock only if this process still holds it: a refresh that outlived its lock must not
// release the next holder's.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Credentials in Redis: every API and worker process of a deployment reads one token, whatever
 * database each one uses. A key expires with its credential; refreshes are serialised with a
 * `SET NX PX` lock that only its holder deletes.
 */
export function redisCredentialShelf(redis: Redis, options: RedisShelfOptions): CredentialShelf {
  const key = (name: string) => `${options.prefix}:wechat-credential:${name}`;
  const lockTtlMs = options.lockTtlMs ?? 15_000;
  const waitMs = options.waitMs ?? 20_000;
  const now = options.now ?? Date.now;
  const scope: CredentialScope = {
    async read(name) {
      const stored = await redis.get(key(name));
      return stored ? parseCredential(stored) : undefined;
    },
    async write(name, credential) {
      const ttl = credential.expiresAt - now();
      if (ttl <= 0) return;
      await redis.set(key(name), JSON.stringify(credential), 'PX', ttl);
    },
  };
  return {
    ...scope,
    async exclusive(name, work) {
      const lock = `${key(name)}:lock`;
      const owner = randomBytes(12).toString('hex');
      const deadline = Date.now() + waitMs;
      while ((await redis.set(lock, owner, 'PX', lockTtlMs, 'NX')) !== 'OK') {
        if (Date.now() > deadline) throw new Error(`wechat credential ${name}: another process holds the refresh lock`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      try {
        return await work(scope);
      } finally {
        await redis.eval(RELEASE, 1, lock, owner).catch(() => undefined);
      }
    },
    async forget(names) {
      if (names.length > 0) await redis.del(...names.map(key));
    },
  };
}

function parseCredential(stored: string): SharedCredential | undefined {
  try {
    const parsed = JSON.parse(stored) as Partial<SharedCredential>;
    if (typeof parsed.value !== 'string' || typeof parsed.expiresAt !== 'number' || typeof parsed.fetchedAt !== 'number') return undefined;
    return { value: parsed.value, expiresAt: parsed.expiresAt, fetchedAt: parsed.fetchedAt };
  } catch {
    return undefined;
  }
}

/**
 * The shelf this process uses: Redis when the deployment has it (every API and worker process
 * then shares one token), else the database. `close` ends the Redis connection.
 */
export function createCredentialShelf(options: { database: Database; redisUrl?: string | null; redisPrefix: string; logger: Logger }): {
  shelf: CredentialShelf;
  close(): Promise<void>;
} {
  if (!options.redisUrl) {
    return { shelf: databaseCredentialShelf(options.database.db, options.database.kind === 'postgres'), close: async () => undefined };
  }
  const redis = new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, connectionName: 'tianma-wechat-credentials' });
  redis.on('error', (error) => options.logger.warn({ err: error }, 'wechat credential Redis connection error'));
  return { shelf: redisCredentialShelf(redis, { prefix: options.redisPrefix }), close: () => closeConnection(redis) };
}
