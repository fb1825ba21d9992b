// The floor of an authenticated read: a server that keeps only the duties crossbuy's GET /cart must keep
// on every request, each done the cheapest way known, and nothing else. `npm run bench -- reads` measures
// it in the same turns as the bare route and crossbuy, so its ratio to the bare route is the most any
// implementation of those duties could reach on this machine (docs/PERFORMANCE.md, "Open API reads").
//
// Per request, as crossbuy does them: the Host header checked; the bearer key read and hashed (SHA-256) and
// its hash looked up in a key cache; one pread of the database's WAL-index header (has another process
// committed? a revoked key must be refused by the very next request); the key's rate-limit window counted;
// a time-ordered request id; the same answer headers (request id, three rate-limit headers, content type);
// the answer already serialized (crossbuy's kept view); the request handed to a log thread that stores
// batches in SQLite. Not done here, and done by crossbuy: routing through Fastify's hooks, the world and the
// caller's scopes, the kept view's freshness check, a log entry's full fields.
import { createHash, hash } from 'node:crypto';
import { openSync, readFileSync, readSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const [bodiesFile, shmFile, key, logFile, port = '0'] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8'))).map(([path, body]) => [path, JSON.stringify(body)]));
// One call where Node has it (21.7+): cheaper than a Hash object per key.
const sha256 = hash ? (text) => hash('sha256', text, 'base64url') : (text) => createHash('sha256').update(text).digest('base64url');
const keys = new Map([[sha256(key), { id: 1, limit: 1_000_000, windowStart: 0, used: 0 }]]);
const shm = openSync(shmFile, 'r');
const header = Buffer.alloc(96);
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

// The log thread: batches of flat entries, one row each, as crossbuy's log keeps them.
const log = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   const db = new (require(workerData.sqlite))(workerData.file);
   db.pragma('journal_mode = WAL');
   db.pragma('synchronous = NORMAL');
   db.exec('CREATE TABLE batches (id INTEGER PRIMARY KEY, entries TEXT NOT NULL)');
   const insert = db.prepare('INSERT INTO batches (entries) VALUES (?)');
   parentPort.on('message', (batch) => insert.run(JSON.stringify(batch)));`,
  { eval: true, workerData: { sqlite: createRequire(import.meta.url).resolve('better-sqlite3'), file: logFile } },
);
let pending = [];
let timer = null;
const post = () => {
  timer = null;
  if (pending.length === 0) return;
  log.postMessage(pending);
  pending = [];
};

let idPrefixMs = -1;
let idPrefix = '';
let sequence = 0;
function requestId(nowMs) {
  if (nowMs !== idPrefixMs) {
    const time = nowMs.toString(16).padStart(12, '0');
    idPrefix = `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
    idPrefixMs = nowMs;
  }
  return `${idPrefix}${(sequence++ & 0xfff).toString(16).padStart(3, '0')}-8000-000000000000`;
}

const server = http.createServer((request, response) => {
  const receivedAt = performance.now();
  const body = bodies.get(request.url);
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const found = token ? keys.get(sha256(token)) : undefined;
  if (!LOOPBACK.test(request.headers.host ?? '') || body === undefined || found === undefined) {
    response.writeHead(400).end();
    return;
  }
  readSync(shm, header, 0, 96, 0);
  const nowMs = Date.now();
  const window = Math.floor(nowMs / 60_000);
  if (window !== found.windowStart) {
    found.windowStart = window;
    found.used = 0;
  }
  found.used++;
  const id = requestId(nowMs);
  response.writeHead(200, [
    'x-request-id', id,
    'x-ratelimit-limit', String(found.limit),
    'x-ratelimit-remaining', String(found.limit - found.used),
    'x-ratelimit-reset', String((window + 1) * 60),
    'content-type', 'application/json; charset=utf-8',
    'content-length', String(Buffer.byteLength(body)),
  ]);
  response.end(body);
  pending.push(id, nowMs, found.id, request.method, request.url, 200, performance.now() - receivedAt);
  if (pending.length >= 512 * 7) post();
  else if (timer === null) timer = setTimeout(post, 20).unref();
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`floor listening on ${server.address().port}\n`));
