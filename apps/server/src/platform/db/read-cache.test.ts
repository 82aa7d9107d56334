import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';
import { statementEffect, TableChanges } from './table-changes.js';

describe('statementEffect', () => {
  it('reads and transaction control write nothing', () => {
    expect(statementEffect('select "id" from "users" where "id" = $1')).toBe('read');
    expect(statementEffect('  (select 1) union (select 2)')).toBe('read');
    // The my-articles page is one of these: a CTE that only reads.
    expect(statementEffect('with "page" as (select 1) select * from "page"')).toBe('read');
    expect(statementEffect('savepoint sp1')).toBe('read');
    expect(statementEffect('release savepoint sp1')).toBe('read');
  });

  it('an insert or update writes its table; anything else may write any table', () => {
    expect(statementEffect('insert into "articles" ("article_id") values ($1)')).toEqual({ table: 'articles', rowCounted: true });
    expect(statementEffect('update "users" set "coin_balance" = $1 where "id" = $2')).toEqual({ table: 'users', rowCounted: true });
    expect(statementEffect('UPDATE users SET level = 1')).toEqual({ table: 'users', rowCounted: true });
    // A delete cascades; DDL and a writing CTE are not parsed, and their row counts say nothing.
    expect(statementEffect('delete from "sessions" where "token_hash" = $1')).toEqual({ table: null, rowCounted: true });
    expect(statementEffect('truncate "articles"')).toEqual({ table: null, rowCounted: false });
    expect(statementEffect('with moved as (update "articles" set x = 1 returning id) select * from moved')).toEqual({ table: null, rowCounted: false });
  });
});

describe('TableChanges', () => {
  it('a stamp changes with a write to one of its tables, or to every table, and not otherwise', () => {
    const changes = new TableChanges();
    const before = changes.stamp(['articles', 'generation_tasks']);
    changes.statement('update "users" set level = 1');
    changes.statement('select 1');
    expect(changes.stamp(['articles', 'generation_tasks'])).toBe(before);
    changes.statement('insert into "generation_tasks" (id) values (1)');
    const afterTask = changes.stamp(['articles', 'generation_tasks']);
    expect(afterTask).not.toBe(before);
    changes.statement('delete from "sessions"');
    expect(changes.stamp(['articles', 'generation_tasks'])).not.toBe(afterTask);
  });

  it('a plain write that changed no row counts nothing; DDL counts whatever its row count', () => {
    const changes = new TableChanges();
    const before = changes.stamp(['generation_tasks']);
    changes.statement('update "generation_tasks" set "status" = $1 where "status" = $2 returning "id"', 0);
    changes.statement('delete from "articles" where "id" = $1', 0);
    expect(changes.stamp(['generation_tasks'])).toBe(before);
    changes.statement('update "generation_tasks" set "status" = $1', 1);
    const updated = changes.stamp(['generation_tasks']);
    expect(updated).not.toBe(before);
    changes.statement('truncate "generation_tasks"', 0);
    expect(changes.stamp(['generation_tasks'])).not.toBe(updated);
  });
});

describe('ReadCache', () => {
  it('answers from memory until a table of the read is written', async () => {
    const changes = new TableChanges();
    const cache = new ReadCache(changes);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.read('k', ['users'], load)).toEqual({ n: 1 });
    expect(await cache.read('k', ['users'], load)).toEqual({ n: 1 });
    changes.wrote('articles');
    expect(await cache.read('k', ['users'], load)).toEqual({ n: 1 });
    changes.wrote('users');
    expect(await cache.read('k', ['users'], load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('does not keep a value when a write to its tables completed while it was read', async () => {
    const changes = new TableChanges();
    const cache = new ReadCache(changes);
    let loads = 0;
    const racing = async () => {
      loads += 1;
      changes.wrote('users');
      return loads;
    };
    expect(await cache.read('k', ['users'], racing)).toBe(1);
    expect(await cache.read('k', ['users'], racing)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps at most its limit, dropping the least recently used, and hands out frozen values', async () => {
    const cache = new ReadCache(new TableChanges(), 2);
    await cache.read('a', [], async () => ({ rows: [{ id: 1 }] }));
    await cache.read('b', [], async () => ({ rows: [] }));
    await cache.read('a', [], async () => ({ rows: [] }));
    await cache.read('c', [], async () => ({ rows: [] }));
    expect(cache.size).toBe(2);
    const a = await cache.read('a', [], async () => ({ rows: [{ id: 9 }] }));
    expect(a.rows[0]?.id).toBe(1);
    expect(Object.isFrozen(a.rows[0])).toBe(true);
    let reloaded = false;
    await cache.read('b', [], async () => {
      reloaded = true;
      return { rows: [] };
    });
    expect(reloaded).toBe(true);
  });
});
