import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/database.js';
import { KeptViews } from '../../../src/main/core/db/kept-views.js';

/**
 * A kept view is handed back while nothing changed, and built afresh after any write of this connection,
 * any commit of another one (from the next synchronous run: db/data-version.ts), or a change of scope; a
 * view built inside an open transaction is never kept.
 */
describe('KeptViews', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crossbuy-kept-'));
  const file = join(dir, 'kept.db');
  const db = openDatabase(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL); INSERT INTO t VALUES (1, 10), (2, 20);');
  const other = new Database(file);
  afterAll(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const kept = new KeptViews<number, { v: number }>(10);
  let builds = 0;
  const read = (id: number, scope = 'a') =>
    kept.get(db, scope, id, () => {
      builds++;
      return { v: db.prepare('SELECT v FROM t WHERE id = ?').pluck().get(id) as number };
    });
  const nextRun = () => new Promise((resolve) => setImmediate(resolve));

  it('hands back the same view while nothing changed, one per key', () => {
    const first = read(1);
    expect(read(1)).toBe(first);
    expect(read(2)).not.toBe(first);
    expect(read(2).v).toBe(20);
  });

  it('builds afresh after a write of this connection, to any row', () => {
    const before = read(1);
    db.prepare('UPDATE t SET v = 11 WHERE id = 1').run();
    expect(read(1).v).toBe(11);
    const again = read(1);
    db.prepare('UPDATE t SET v = 21 WHERE id = 2').run();
    expect(read(1)).not.toBe(again);
    expect(read(1)).not.toBe(before);
  });

  it("sees another connection's commit from the next synchronous run on", async () => {
    await nextRun();
    expect(read(1).v).toBe(11);
    await nextRun();
    other.prepare('UPDATE t SET v = 12 WHERE id = 1').run();
    expect(read(1).v).toBe(12);
  });

  it('builds afresh when the scope changes', () => {
    const a = read(1, 'a');
    const b = read(1, 'b');
    expect(b).not.toBe(a);
    expect(read(1, 'b')).toBe(b);
  });

  it('builds, but does not keep, a view read inside an open transaction', () => {
    const outside = read(1);
    db.prepare('BEGIN').run();
    db.prepare('UPDATE t SET v = 13 WHERE id = 1').run();
    const inside = read(1);
    expect(inside.v).toBe(13);
    expect(read(1)).not.toBe(inside);
    db.prepare('ROLLBACK').run();
    // The rolled-back write is not shown: the stamp moved, so the kept view is rebuilt from what committed.
    expect(read(1).v).toBe(12);
    expect(read(1)).not.toBe(outside);
  });

  it('keeps views up to its weight budget, then starts over', () => {
    const small = new KeptViews<number, { weight: number }>(5, (view) => view.weight);
    const first = small.get(db, '', 1, () => ({ weight: 2 }));
    const second = small.get(db, '', 2, () => ({ weight: 3 }));
    expect(small.get(db, '', 1, () => ({ weight: 2 }))).toBe(first);
    small.get(db, '', 3, () => ({ weight: 1 }));
    expect(small.get(db, '', 2, () => ({ weight: 3 }))).not.toBe(second);
    expect(builds).toBeGreaterThan(0);
  });
});
