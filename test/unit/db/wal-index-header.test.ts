import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/database.js';
import { dataVersion } from '../../../src/main/core/db/data-version.js';
import { lingeringHeaders, WalIndexHeader } from '../../../src/main/core/db/wal-index-header.js';
import { nextRun } from '../../helpers/next-run.js';

/**
 * `dataVersion` reads `PRAGMA data_version` (a read transaction) only when the WAL-index header moved
 * (wal-index-header.ts): the same answers as the pragma, without its locks while nobody commits. The
 * header's file descriptor is closed only once no connection can lock that file any more, since closing a
 * descriptor releases every fcntl lock the process holds on the file.
 */
const dir = mkdtempSync(join(tmpdir(), 'wal-index-header-'));
const opened: Database.Database[] = [];
/** A connection of its own, as another process (the CLI) would have: not watched. */
function plain(file: string): Database.Database {
  const db = new Database(file);
  opened.push(db);
  return db;
}
function watchedDb(name: string): Database.Database {
  const db = openDatabase(join(dir, name));
  db.exec('CREATE TABLE IF NOT EXISTS t (x)');
  opened.push(db);
  return db;
}
/** This process's open descriptors of `path` (Linux). */
const descriptorsOf = (path: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path);
    } catch {
      return false;
    }
  }).length;

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  vi.restoreAllMocks();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WalIndexHeader', () => {
  it('changes with every commit, of this connection or another, and with nothing else', () => {
    const db = watchedDb('a.db');
    const other = plain(db.name);
    const header = WalIndexHeader.open(db.name)!;
    try {
      expect(header.changed()).toBe(true);
      expect(header.changed()).toBe(false);
      other.prepare('SELECT COUNT(*) FROM t').get();
      db.prepare('SELECT COUNT(*) FROM t').get();
      expect(header.changed()).toBe(false);
      other.prepare('INSERT INTO t VALUES (1)').run();
      expect(header.changed()).toBe(true);
      expect(header.changed()).toBe(false);
      db.prepare('INSERT INTO t VALUES (2)').run();
      expect(header.changed()).toBe(true);
      // A rolled-back transaction commits nothing.
      expect(() => other.transaction(() => {
        other.prepare('INSERT INTO t VALUES (3)').run();
        throw new Error('roll back');
      })()).toThrow('roll back');
      expect(header.changed()).toBe(false);
    } finally {
      header.release();
    }
  });

  it('is absent for a database that has no WAL index, or where the -shm file holds no initialized header', () => {
    expect(WalIndexHeader.open(join(dir, 'no-such.db'))).toBeNull();
    writeFileSync(join(dir, 'stale.db'), '');
    writeFileSync(join(dir, 'stale.db-shm'), Buffer.alloc(32768));
    expect(WalIndexHeader.open(join(dir, 'stale.db'))).toBeNull();
    // Its descriptor waits (it cannot tell whether a connection uses the file) until the file is gone.
    expect(lingeringHeaders()).toBe(1);
    rmSync(join(dir, 'stale.db-shm'));
    expect(WalIndexHeader.open(join(dir, 'no-such.db'))).toBeNull();
    expect(lingeringHeaders()).toBe(0);
  });

  it("follows a symbolic link to the database, as SQLite does when it names the -shm file", () => {
    const db = watchedDb('linked.db');
    const link = join(dir, 'link.db');
    symlinkSync(db.name, link);
    // A stale file beside the link must not be taken for the index SQLite uses.
    writeFileSync(`${link}-shm`, Buffer.alloc(32768));
    const header = WalIndexHeader.open(link)!;
    try {
      expect(header.changed()).toBe(true);
      expect(header.changed()).toBe(false);
      plain(link).prepare('INSERT INTO t VALUES (1)').run();
      expect(header.changed()).toBe(true);
    } finally {
      for (const open of opened.splice(0)) open.close();
      header.release();
    }
    expect(lingeringHeaders()).toBe(0);
  });
});

describe('dataVersion on a watched connection', () => {
  /** Counts the `PRAGMA data_version` statements run from now on. */
  function countPragmas(db: Database.Database): () => number {
    const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as { get: (...args: unknown[]) => unknown };
    const get = proto.get;
    let count = 0;
    vi.spyOn(proto, 'get').mockImplementation(function (this: { source: string }, ...args: unknown[]) {
      if (this.source === 'PRAGMA data_version') count++;
      return get.apply(this, args);
    });
    return () => count;
  }

  it('answers as the pragma does: moved by another connection commit, not by its own', async () => {
    const db = watchedDb('b.db');
    const other = plain(db.name);
    await nextRun();
    const before = dataVersion(db);
    expect(before).toBe(db.pragma('data_version', { simple: true }));
    db.prepare('INSERT INTO t VALUES (1)').run();
    await nextRun();
    expect(dataVersion(db)).toBe(before);
    other.prepare('INSERT INTO t VALUES (2)').run();
    await nextRun();
    const after = dataVersion(db);
    expect(after).not.toBe(before);
    expect(after).toBe(db.pragma('data_version', { simple: true }));
  });

  it('skips the read transaction while nobody commits, and reads it again after any commit', async () => {
    const db = watchedDb('c.db');
    const other = plain(db.name);
    await nextRun();
    dataVersion(db);
    const pragmas = countPragmas(db);
    for (let run = 0; run < 5; run++) {
      await nextRun();
      dataVersion(db);
    }
    expect(pragmas()).toBe(0);
    other.prepare('INSERT INTO t VALUES (1)').run();
    await nextRun();
    dataVersion(db);
    expect(pragmas()).toBe(1);
    db.prepare('INSERT INTO t VALUES (2)').run();
    await nextRun();
    dataVersion(db);
    expect(pragmas()).toBe(2);
  });
});

describe('dataVersion inside a transaction', () => {
  it('reads the pragma, not the header, which cannot vouch for a snapshot older than itself', async () => {
    const db = watchedDb('g.db');
    await nextRun();
    dataVersion(db);
    await nextRun();
    const headerReads = vi.spyOn(WalIndexHeader.prototype, 'changed');
    const other = plain(db.name);
    db.transaction(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      expect(dataVersion(db)).toBe(db.pragma('data_version', { simple: true }));
    }).immediate();
    expect(headerReads).not.toHaveBeenCalled();
    other.prepare('INSERT INTO t VALUES (2)').run();
    await nextRun();
    // Outside it, the header again, and the other connection's commit is seen.
    expect(dataVersion(db)).toBe(db.pragma('data_version', { simple: true }));
    expect(headerReads).toHaveBeenCalledTimes(1);
  });
});

describe.runIf(existsSync('/proc/self/fd'))("the header's descriptor", () => {
  it('closes with its connection when that was the last one on the file', () => {
    const db = watchedDb('d.db');
    const shm = `${db.name}-shm`;
    dataVersion(db);
    // SQLite's own descriptor of the -shm file, and the header's.
    expect(descriptorsOf(shm)).toBe(2);
    db.close();
    expect(existsSync(shm)).toBe(false);
    expect(descriptorsOf(shm)).toBe(0);
    expect(lingeringHeaders()).toBe(0);
  });

  it("stays open while another connection of this process uses the file (closing it would drop that one's locks)", () => {
    const db = watchedDb('e.db');
    const shm = `${db.name}-shm`;
    const other = plain(db.name);
    other.prepare('SELECT COUNT(*) FROM t').get();
    db.close();
    expect(lingeringHeaders()).toBe(1);
    expect(existsSync(shm)).toBe(true);
    // The other connection still works with its locks: it writes and reads.
    other.prepare('INSERT INTO t VALUES (1)').run();
    expect(other.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    other.close();
    expect(existsSync(shm)).toBe(false);
    // Looked at again when another header opens: the file is gone, so the descriptor closes.
    const next = watchedDb('f.db');
    expect(lingeringHeaders()).toBe(0);
    expect(descriptorsOf(shm)).toBe(0);
    next.close();
  });
});
