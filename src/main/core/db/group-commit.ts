import { setImmediate } from 'node:timers';
import type { Db } from './database.js';

/**
 * Group commit: the writes the server handles in one turn of the event loop share one transaction and so
 * one fsync (`synchronous = FULL` stays: the commit is still synced before anyone is told).
 *
 * better-sqlite3 is synchronous, so the fsync of a commit blocks this thread; the requests that arrive
 * meanwhile wait in the kernel's socket buffers and are all parsed in the next poll phase of the loop. The
 * first write of a turn opens a batch (BEGIN IMMEDIATE) and schedules its commit with `setImmediate`, which
 * runs in the check phase right after the poll phase: every write handled in between joins the batch, each
 * in its own SAVEPOINT (a failing request rolls back only its own work). A lone request waits for no timer:
 * its batch commits as soon as the loop has nothing else ready. Responses of every request that ran while a
 * batch was open (writes, and reads that may have seen the batch's rows) wait for `settled()`, so nothing is
 * acknowledged, and nothing uncommitted is shown, before the fsync.
 */
export class GroupCommit {
  private batch: Batch | null = null;
  private readonly begin;
  private readonly commitStatement;
  private readonly rollback;
  private readonly savepoint;
  private readonly release;
  private readonly rollbackTo;
  private readonly listeners = new Set<(size: number) => void>();
  /** Batches committed and requests they carried, since this connection opened (for the bench). */
  readonly stats = { batches: 0, requests: 0, largest: 0 };
  /** Off (CROSSBUY_GROUP_COMMIT=off): every request commits alone, as before; for the bench's A/B only. */
  private readonly grouping = process.env.CROSSBUY_GROUP_COMMIT !== 'off';

  constructor(private readonly db: Db) {
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commitStatement = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.savepoint = db.prepare('SAVEPOINT request');
    this.release = db.prepare('RELEASE request');
    this.rollbackTo = db.prepare('ROLLBACK TO request');
  }

  /**
   * Runs `work` in its own savepoint of the open batch (opening one if none is). A throw rolls back the
   * savepoint only and is rethrown. If `work` returns a promise (an async handler), the savepoint ends
   * with its synchronous part: what it does after its first await runs in transactions of its own.
   */
  run<T>(work: () => T): T {
    if (this.batch === null && !this.db.inTransaction) this.open();
    if (this.batch !== null) this.batch.size++;
    this.savepoint.run();
    let result: T;
    try {
      result = work();
    } catch (error) {
      if (this.db.inTransaction) {
        this.rollbackTo.run();
        this.release.run();
      }
      throw error;
    }
    this.release.run();
    if (!this.grouping) this.flush();
    return result;
  }

  /** A promise of the open batch's commit (rejected if the commit failed), or null when none is open. */
  settled(): Promise<void> | null {
    return this.batch?.promise ?? null;
  }

  /** Called after each batch commits, with its number of requests (events are published from here on). */
  onCommit(listener: (size: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Commits the open batch now (a clean stop does this before closing the database). */
  flush(): void {
    if (this.batch !== null) this.commit(this.batch);
  }

  private open(): void {
    this.begin.run();
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A failed commit rejects the promise; a batch nobody awaits must not become an unhandled rejection.
    promise.catch(() => undefined);
    const batch: Batch = { promise, resolve, reject, size: 0 };
    this.batch = batch;
    setImmediate(() => this.commit(batch));
  }

  private commit(batch: Batch): void {
    if (this.batch !== batch) return;
    this.batch = null;
    try {
      if (this.db.inTransaction) this.commitStatement.run();
    } catch (error) {
      // An I/O error at commit: nothing of the batch is durable, so nothing of it may be acknowledged.
      if (this.db.inTransaction) this.rollback.run();
      batch.reject(error);
      return;
    }
    this.stats.batches++;
    this.stats.requests += batch.size;
    this.stats.largest = Math.max(this.stats.largest, batch.size);
    batch.resolve();
    for (const listener of this.listeners) {
      try {
        listener(batch.size);
      } catch {
        // A listener's failure is not the batch's.
      }
    }
  }
}

interface Batch {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  size: number;
}

const byConnection = new WeakMap<Db, GroupCommit>();

/** The group commit of a connection (one per connection: batches are that connection's transactions). */
export function groupCommit(db: Db): GroupCommit {
  let gc = byConnection.get(db);
  if (gc === undefined) {
    const created = new GroupCommit(db);
    byConnection.set(db, created);
    // The bench reads the batch sizes the server saw from its stderr at exit.
    if (process.env.CROSSBUY_GROUP_COMMIT_STATS === '1') {
      process.once('exit', () => process.stderr.write(`group-commit ${JSON.stringify(created.stats)}\n`));
    }
    gc = created;
  }
  return gc;
}

/** Commits the connection's open batch, if it has one (before a close or a checkpoint). */
export function flushGroupCommit(db: Db): void {
  byConnection.get(db)?.flush();
}
