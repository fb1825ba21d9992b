import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/database.js';
import { PAGE_CACHE_KIB } from '../../../src/main/core/db/memory-bounds.js';

/**
 * The settings every connection is opened with. Durability: WAL with synchronous = FULL (every commit
 * fsynced before it returns). Cost: savepoint sub-journals in memory (temp_store = MEMORY), since an order
 * touches more pages than SQLite keeps in memory before spilling them to a temporary file (issue 14 item 3).
 */
const dir = mkdtempSync(join(tmpdir(), 'connection-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('opens WAL, synchronous FULL, foreign keys on, temporary storage in memory', () => {
    const db = openDatabase(join(dir, 'a.db'));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      db.close();
    }
  });

  it('bounds what the connection holds in memory: a page cache of a few MB (not the 16 MB better-sqlite3 builds in), no memory-mapped reads (issue 28)', () => {
    const db = openDatabase(join(dir, 'b.db'));
    try {
      expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(4096);
      expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(db.pragma('mmap_size', { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  });

  it('hands back one statement per SQL text, with the result shape a caller set put back for the next one', () => {
    const db = openDatabase(join(dir, 'shape.db'));
    try {
      db.exec('CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, \'x\')');
      const sql = 'SELECT a, b FROM t';
      const first = db.prepare(sql);
      expect(db.prepare(sql)).toBe(first);
      expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'x' });
      expect(db.prepare(sql).pluck().get()).toBe(1);
      expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'x' });
      expect(db.prepare(sql).raw().get()).toEqual([1, 'x']);
      expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'x' });
      expect(db.prepare(sql).expand().get()).toEqual({ t: { a: 1, b: 'x' } });
      expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'x' });
      // A writer has no result shape: it is handed back as it is.
      const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
      expect(db.prepare('INSERT INTO t VALUES (?, ?)')).toBe(insert);
      expect(insert.run(2, 'y').changes).toBe(1);
    } finally {
      db.close();
    }
  });
});
