/**
 * The sessions behind recent requests, in process memory (decision 067): a cookie's session is then
 * read from the database once a TTL instead of on every request. Only the session is kept (its id,
 * its user's id, its expiry), never the user's row: the balance, the Pro level or the avatar a
 * request shows are read fresh, so a payment or a grant shows at once whatever process made it.
 *
 * An entry lives at most `ttlMs` and never past the session's own expiry; at most `maxEntries` are
 * kept, the least recently used going first. Signing out, a password change or reset drop entries
 * at once (SessionInvalidations carries them to the other processes through Redis).
 */
export interface CachedSession {
  id: number;
  userId: number;
  remember: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
}

export type SessionInvalidation =
  /** One session ended (sign-out): by the SHA-256 of its token, as the sessions table keys it. */
  | { kind: 'session'; tokenHash: string }
  /** Every session of the user, except the one in use when given (password change or reset). */
  | { kind: 'user'; userId: number; keepSessionId?: number };

interface Entry {
  session: CachedSession;
  /** Epoch ms after which the entry is not used: the TTL or the session's expiry, whichever is first. */
  until: number;
}

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private invalidations = 0;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * A stamp to take before reading a session from the database and to hand to set(): a read that
   * an invalidation overtook (the row read before a sign-out committed) is then not cached.
   */
  stamp(): number {
    return this.invalidations;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.session;
  }

  /** Keeps the session unless an invalidation arrived since `stamp` was taken, or it has expired. */
  set(tokenHash: string, session: CachedSession, stamp: number): void {
    if (stamp !== this.invalidations) return;
    const now = this.now();
    const until = Math.min(now + this.ttlMs, session.expiresAt.getTime());
    if (until <= now) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { session, until });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  invalidate(event: SessionInvalidation): void {
    this.invalidations += 1;
    if (event.kind === 'session') {
      this.entries.delete(event.tokenHash);
      return;
    }
    for (const [tokenHash, entry] of this.entries) {
      if (entry.session.userId === event.userId && entry.session.id !== event.keepSessionId) this.entries.delete(tokenHash);
    }
  }

  /** Forgets everything (the invalidation channel was interrupted: what it missed is unknown). */
  clear(): void {
    this.invalidations += 1;
    this.entries.clear();
  }
}
