import type { Db } from '../../src/main/core/db/database.js';

/** One statement run while recording: its SQL and the rows it returned (or changed). */
export interface RecordedRead {
  sql: string;
  rows: number;
  /** The values bound to it (to check, say, how many entries an OFFSET may skip). */
  args: unknown[];
}

/**
 * Records every statement `work` runs on `db` and how many rows each returned: a statement counter for
 * complexity tests (how much a step reads must not grow with the data). Wraps db.prepare for the duration.
 */
export function recordStatements<T>(db: Db, work: () => T): { result: T; reads: RecordedRead[] } {
  const reads: RecordedRead[] = [];
  const prepare = db.prepare;
  db.prepare = ((sql: string) => {
    const statement = prepare.call(db, sql);
    return new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'all') return (...args: unknown[]) => { const rows = (value as (...a: unknown[]) => unknown[]).apply(target, args); reads.push({ sql, rows: rows.length, args }); return rows; };
        if (property === 'get') return (...args: unknown[]) => { const row = (value as (...a: unknown[]) => unknown).apply(target, args); reads.push({ sql, rows: row === undefined ? 0 : 1, args }); return row; };
        if (property === 'run') return (...args: unknown[]) => { const info = (value as (...a: unknown[]) => { changes: number }).apply(target, args); reads.push({ sql, rows: info.changes, args }); return info; };
        if (property === 'iterate') return (...args: unknown[]) => { reads.push({ sql, rows: -1, args }); return (value as (...a: unknown[]) => unknown).apply(target, args); };
        // pluck/raw/expand/bind return the statement itself: keep the proxy.
        return (...args: unknown[]) => { const out = (value as (...a: unknown[]) => unknown).apply(target, args); return out === target ? receiver : out; };
      },
    });
  }) as Db['prepare'];
  try {
    return { result: work(), reads };
  } finally {
    db.prepare = prepare;
  }
}

/** The query plan of a statement, one detail line per step ("SEARCH orders USING INDEX ..."). */
export function queryPlan(db: Db, sql: string, args: unknown[] = []): string[] {
  const params = args.length ? args : Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
}

/**
 * Plan lines that read a whole table, or sort more than a page: what a flat read must not do. A sort is
 * allowed where the rows come from a LIMITed subquery (the page's own rows, at most `limit` of them).
 */
export function fullScans(plan: readonly string[], allowed: readonly string[] = []): string[] {
  const pageSorted = plan.some((line) => /LIST SUBQUERY/.test(line));
  return plan.filter((line) => {
    if (/USE TEMP B-TREE/.test(line)) return !pageSorted;
    const scan = /^SCAN (\w+)/.exec(line);
    return scan !== null && !allowed.includes(scan[1]!);
  });
}
