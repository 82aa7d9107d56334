import type { Db } from './client.js';

/**
 * A prepared statement per database handle, built on first use. The hot reads (the session
 * behind every request, the my-articles page) are then planned once per connection by the
 * database and built once per process by drizzle, instead of on every request.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
