/**
 * `npm run bench -- scale`: the service at 1,000,000 orders (issue 12). Seeds a data folder with orders
 * placed over the last ten days of the service clock in active statuses (so the autopilot has real work),
 * each paid from the ledger (2 entries per order), then measures: cold start to the first 200, the list
 * routes (first page, deep page, cursor), the wallet statement (first, deep, by type), order detail,
 * `crossbuy doctor` (time and peak memory), a 3-day clock advance at pace realistic through the admin API
 * while a prober calls GET /cart every 100 ms (capped; the server is then stopped with SIGTERM mid-run),
 * and the autopilot timer catching up on start. Also the small case of the issue: 2,000 orders placed
 * through the API, then `crossbuy admin clock advance 3d` and the same advance through the API with the
 * prober.
 *
 * BENCH_SCALE_ORDERS (default 1,000,000), BENCH_SCALE_DIR (reuse a seeded folder: seeding takes minutes),
 * BENCH_ADVANCE_CAP_S (default 60), BENCH_SECONDS (per route, default 8).
 */
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { measure, startChild, stopChild, tempDataDir, type Measured } from './harness.js';
import { ACTIVE_STATUSES, seedOrders } from './seed-orders.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'bin', 'crossbuy.js');
const ORDERS = Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000);
const ADVANCE_CAP_MS = Number(process.env.BENCH_ADVANCE_CAP_S ?? 60) * 1000;
/** The issue's deep page (40,000 of 20: 800,000 orders in) or, on a smaller run, as deep in proportion. */
const DEEP = Math.min(40_000, Math.floor((ORDERS * 0.8) / 20));
/** A quarter of the orders are paid: the same depth into that status. */
const DEEP_PAID = Math.floor(DEEP / 4);
const PROBE_TIMEOUT_MS = 10_000;
/** How long a SIGTERM may take before the server is killed (and reported as not stopping). */
const STOP_TIMEOUT_MS = 20_000;

/** SIGTERM, then SIGKILL if the server has not exited in time: returns ms to exit, or null when killed. */
async function stopOrKill(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return 0;
  const t = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const inTime = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), STOP_TIMEOUT_MS))]);
  if (inTime) return Math.round(performance.now() - t);
  child.kill('SIGKILL');
  await exited;
  return null;
}

/** Each figure as soon as it is known (a long run that dies still leaves what it measured). */
function note(text: string): void {
  process.stderr.write(`[scale] ${text}\n`);
}

function crossbuy(args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' }).trim();
}

interface Server {
  child: ChildProcess;
  origin: string;
  headers: Record<string, string>;
  admin: Record<string, string>;
  startedMs: number;
}

/** Starts `crossbuy serve` and times it from spawn to the first 200 of GET /cart. */
async function serve(dataDir: string, key: string): Promise<Server> {
  const adminToken = crossbuy(['admin', 'token', '--data', dataDir]);
  const t0 = performance.now();
  const { child, match } = await startChild(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], /127\.0\.0\.1:(\d+)/);
  const origin = `http://127.0.0.1:${match[1]}`;
  const headers = { authorization: `Bearer ${key}` };
  for (;;) {
    const res = await fetch(`${origin}/api/v1/open/cart`, { headers }).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { child, origin, headers, admin: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, startedMs: performance.now() - t0 };
}

/** GET /cart every 100 ms until stopped: the latencies a user of the app would feel meanwhile. */
function probe(server: Server): { stop(): Promise<{ count: number; p99: number; max: number; over250: number }> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      // A server that does not answer in 10 s is counted as 10 s (the code before issue 12 froze).
      await fetch(`${server.origin}/api/v1/open/cart`, { headers: server.headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      latencies.push(performance.now() - t);
      const wait = 100 - (performance.now() - t);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        p99: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
        max: Math.round(sorted.at(-1) ?? 0),
        over250: sorted.filter((l) => l > 250).length,
      };
    },
  };
}

/** Steps run so far: every step writes one timeline row or shipping event (read-only, from this process). */
async function stepsDone(dataDir: string): Promise<number> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'crossbuy.db'), { readonly: true });
  try {
    return (db.prepare("SELECT (SELECT COUNT(*) FROM order_timeline WHERE status <> 'pending') + (SELECT COUNT(*) FROM shipping_events)").pluck().get() as number);
  } finally {
    db.close();
  }
}

export function timeDoctor(dataDir: string): { seconds: number; peakMb: number; ok: boolean } {
  const t = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, 'doctor', '--data', dataDir], { encoding: 'utf8' });
  const seconds = (performance.now() - t) / 1000;
  const peakKb = Number(run.stderr.trim().split('\n').at(-1));
  return { seconds, peakMb: Math.round(peakKb / 1024), ok: run.status === 0 };
}

export function seeded(): { dataDir: string; seedSeconds: number | null } {
  const reuse = process.env.BENCH_SCALE_DIR;
  if (reuse && existsSync(join(reuse, 'crossbuy.db'))) return { dataDir: reuse, seedSeconds: null };
  const dataDir = reuse ?? tempDataDir();
  mkdirSync(dataDir, { recursive: true });
  crossbuy(['keys', 'list', '--data', dataDir]); // first start: schema and demo data
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir]);
  const t = performance.now();
  seedOrders(dataDir, ORDERS, { endingAt: new Date(), spanMs: 10 * 86_400_000, statuses: ACTIVE_STATUSES });
  return { dataDir, seedSeconds: (performance.now() - t) / 1000 };
}

async function readsAt(dataDir: string, key: string): Promise<{ rows: Measured[]; coldStartMs: number[] }> {
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir]);
  const coldStartMs: number[] = [];
  let server = await serve(dataDir, key);
  coldStartMs.push(server.startedMs);
  await stopChild(server.child);
  server = await serve(dataDir, key);
  coldStartMs.push(server.startedMs);
  const rows: Measured[] = [];
  try {
    const get = (path: string) => fetch(server.origin + path, { headers: server.headers }).then((r) => r.json() as Promise<{ data: { items: { orderNo?: string; id?: number }[] } }>);
    const deepOrder = (await get(`/api/v1/open/orders?page=${DEEP}&limit=20`)).data.items[0]?.orderNo ?? '';
    const deepEntry = (await get(`/api/v1/open/user/wallet/transactions?page=${DEEP}&limit=20`)).data.items[0]?.id ?? '';
    const anOrder = (await get('/api/v1/open/orders?limit=1')).data.items[0]?.orderNo ?? '';
    const routes: [string, string][] = [
      ['GET /orders (first page)', '/api/v1/open/orders?limit=20'],
      [`GET /orders?page=${DEEP}`, `/api/v1/open/orders?page=${DEEP}&limit=20`],
      ['GET /orders?startingAfter=(deep)', `/api/v1/open/orders?limit=20&startingAfter=${deepOrder}`],
      [`GET /orders?status=paid&page=${DEEP_PAID}`, `/api/v1/open/orders?status=paid&page=${DEEP_PAID}&limit=20`],
      ['GET /user/wallet/transactions', '/api/v1/open/user/wallet/transactions?limit=20'],
      [`GET /user/wallet/transactions?page=${DEEP}`, `/api/v1/open/user/wallet/transactions?page=${DEEP}&limit=20`],
      ['GET /user/wallet/transactions?startingAfter=(deep)', `/api/v1/open/user/wallet/transactions?limit=20&startingAfter=${deepEntry}`],
      [`GET /user/wallet/transactions?type=order_payment&page=${DEEP_PAID}`, `/api/v1/open/user/wallet/transactions?type=order_payment&page=${DEEP_PAID}&limit=20`],
      ['GET /orders/:id', `/api/v1/open/orders/${anOrder}`],
    ];
    for (const [name, path] of routes) {
      rows.push(await measure(name, { url: server.origin + path, headers: server.headers, timeout: 30 }));
      note(JSON.stringify(rows.at(-1)));
    }
  } finally {
    await stopChild(server.child);
  }
  note(`cold start: ${coldStartMs.map(Math.round).join(', ')} ms`);
  return { rows, coldStartMs };
}

/** A 3-day advance through the admin API with the prober running; stopped with SIGTERM past the cap. */
async function advanceWithProber(dataDir: string, key: string, capMs: number) {
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir]);
  const before = await stepsDone(dataDir);
  const server = await serve(dataDir, key);
  // The timer stays off while the advance runs alone; the pace is read per run.
  await fetch(`${server.origin}/api/v1/admin/autopilot`, { method: 'PUT', headers: server.admin, body: JSON.stringify({ pace: 'realistic', refundRate: 0 }) });
  const prober = probe(server);
  const t = performance.now();
  let finished = false;
  let steps: number | null = null;
  const advance = fetch(`${server.origin}/api/v1/admin/clock/advance`, { method: 'POST', headers: server.admin, body: JSON.stringify({ by: '3d' }) })
    .then(async (r) => {
      const body = (await r.json()) as { data?: { steps: number } };
      finished = r.status === 200;
      steps = body.data?.steps ?? null;
    })
    .catch(() => undefined);
  await Promise.race([advance, new Promise((r) => setTimeout(r, capMs))]);
  const seconds = (performance.now() - t) / 1000;
  const latency = await prober.stop();
  const stopMs = await stopOrKill(server.child);
  await advance;
  const result = { seconds, finished, steps: steps ?? (await stepsDone(dataDir)) - before, latency, stopMs };
  note(`advance: ${JSON.stringify(result)}`);
  return result;
}

/** The autopilot timer at realistic pace catching up on start, with the prober. */
async function timerWithProber(dataDir: string, key: string, seconds: number) {
  crossbuy(['admin', 'autopilot', 'realistic', '--data', dataDir]);
  const before = await stepsDone(dataDir);
  const server = await serve(dataDir, key);
  const prober = probe(server);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const latency = await prober.stop();
  const stopMs = await stopOrKill(server.child);
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir]);
  const steps = (await stepsDone(dataDir)) - before;
  note(`timer: ${JSON.stringify({ latency, stopMs, steps })}`);
  return { latency, stopMs, steps };
}

/** The issue's small case: 2,000 orders placed through the API, then a 3-day advance. */
async function smallCase() {
  const dataDir = tempDataDir();
  const key = crossbuy(['keys', 'create', '--data', dataDir, '--name', 'bench', '--scopes', 'all', '--rate-limit', '1000000']);
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir]);
  const server = await serve(dataDir, key);
  await fetch(`${server.origin}/api/v1/admin/wallet/deposit`, { method: 'POST', headers: server.admin, body: JSON.stringify({ amount: 900_000_000, note: 'bench' }) });
  await fetch(`${server.origin}/api/v1/admin/autopilot`, { method: 'PUT', headers: server.admin, body: JSON.stringify({ pace: 'off', refundRate: 2 }) });
  const skus: { productId: string; skuId: string }[] = [];
  for (let page = 1; page <= 3; page++) {
    const res = (await (await fetch(`${server.origin}/api/v1/open/products/search?limit=100&page=${page}`, { headers: server.headers })).json()) as {
      data: { items: { id: number; skus: { skuId: string; stock: number }[] }[] };
    };
    for (const p of res.data.items) for (const s of p.skus) if (s.stock > 50) skus.push({ productId: String(p.id), skuId: s.skuId });
  }
  for (let i = 0; i < 2000; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${server.origin}/api/v1/open/orders`, {
          method: 'POST',
          headers: { ...server.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ ...skus[(i + j) % skus.length]!, quantity: 1 }] }),
        }),
      ),
    );
  }
  await stopChild(server.child);
  const copy = `${dataDir}-api`;
  cpSync(dataDir, copy, { recursive: true });
  crossbuy(['admin', 'autopilot', 'realistic', '--data', dataDir]);
  const t = performance.now();
  const cliOut = crossbuy(['admin', 'clock', 'advance', '3d', '--data', dataDir]);
  const cliSeconds = (performance.now() - t) / 1000;
  const doctor = timeDoctor(dataDir);
  const api = await advanceWithProber(copy, key, 120_000);
  const doctorApi = timeDoctor(copy);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(copy, { recursive: true, force: true });
  note(`small: ${JSON.stringify({ cliSeconds, cliOut, doctor, api, doctorApi })}`);
  return { cliSeconds, cliOut, doctor, api, doctorApi };
}

function routeTable(rows: Measured[]): string {
  const lines = ['| route | req/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`);
  return lines.join('\n');
}

export async function scale(report: (section: string, text: string) => void): Promise<void> {
  // BENCH_SCALE_SKIP_SMALL=1 leaves out the 2,000-order case; BENCH_SCALE_ONLY_AUTOPILOT=1 measures only
  // the timer and the advance (re-running parts of a long run).
  const onlyAutopilot = Boolean(process.env.BENCH_SCALE_ONLY_AUTOPILOT);
  const small = process.env.BENCH_SCALE_SKIP_SMALL || onlyAutopilot ? null : await smallCase();
  const { dataDir, seedSeconds } = seeded();
  const key = crossbuy(['keys', 'create', '--data', dataDir, '--name', 'bench', '--scopes', 'all', '--rate-limit', '1000000']);
  const { rows, coldStartMs } = onlyAutopilot ? { rows: [], coldStartMs: [] } : await readsAt(dataDir, key);
  const doctor = onlyAutopilot ? { seconds: 0, peakMb: 0, ok: true } : timeDoctor(dataDir);
  note(`doctor: ${JSON.stringify(doctor)}`);
  const helpT = performance.now();
  crossbuy(['--help']);
  const helpMs = Math.round(performance.now() - helpT);
  // Copies would double the disk; the advance and the timer run last, on the seeded folder itself.
  const timer = await timerWithProber(dataDir, key, 20);
  const advance = await advanceWithProber(dataDir, key, ADVANCE_CAP_MS);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const text = [
    ...(small
      ? [
          `### 2,000 orders placed through the API, pace realistic`,
          '',
          `- \`crossbuy admin clock advance 3d\`: **${small.cliSeconds.toFixed(2)} s** (${small.cliOut.replace(/^.*; /, '')}, process start included); doctor after: ${small.doctor.ok ? 'clean' : 'FAILED'}.`,
          `- The same advance through \`POST /admin/clock/advance\` with GET /cart every 100 ms: ${small.api.seconds.toFixed(2)} s, ${small.api.steps ?? '?'} steps; the prober's ${small.api.latency.count} calls: p99 ${small.api.latency.p99} ms, max ${small.api.latency.max} ms, ${small.api.latency.over250} over 250 ms; doctor after: ${small.doctorApi.ok ? 'clean' : 'FAILED'}.`,
          '',
        ]
      : []),
    `### ${fmt(ORDERS)} orders (${fmt(ORDERS * 2)} ledger entries), active statuses, placed over the last 10 days`,
    '',
    seedSeconds === null ? '(A folder seeded earlier, BENCH_SCALE_DIR.)' : `(Seeded in ${seedSeconds.toFixed(0)} s.)`,
    '',
    routeTable(rows),
    '',
    `- Cold start to the first 200 of GET /cart (process spawn included): ${coldStartMs.map((m) => `${Math.round(m)} ms`).join(', then ')}.`,
    `- \`crossbuy --help\`: ${helpMs} ms.`,
    `- \`crossbuy doctor\`: ${doctor.seconds.toFixed(1)} s, peak RSS ${doctor.peakMb} MB, ${doctor.ok ? 'clean' : 'FAILED'}.`,
    `- Autopilot timer at realistic, catching up on start, GET /cart every 100 ms for 20 s: ${fmt(timer.steps)} steps run; p99 ${timer.latency.p99} ms, max ${timer.latency.max} ms over ${timer.latency.count} calls (a call unanswered in 10 s counts as 10 s); SIGTERM: ${timer.stopMs === null ? `no exit in ${STOP_TIMEOUT_MS / 1000} s (killed)` : `stopped in ${timer.stopMs} ms`}.`,
    `- \`POST /admin/clock/advance {by: "3d"}\` at realistic: ${advance.finished ? `done in ${advance.seconds.toFixed(1)} s, ${advance.steps} steps` : `still catching up after the ${ADVANCE_CAP_MS / 1000} s cap (${fmt(advance.steps)} steps run); SIGTERM: ${advance.stopMs === null ? `no exit in ${STOP_TIMEOUT_MS / 1000} s (killed)` : `stopped in ${advance.stopMs} ms`}`}; GET /cart meanwhile: p99 ${advance.latency.p99} ms, max ${advance.latency.max} ms over ${advance.latency.count} calls.`,
  ].join('\n');
  report(`Scale (${fmt(ORDERS)} orders)`, text);
  if (!process.env.BENCH_SCALE_DIR) rmSync(dataDir, { recursive: true, force: true });
}
