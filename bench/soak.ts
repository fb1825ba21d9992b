/**
 * `npm run bench -- soak`: the server's memory under a steady mixed load, as issue 28 measured it: 12
 * clients at ~354 requests a second in all (reads, and one order in eleven requests), the autopilot at
 * `demo` moving every order on, 3 event streams open and one webhook receiver taking every event. The
 * server's resident set (RSS, from /proc) is sampled every second: the report gives its peak, its steady
 * level (the median of the last third of the run) and what was served, next to the server's RSS at rest.
 * BENCH_SOAK_SECONDS sets the length (60 by default; the soak is 300).
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openEventStream, type EventStream } from '../src/client/events.js';
import { startChild, tempDataDir } from './harness.js';
import { recordTarget } from './targets.js';

type Report = (section: string, text: string) => void;

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CLIENTS = 12;
/** Each client's pause between requests: 12 clients at ~34 ms make ~354 requests a second. */
const PAUSE_MS = 1000 / (354 / CLIENTS);
const STREAMS = 3;

/** The resident set of a process in MB (Linux /proc), or null elsewhere. */
function rssMb(pid: number): number | null {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(file, 'utf8'))?.[1];
  return kb === undefined ? null : Math.round(Number(kb) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Target {
  origin: string;
  headers: Record<string, string>;
  admin: Record<string, string>;
  skus: { productId: string; skuId: string }[];
}

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** One event stream (the project's own client), read until closed: counts the events it got. */
async function readStream(stream: EventStream, counts: { events: number }): Promise<void> {
  for await (const _event of stream) counts.events++;
}

/** One client: a request every PAUSE_MS until the end, one order in eleven, the rest the reads a script makes. */
async function client(target: Target, index: number, until: number, tally: { requests: number; orders: number; serverErrors: number; otherErrors: number }) {
  const orderNos: string[] = [];
  let n = index;
  while (Date.now() < until) {
    const started = Date.now();
    n++;
    let res: Response;
    if (n % 11 === 0) {
      const sku = target.skus[n % target.skus.length]!;
      res = await fetch(`${target.origin}/api/v1/open/orders`, {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ ...sku, quantity: 1 }] }),
      });
      const body = (await json(res)) as { data?: { orderNo: string } };
      if (res.ok && body.data) {
        tally.orders++;
        orderNos.push(body.data.orderNo);
        if (orderNos.length > 50) orderNos.shift();
      }
    } else {
      const reads = [
        '/cart',
        '/orders?limit=20',
        '/products/search?q=hoodie',
        '/user/wallet/balance',
        orderNos.length > 0 ? `/orders/${orderNos[n % orderNos.length]}` : '/orders?status=paid&limit=20',
        '/user/wallet/transactions?limit=20',
      ];
      res = await fetch(`${target.origin}/api/v1/open${reads[n % reads.length]}`, { headers: target.headers });
      await res.arrayBuffer();
    }
    tally.requests++;
    if (res.status >= 500) tally.serverErrors++;
    else if (!res.ok) {
      tally.otherErrors++;
      if (process.env.BENCH_SOAK_DEBUG) process.stderr.write(`${res.status} ${res.url}\n`);
    }
    const wait = PAUSE_MS - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }
}

export interface SoakResult {
  idleMb: number;
  peakMb: number;
  steadyMb: number;
  samples: number[];
  requests: number;
  orders: number;
  serverErrors: number;
  otherErrors: number;
  events: number;
  deliveries: number;
}

/** Runs the soak against the server of `cli` (a build's bin/crossbuy.js) on a fresh data folder. */
export async function soakOnce(cli: string, seconds = SECONDS, env: NodeJS.ProcessEnv = {}): Promise<SoakResult> {
  const dataDir = tempDataDir();
  const run = (args: string[]) => execFileSync(process.execPath, [cli, ...args, '--data', dataDir], { encoding: 'utf8' }).trim();
  const key = run(['keys', 'create', '--name', 'soak', '--scopes', 'all', '--rate-limit', '1000000']);
  const adminToken = run(['admin', 'token']);
  const db = new Database(join(dataDir, 'crossbuy.db'));
  try {
    db.prepare('UPDATE product_skus SET stock = 1000000000 WHERE stock > 50').run();
  } finally {
    db.close();
  }
  let deliveries = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      deliveries++;
      res.end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const started = await startChild(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], /127\.0\.0\.1:(\d+)/, env);
  const server = { child: started.child, origin: `http://127.0.0.1:${started.match[1]}` };
  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const target: Target = { origin: server.origin, headers: { authorization: `Bearer ${key}` }, admin, skus: [] };
  const streams: EventStream[] = [];
  try {
    const adminCall = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.origin}/api/v1/admin${path}`, { method, headers: admin, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    };
    await adminCall('POST', '/wallet/deposit', { amount: 900_000_000, note: 'soak' });
    const types = (await json(await fetch(`${server.origin}/api/v1/admin/event-types`, { headers: admin }))) as { data: string[] };
    await adminCall('POST', '/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: types.data.slice(0, 20) });
    for (let page = 1; page <= 2; page++) {
      const found = (await json(await fetch(`${server.origin}/api/v1/open/products/search?limit=100&page=${page}`, { headers: target.headers }))) as {
        data: { items: { id: number; skus: { skuId: string; stock: number }[] }[] };
      };
      for (const p of found.data.items) for (const s of p.skus) if (s.stock > 50) target.skus.push({ productId: String(p.id), skuId: s.skuId });
    }
    await sleep(1000);
    const idleMb = rssMb(server.child.pid!) ?? 0;
    await adminCall('PUT', '/autopilot', { pace: 'demo' });
    const counts = { events: 0 };
    for (let i = 0; i < STREAMS; i++) streams.push(await openEventStream({ baseUrl: server.origin, apiKey: key }));
    const streaming = streams.map((stream) => readStream(stream, counts));
    const tally = { requests: 0, orders: 0, serverErrors: 0, otherErrors: 0 };
    const until = Date.now() + seconds * 1000;
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const mb = rssMb(server.child.pid!);
      if (mb !== null) samples.push(mb);
    }, 1000);
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(target, i, until, tally)));
    clearInterval(sampler);
    for (const stream of streams) stream.close();
    await Promise.all(streaming);
    const lastThird = samples.slice(Math.floor((samples.length * 2) / 3));
    return { idleMb, peakMb: Math.max(...samples), steadyMb: median(lastThird), samples, ...tally, events: counts.events, deliveries };
  } finally {
    for (const stream of streams) stream.close();
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    receiver.closeAllConnections();
    receiver.close();
  }
}

/** The bench section: one soak of this build (and of BENCH_BASELINE's, after it, when given). */
export async function soak(report: Report, cli: string): Promise<void> {
  const builds: [string, string][] = [['this build', cli]];
  if (process.env.BENCH_BASELINE) builds.push(['baseline build (BENCH_BASELINE)', join(process.env.BENCH_BASELINE, 'bin', 'crossbuy.js')]);
  const lines = [
    '| build | RSS at rest MB | peak RSS MB | steady RSS MB | requests | req/s | orders | 5xx | other errors | events (3 streams) | webhook deliveries |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const traces: string[] = [];
  for (const [name, path] of builds) {
    const r = await soakOnce(path);
    if (path === cli) recordTarget('soak RSS', r.peakMb, `${Math.round(r.requests / SECONDS)} req/s for ${SECONDS} s, ${r.serverErrors} 5xx`);
    lines.push(
      `| ${name} | ${r.idleMb} | ${r.peakMb} | ${r.steadyMb} | ${r.requests} | ${Math.round(r.requests / SECONDS)} | ${r.orders} | ${r.serverErrors} | ${r.otherErrors} | ${r.events} | ${r.deliveries} |`,
    );
    const every = Math.max(1, Math.round(r.samples.length / 20));
    traces.push(`${name}: ${r.samples.filter((_, i) => i % every === 0).join(', ')}`);
  }
  report(
    'Memory soak',
    `${lines.join('\n')}\n\n${SECONDS} s (BENCH_SOAK_SECONDS), ${CLIENTS} clients, autopilot \`demo\`, ${STREAMS} event streams, one webhook receiver. ` +
      `Steady: the median of the last third of the run's one-second samples. RSS over the run (MB, every ${Math.max(1, Math.round(SECONDS / 20))} s): ${traces.join('; ')}.`,
  );
}
