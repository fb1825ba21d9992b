import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RequestDetail, RequestLogFilter, RequestLogPage } from '../../../contract/admin/requests.js';
import type { CoreContext } from '../context.js';
import { readSetting } from '../settings/settings.js';
import { ApiError, badRequest, notFound } from '../shared/errors.js';
import { makeDatabaseFilesPrivate } from '../shared/private-files.js';
import { workerScript } from '../shared/worker-script.js';
import type { LogCall, LogReply, LogRequest } from './log-protocol.js';
import { BatchEncoder } from './log-batch.js';

export const REQUEST_LOG_FILE = 'request-log.sqlite';

/**
 * The open API's request log, as the server thread sees it. Logging must not cost the read path
 * (measured in docs/PERFORMANCE.md), so nothing of it touches the ledger's database or this thread's
 * time beyond a push:
 * - `record` only queues the entry (the body's head, already a bounded slice); one `postMessage` every
 *   POST_MS hands the queued entries to a worker thread (log-worker.ts).
 * - The worker masks, cuts, writes and prunes, in a database of its own (`<data>/request-log.sqlite`).
 *   Written into the ledger's database, each turn's insert changed `total_changes()`, which throws away
 *   the per-connection caches of the read path (the cart's view), and added WAL checkpoints (fsyncs) to
 *   this thread: GET /cart fell to a quarter of its rate.
 * - Queries go to the worker too, after the entries queued before them, so they see every finished request.
 * It is a log of requests, not the service's data: backups, restore and the demo reset leave it alone.
 */
export class RequestLog {
  private readonly pending = new BatchEncoder();
  /** The requests of worlds other than the default one, a batch per world (log-batch.ts: `worldOfWire`). */
  private readonly pendingOf = new Map<string, BatchEncoder>();
  private pendingCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private seq = 0;
  private readonly calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failed: Error | null = null;
  private closing: Promise<void> | null = null;

  private started: Worker | null = null;

  /**
   * `startWorker` runs on the first entry or query, not at construction: starting a thread (its module
   * graph, its database) cost a server's cold start a few hundred ms of a core (docs/PERFORMANCE.md,
   * "Cold start"), before any request had anything to log.
   */
  constructor(private readonly startWorker: () => Worker) {}

  private get worker(): Worker {
    if (this.started) return this.started;
    const worker = this.startWorker();
    this.started = worker;
    worker.on('message', (reply: LogReply) => {
      const call = this.calls.get(reply.seq);
      if (!call) return;
      this.calls.delete(reply.seq);
      if (this.calls.size === 0) worker.unref();
      if (reply.ok) call.resolve(reply.value);
      else call.reject(new Error(reply.message));
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const call of this.calls.values()) call.reject(error);
      this.calls.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the request log is closed')));
    // A server that stops without close() must not be kept alive by the log; a call waiting for its
    // answer must (else a process whose last work is close() exits before the log is closed).
    worker.unref();
    return worker;
  }

  /** Queues one finished request (the bodies as they were received and sent: only their heads are kept). */
  record(...entry: Parameters<BatchEncoder['add']>): void {
    this.recordIn('default', ...entry);
  }

  /** Queues one finished request of a world (its entries are listed only for that world). */
  recordIn(world: string, ...entry: Parameters<BatchEncoder['add']>): void {
    if (this.failed || this.closing) return;
    let encoder = this.pending;
    if (world !== 'default') {
      encoder = this.pendingOf.get(world) ?? new BatchEncoder();
      this.pendingOf.set(world, encoder);
    }
    encoder.add(...entry);
    if (++this.pendingCount >= POST_ENTRIES) this.post();
    else if (this.timer === null) this.timer = setTimeout(() => this.post(), POST_MS).unref();
  }

  list(filter: RequestLogFilter, world = 'default'): Promise<RequestLogPage> {
    // The schema's date-time format lets through what Date cannot read (a leap second, 23:59:60): a
    // `since` read as NaN would match every entry instead of saying it is wrong.
    if (filter.since !== undefined && Number.isNaN(Date.parse(filter.since))) throw badRequest('since must be an ISO 8601 date-time');
    return this.call({ kind: 'list', filter, world }) as Promise<RequestLogPage>;
  }

  async get(id: number, world = 'default'): Promise<RequestDetail> {
    const entry = (await this.call({ kind: 'get', id, world })) as RequestDetail | null;
    if (entry === null) throw notFound(`Request ${id} not found in the log`);
    return entry;
  }

  /** Drops a deleted world's entries, those still queued here included. */
  forgetWorld(world: string): void {
    if (this.failed || this.closing) return;
    this.post();
    this.worker.postMessage({ seq: 0, kind: 'forget', world } satisfies LogCall);
  }

  /** A thread not started yet reads the setting when it starts. */
  setLimit(value: number): void {
    if (!this.failed && this.started) this.started.postMessage({ seq: 0, kind: 'limit', value } satisfies LogCall);
  }

  /** Writes what is queued and closes the log's database (a clean stop). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.post();
      // Never started: nothing was logged or asked, so there is no database to close.
      if (!this.started) return;
      if (!this.failed) await this.call({ kind: 'close' }, true).catch(() => undefined);
      await this.started.terminate();
    })();
    return this.closing;
  }

  private post(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pendingCount = 0;
    if (this.failed) return;
    if (this.pending.size > 0) this.worker.postMessage({ seq: 0, kind: 'write', batch: this.pending.take() } satisfies LogCall);
    for (const [world, encoder] of this.pendingOf) {
      if (encoder.size > 0) this.worker.postMessage({ seq: 0, kind: 'write', batch: encoder.take(world) } satisfies LogCall);
    }
    this.pendingOf.clear();
  }

  private call(call: LogRequest, closing = false): Promise<unknown> {
    if (this.failed || (this.closing && !closing)) return Promise.reject(new ApiError(503, 'The request log is not available'));
    this.post();
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(seq, { resolve, reject });
      this.worker.postMessage({ ...call, seq } as LogCall);
    });
  }
}

/**
 * Entries are handed to the log's thread every POST_MS or POST_ENTRIES, whichever comes first: each
 * postMessage costs this thread a fixed price on top of the entries' copy, so one per turn of the event
 * loop (a few requests each under load) cost a read several percent. A query posts first, so it still
 * sees every finished request.
 */
const POST_MS = 20;
const POST_ENTRIES = 512;

const logs = new WeakMap<CoreContext, RequestLog>();

/**
 * Starts the request log of a served core (one per core; the server closes it on stop). `secrets`: this
 * server's tokens that carry no recognisable prefix (the UI session token), masked by value.
 */
export function openRequestLog(ctx: CoreContext, secrets: readonly string[] = []): RequestLog {
  const script = workerScript(fileURLToPath(new URL('.', import.meta.url)), 'request-log-worker', 'log-worker.ts');
  const file = ctx.dataDir === ':memory:' ? ':memory:' : join(ctx.dataDir, REQUEST_LOG_FILE);
  // The thread opens the file with its first entry, which may never come in this run: a log an older build
  // left readable by others is made private now, at start, as the service's own database is.
  if (file !== ':memory:') makeDatabaseFilesPrivate(file);
  const log = new RequestLog(() => new Worker(script.file, { workerData: { file, limit: readSetting(ctx.db, 'requestLogLimit'), secrets }, execArgv: script.execArgv }));
  logs.set(ctx, log);
  return log;
}

/** A world's core shares the server's one request log (its entries tagged with the world). */
export function shareRequestLog(from: CoreContext, to: CoreContext): void {
  const log = logs.get(from);
  if (log) logs.set(to, log);
}

/** A deleted world's entries leave the server's log (no-op where the core serves none: the CLI). */
export function forgetWorldRequests(ctx: CoreContext, world: string): void {
  logs.get(ctx)?.forgetWorld(world);
}

/** The request log of a served core; 503 when this core serves none (the CLI). */
export function requestLogOf(ctx: CoreContext): RequestLog {
  const log = logs.get(ctx);
  if (!log) throw new ApiError(503, 'The request log is kept by the server only');
  return log;
}

/**
 * Tells the core's log (if it has one) the `requestLogLimit` the database now holds: after a settings
 * change, and after a restore, which brings back the backup's settings.
 */
export function syncRequestLogLimit(ctx: CoreContext): void {
  logs.get(ctx)?.setLimit(readSetting(ctx.db, 'requestLogLimit'));
}
