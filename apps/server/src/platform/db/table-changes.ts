/**
 * Which tables of the embedded database have been written, as counters (decision 070). PGlite's
 * data directory is locked to one process (dir-lock.ts) and its client runs one statement at a
 * time, so every write passes through here, in order: a read that saw the same stamp before and
 * after it ran saw every write the stamp counts, and nothing newer had completed. The hot reads
 * (the signed-in user's row, the my-articles page) are kept on that ground in ReadCache.
 *
 * On PostgreSQL other processes write too: this process counts its own writes the same way (a
 * request sees its own write at once), and the others' arrive as notices from the database's
 * triggers (change-listener.ts, migration 0014).
 *
 * An INSERT or UPDATE counts against its table; a DELETE, DDL or any other statement that may
 * write counts against every table (a DELETE cascades; a CTE can write anywhere). A plain INSERT,
 * UPDATE or DELETE that changed no row counts nothing: the in-process queue polls its tasks with
 * an UPDATE every 2 s, which would otherwise drop every list page each time.
 */
export class TableChanges {
  #everything = 0;
  readonly #byTable = new Map<string, number>();
  #heard: boolean;

  /**
   * `heard`: whether every write is known here. True on PGlite (one process); on PostgreSQL it
   * holds while the change listener is subscribed, and a read cache keeps nothing otherwise.
   */
  constructor(options: { heard?: boolean } = {}) {
    this.#heard = options.heard ?? true;
  }

  get heard(): boolean {
    return this.#heard;
  }

  /** The listener's state. Either way every stamp changes: what was kept may have missed writes. */
  setHeard(heard: boolean): void {
    this.#heard = heard;
    this.#everything += 1;
  }

  /** The state of these tables: two equal stamps mean no write to them completed in between. */
  stamp(tables: readonly string[]): string {
    let stamp = String(this.#everything);
    for (const table of tables) stamp += `:${this.#byTable.get(table) ?? 0}`;
    return stamp;
  }

  /** Counts a write to `table`, or to every table when it is not known. */
  wrote(table: string | null): void {
    if (table === null) this.#everything += 1;
    else this.#byTable.set(table, (this.#byTable.get(table) ?? 0) + 1);
  }

  /**
   * Counts what one statement may have written; reads, transaction control and a write that
   * changed no row (`affected` 0: a queue poll that found no task) count nothing.
   */
  statement(text: string, affected?: number | null): void {
    const effect = statementEffect(text);
    if (effect === 'read' || (effect.rowCounted && affected === 0)) return;
    this.wrote(effect.table);
  }
}

const READ = /^[\s(]*(select|show|explain|values|savepoint|release|begin|commit|rollback\s+to)\b/i;
const WITH = /^[\s(]*with\b/i;
/** A write anywhere in a statement: a CTE that writes (WITH … UPDATE …) is counted as one. */
const WRITES = /\b(insert\s+into|update\s+(?:only\s+)?"?[A-Za-z_][A-Za-z0-9_]*"?\s+set|delete\s+from|truncate|merge\s+into)\b/i;
const TARGET = /^\s*(?:insert\s+into|update)\s+(?:only\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?[\s(]/i;
/** A plain INSERT, UPDATE or DELETE: its row count says whether it changed anything. */
const DML = /^\s*(insert|update|delete)\b/i;

/**
 * What a statement does to the tables: nothing, or a write to one table (null: any of them).
 * `rowCounted`: a plain INSERT, UPDATE or DELETE, which changed nothing when its row count is 0.
 */
export function statementEffect(text: string): 'read' | { table: string | null; rowCounted: boolean } {
  if (READ.test(text)) return 'read';
  if (WITH.test(text)) return WRITES.test(text) ? { table: null, rowCounted: false } : 'read';
  const target = TARGET.exec(text);
  return { table: target ? target[1]!.toLowerCase() : null, rowCounted: DML.test(text) };
}
