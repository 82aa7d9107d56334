import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache.js';

const T0 = Date.UTC(2026, 10, 26, 12);

function clock() {
  let now = T0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const session = (id: number, userId: number, expiresInMs = 3_600_000): CachedSession => ({
  id,
  userId,
  remember: false,
  expiresAt: new Date(T0 + expiresInMs),
  lastSeenAt: new Date(T0),
});

describe('SessionCache', () => {
  it('answers a session for the TTL, then no more', () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 30_000, now: time.now });
    cache.set('h1', session(1, 10), cache.stamp());
    expect(cache.get('h1')).toMatchObject({ id: 1, userId: 10 });
    time.advance(29_999);
    expect(cache.get('h1')?.id).toBe(1);
    time.advance(1);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never answers a session past its own expiry, however long the TTL', () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 60_000, now: time.now });
    cache.set('h1', session(1, 10, 5_000), cache.stamp());
    time.advance(4_999);
    expect(cache.get('h1')?.id).toBe(1);
    time.advance(1);
    expect(cache.get('h1')).toBeUndefined();
    // An already expired session is not kept at all.
    cache.set('h2', session(2, 10, -1), cache.stamp());
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new SessionCache({ maxEntries: 3, now: clock().now });
    for (const n of [1, 2, 3]) cache.set(`h${n}`, session(n, n), cache.stamp());
    // h1 used: h2 is now the least recent.
    expect(cache.get('h1')?.id).toBe(1);
    cache.set('h4', session(4, 4), cache.stamp());
    expect(cache.size).toBe(3);
    expect(cache.get('h2')).toBeUndefined();
    expect([cache.get('h1')?.id, cache.get('h3')?.id, cache.get('h4')?.id]).toEqual([1, 3, 4]);
    // Setting a key again refreshes it rather than adding one.
    cache.set('h3', session(3, 3), cache.stamp());
    expect(cache.size).toBe(3);
  });

  it('drops one session on sign-out, and every session of a user but the one kept on a password change', () => {
    const cache = new SessionCache({ now: clock().now });
    cache.set('a1', session(1, 10), cache.stamp());
    cache.set('a2', session(2, 10), cache.stamp());
    cache.set('a3', session(3, 10), cache.stamp());
    cache.set('b1', session(4, 20), cache.stamp());
    cache.invalidate({ kind: 'session', tokenHash: 'a1' });
    expect(cache.get('a1')).toBeUndefined();
    cache.invalidate({ kind: 'user', userId: 10, keepSessionId: 3 });
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('a3')?.id).toBe(3);
    expect(cache.get('b1')?.id).toBe(4);
    cache.invalidate({ kind: 'user', userId: 10 });
    expect(cache.get('a3')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe(4);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that an invalidation overtook', () => {
    const cache = new SessionCache({ now: clock().now });
    // A request reads the session from the database…
    const stamp = cache.stamp();
    // …while another signs it out and the invalidation arrives…
    cache.invalidate({ kind: 'session', tokenHash: 'h1' });
    // …so what the first one read is not cached.
    cache.set('h1', session(1, 10), stamp);
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h1', session(1, 10), cache.stamp());
    expect(cache.get('h1')?.id).toBe(1);
  });
});
