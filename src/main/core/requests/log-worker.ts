/**
 * The request log's writer thread (request-log.ts starts it): owns the log's database, writes the
 * entries the server thread posts, answers its queries, in the order they were posted (so a query sees
 * every entry posted before it).
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { boundMemory } from '../db/memory-bounds.js';
import { privateDatabaseFile } from '../shared/private-files.js';
import { RequestLogStore } from './log-store.js';
import { maskIssuedSecrets } from './redact.js';
import type { LogCall, LogReply, LogValue } from './log-protocol.js';
import { PendingWrites } from './pending-writes.js';

const LOG_PAGE_CACHE_KIB = 1024;

const { file, limit, secrets } = workerData as { file: string; limit: number; secrets?: string[] };
maskIssuedSecrets(secrets ?? []);
privateDatabaseFile(file);
const db = new Database(file);
db.pragma('journal_mode = WAL');
// A log, not the ledger: a power cut may lose its last lines (NORMAL in WAL mode: no fsync per commit,
// and the file stays consistent). The fsyncs that remain (checkpoints) block this thread, not the server.
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
// Written in batches and read rarely (a query walks batches newest first): a small page cache serves that.
boundMemory(db, LOG_PAGE_CACHE_KIB);
const store = new RequestLogStore(db, limit);

const pending = new PendingWrites(store, (error, lost) => {
  process.stderr.write(`crossbuy: the request log could not write ${lost} batch(es) of entries: ${error instanceof Error ? error.message : String(error)}\n`);
});

function answer(call: LogCall): LogValue {
  if (call.kind === 'write') {
    pending.add(call.batch);
    return null;
  }
  pending.flush();
  switch (call.kind) {
    case 'limit':
      store.limit = call.value;
      return null;
    case 'list':
      return store.list(call.filter, Date.now(), call.world);
    case 'get':
      return store.get(call.id, Date.now(), call.world);
    case 'forget':
      store.forgetWorld(call.world);
      return null;
    case 'close':
      db.close();
      return null;
  }
}

parentPort!.on('message', (call: LogCall) => {
  let reply: LogReply;
  try {
    reply = { seq: call.seq, ok: true, value: answer(call) };
  } catch (error) {
    reply = { seq: call.seq, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (call.seq !== 0) parentPort!.postMessage(reply);
  if (call.kind === 'close') parentPort!.close();
});
