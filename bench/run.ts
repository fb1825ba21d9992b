/**
 * `npm run bench`: crossbuy's real routes (auth, rate limit, SQLite, validation, serialization) measured
 * on this machine, each section written into docs/PERFORMANCE.md:
 *  - reads against a bare Fastify route returning the same JSON, measured in the same run;
 *  - POST /orders throughput with the ledger invariant checked after the run (crossbuy doctor);
 *  - calculate-freight-batch throughput;
 *  - GET /orders on a database holding 100,000 orders;
 *  - the server's memory under a mixed soak (bench/soak.ts; BENCH_SOAK_SECONDS, 60 by default);
 *  - the UI's main-thread blocking time on first load of the shop, a product and the orders page, 4x CPU
 *    (bench/ui.ts; Chromium as the e2e tests find it);
 *  - (named only) `scale`: 1,000,000 orders; `worlds`: world creation, reset and memory (bench/worlds.ts);
 *    `start`: cold start to the first answer beside `crossbuy --help` (bench/start.ts).
 */
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measure, startChild, stopChild, table, tempDataDir, CONNECTIONS, DURATION_S, type Measured } from './harness.js';
import { seedOrders } from './seed-orders.js';
import { scale } from './scale.js';
import { soak } from './soak.js';
import { worlds } from './worlds.js';
import { start } from './start.js';
import { doctorAtScale } from './doctor.js';
import { hasTargets, recordTarget, targetsTable } from './targets.js';
import { ui } from './ui.js';
import { OrderFloor } from './order-floor.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'bin', 'crossbuy.js');
const LARGE_ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);

/** Runs the CLI of this build, or of the build that will serve the folder (a folder is made by its own build's schema). */
function crossbuy(args: string[], cliPath = cli): string {
  return execFileSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' }).trim();
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function serve(dataDir: string, cliPath = cli) {
  const key = crossbuy(['keys', 'create', '--data', dataDir, '--name', 'bench', '--scopes', 'all', '--rate-limit', '1000000'], cliPath);
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir], cliPath);
  const server = await startChild(process.execPath, [cliPath, 'serve', '--port', '0', '--data', dataDir], /127\.0\.0\.1:(\d+)/);
  return { key, child: server.child, origin: `http://127.0.0.1:${server.match[1]}`, headers: { authorization: `Bearer ${key}` } };
}

/** A server (of this build or another) whose cart holds three lines, as the issue measures it (an empty cart would measure only the envelope). */
async function cartServer(cliPath: string) {
  const dataDir = tempDataDir();
  const server = await serve(dataDir, cliPath);
  const found = (await (await fetch(`${server.origin}/api/v1/open/products/search?limit=3`, { headers: server.headers })).json()) as {
    data: { items: { id: number; skus: { skuId: string }[] }[] };
  };
  for (const product of found.data.items.slice(0, 3)) {
    await fetch(`${server.origin}/api/v1/open/cart/items`, {
      method: 'POST',
      headers: { ...server.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: String(product.id), skuId: product.skus[0]!.skuId, quantity: 1 }),
    });
  }
  return { ...server, dataDir };
}

/**
 * `npm run bench -- reads`: GET /cart and the catalog search against a bare Fastify route answering the
 * same JSON, and (BENCH_BASELINE=<a checkout of main>) main's build; measured in turns, ROUNDS times each,
 * each row its median round.
 */
async function reads(): Promise<void> {
  const server = await cartServer(cli);
  const baselineDir = process.env.BENCH_BASELINE;
  const baselineServer = baselineDir
    ? await cartServer(join(baselineDir, 'bin', 'crossbuy.js')).catch(async (error: unknown) => {
        await stopChild(server.child);
        throw error;
      })
    : null;
  const routes = { '/api/v1/open/cart': 'cart', '/api/v1/open/products/search?q=hoodie': 'search' };
  const bodies: Record<string, unknown> = {};
  for (const path of Object.keys(routes)) bodies[path.split('?')[0]!] = await (await fetch(server.origin + path, { headers: server.headers })).json();
  const bodiesFile = join(server.dataDir, 'bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = await startChild(process.execPath, [join(root, 'bench', 'bare-server.js'), bodiesFile, '0'], /listening on (\d+)/);
  const bareOrigin = `http://127.0.0.1:${bare.match[1]}`;
  // The floor: only the duties GET /cart keeps on every request, each the cheapest way (bench/floor-server.js).
  const floor = await startChild(
    process.execPath,
    [join(root, 'bench', 'floor-server.js'), bodiesFile, join(server.dataDir, 'crossbuy.db-shm'), server.key, join(tempDataDir(), 'floor-log.sqlite'), '0'],
    /listening on (\d+)/,
  );
  const floorOrigin = `http://127.0.0.1:${floor.match[1]}`;
  // The same build and folder with the request log off: what logging costs a read, in the same turns.
  const unlogged = await startChild(process.execPath, [cli, 'serve', '--port', '0', '--data', server.dataDir], /127\.0\.0\.1:(\d+)/, {
    CROSSBUY_REQUEST_LOG: 'off',
  });
  const unloggedOrigin = `http://127.0.0.1:${unlogged.match[1]}`;
  const rows: Measured[] = [];
  const baseline: Record<string, string> = {};
  const perRound: string[] = [];
  try {
    for (const [path, name] of Object.entries(routes)) {
      const label = `GET ${path.replace('/api/v1/open', '')}${name === 'cart' ? ' (3 lines)' : ''}`;
      const turns: [string, () => Promise<Measured>][] = [
        [`bare ${name}`, () => measure(`bare ${name}`, { url: bareOrigin + path.split('?')[0] }, bare.child.pid)],
        [label, () => measure(label, { url: server.origin + path, headers: server.headers }, server.child.pid)],
      ];
      if (name === 'cart') {
        turns.push([FLOOR_CART, () => measure(FLOOR_CART, { url: floorOrigin + path, headers: server.headers }, floor.child.pid)]);
        baseline[FLOOR_CART] = `bare ${name}`;
      }
      const offLabel = `${label}, request log off`;
      turns.push([offLabel, () => measure(offLabel, { url: unloggedOrigin + path, headers: server.headers }, unlogged.child.pid)]);
      baseline[offLabel] = `bare ${name}`;
      if (baselineServer) {
        const baseLabel = `${label}, baseline build (BENCH_BASELINE)`;
        turns.push([baseLabel, () => measure(baseLabel, { url: baselineServer.origin + path, headers: baselineServer.headers }, baselineServer.child.pid)]);
        baseline[baseLabel] = `bare ${name}`;
      }
      baseline[label] = `bare ${name}`;
      const measured = new Map<string, Measured[]>(turns.map(([l]) => [l, []]));
      for (let round = 0; round < ROUNDS; round++) for (const [l, run] of turns) measured.get(l)!.push(await run());
      for (const [l, runs] of measured) {
        const row = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
        // CPU per request: the median round of its own (it is the steadier figure; see harness.ts).
        const cpu = runs.map((m) => m.cpuPerRequestUs).filter((v) => v !== undefined);
        const thread = runs.map((m) => m.requestThreadCpuUs).filter((v) => v !== undefined);
        rows.push(cpu.length === runs.length ? { ...row, cpuPerRequestUs: median(cpu), requestThreadCpuUs: median(thread) } : row);
        perRound.push(`${l}: ${runs.map((m) => m.requestsPerSecond + (m.cpuPerRequestUs === undefined ? '' : ` (${m.cpuPerRequestUs} us)`)).join(', ')}`);
      }
    }
  } finally {
    await stopChild(bare.child);
    await stopChild(floor.child);
    await stopChild(unlogged.child);
    await stopChild(server.child);
    if (baselineServer) await stopChild(baselineServer.child);
  }
  const cart = rows.find((r) => r.name === 'GET /cart (3 lines)');
  const bareCart = rows.find((r) => r.name === 'bare cart');
  const floorRow = rows.find((r) => r.name === FLOOR_CART);
  if (cart && bareCart) {
    const floorRatio = floorRow ? `; the floor of its duties: ${(floorRow.requestsPerSecond / bareCart.requestsPerSecond).toFixed(2)}` : '';
    recordTarget('cart/bare', cart.requestsPerSecond / bareCart.requestsPerSecond, `${cart.requestsPerSecond} against ${bareCart.requestsPerSecond} req/s${floorRatio}`);
  }
  const floorNote =
    floorRow && bareCart && cart
      ? `The floor (bench/floor-server.js: no framework, only the duties GET /cart keeps on every request: the key's hash and lookup, the ` +
        `WAL-index pread, the rate-limit window, the request id and headers, the log's thread) answers at ` +
        `${(floorRow.requestsPerSecond / bareCart.requestsPerSecond).toFixed(2)} of the bare route; crossbuy's GET /cart at ` +
        `${(cart.requestsPerSecond / floorRow.requestsPerSecond).toFixed(2)} of the floor.`
      : '';
  report('Open API reads', `${table(rows, baseline)}\n\n${floorNote}\n\n${logCost(rows)}\n\nreq/s per round (${ROUNDS} rounds, in turns): ${perRound.join('; ')}.`);
}

const FLOOR_CART = 'floor: GET /cart duties only';
const FLOOR_ORDERS = `floor: the order's SQL alone (bench/order-floor.ts), in process, no HTTP, ${CONNECTIONS} orders a commit`;

/** What the request log costs each read: its row against the same route's "request log off" row. */
function logCost(rows: Measured[]): string {
  // Signed: a run whose logged turn came out cheaper than the unlogged one (noise) says so as it is.
  const change = (on: number | undefined, off: number | undefined) =>
    on === undefined || off === undefined || off === 0 ? '?' : `${on >= off ? '+' : '-'}${((Math.abs(on - off) / off) * 100).toFixed(0)}%`;
  const lines = rows
    .filter((r) => r.name.endsWith(', request log off'))
    .map((off) => {
      const on = rows.find((r) => r.name === off.name.replace(', request log off', ''))!;
      return `- ${on.name}: request thread CPU ${change(on.requestThreadCpuUs, off.requestThreadCpuUs)}, whole process CPU (the log's writer thread included) ${change(on.cpuPerRequestUs, off.cpuPerRequestUs)}, req/s ${change(on.requestsPerSecond, off.requestsPerSecond)}`;
    });
  return `What the request log costs a read (logged against the same build with it off):\n${lines.join('\n')}`;
}

/** One server for the writes section: its own process, stderr kept for the group-commit stats it prints at exit. */
async function serveFor(dataDir: string, cliPath: string, env: NodeJS.ProcessEnv) {
  const key = crossbuy(['keys', 'create', '--data', dataDir, '--name', 'bench', '--scopes', 'all', '--rate-limit', '1000000'], cliPath);
  crossbuy(['admin', 'autopilot', 'off', '--data', dataDir], cliPath);
  const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CROSSBUY_GROUP_COMMIT_STATS: '1', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = /127\.0\.0\.1:(\d+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  return { key, child, origin, headers: { authorization: `Bearer ${key}` }, stderr: () => stderr };
}

/**
 * The disk's own limit: single-row transactions committed one by one with synchronous = FULL in WAL mode
 * (one fsync each), in the data folder's file system, for as long as each route is measured.
 */
function rawCommitRate(dir: string, seconds: number): number {
  const db = new Database(join(dir, 'raw-commit.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const started = performance.now();
    let commits = 0;
    while (performance.now() - started < seconds * 1000) {
      insert.run('row');
      commits++;
    }
    return Math.round(commits / ((performance.now() - started) / 1000));
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `raw-commit.db${suffix}`), { force: true });
  }
}

interface OrderServer {
  label: string;
  dataDir: string;
  server: Awaited<ReturnType<typeof serveFor>>;
  skus: { productId: string; skuId: string }[];
}

/** A server of one build and setting, funded, with every SKU that has stock to spread the orders over. */
async function orderServer(label: string, cliPath: string, env: NodeJS.ProcessEnv): Promise<OrderServer> {
  const dataDir = tempDataDir();
  const server = await serveFor(dataDir, cliPath, env);
  // Ample stock, written beside the running server (another connection, as the CLI would): at ~5,000
  // orders a second the demo catalog's stock runs out within a round, and the run would measure 422s.
  const db = new Database(join(dataDir, 'crossbuy.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE product_skus SET stock = 1000000000 WHERE stock > 50').run();
  } finally {
    db.close();
  }
  const adminToken = crossbuy(['admin', 'token', '--data', dataDir], cliPath);
  await fetch(`${server.origin}/api/v1/admin/wallet/deposit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 900_000_000, note: 'bench' }),
  });
  const skus: { productId: string; skuId: string }[] = [];
  for (let page = 1; page <= 3; page++) {
    const res = (await (await fetch(`${server.origin}/api/v1/open/products/search?limit=100&page=${page}`, { headers: server.headers })).json()) as {
      data: { items: { id: number; skus: { skuId: string; stock: number }[] }[] };
    };
    for (const p of res.data.items) for (const s of p.skus) if (s.stock > 50) skus.push({ productId: String(p.id), skuId: s.skuId });
  }
  return { label, dataDir, server, skus };
}

function measureOrders(target: OrderServer, seconds: number): Promise<Measured> {
  let next = 0;
  return measure(target.label, {
    url: `${target.server.origin}/api/v1/open/orders`,
    method: 'POST',
    duration: seconds,
    headers: { ...target.server.headers, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ items: [{ ...target.skus[next++ % target.skus.length]!, quantity: 1 }] }) }) }],
  });
}

/** The batch sizes a server saw (it prints them at exit when CROSSBUY_GROUP_COMMIT_STATS=1). */
function batchSizes(stderr: string): string {
  const stats = /group-commit (\{.*\})/.exec(stderr)?.[1];
  if (!stats) return 'no figures';
  const s = JSON.parse(stats) as { batches: number; requests: number; largest: number };
  return s.batches > 0 ? `${(s.requests / s.batches).toFixed(1)} requests per commit on average (largest ${s.largest})` : 'no batches';
}


/**
 * `npm run bench -- writes`: the disk's raw single-row FULL commit rate, then POST /orders with group
 * commit, the same build with group commit off, and (BENCH_BASELINE=<a checkout of main>) main's build. The
 * servers run side by side and are measured in turns, ROUNDS times each, so the machine's load weighs on
 * each alike; each row is its median round. Then calculate-freight-batch, then the doctor.
 */
async function writes(): Promise<void> {
  const rawDir = tempDataDir();
  const targets: OrderServer[] = [];
  const baselineDir = process.env.BENCH_BASELINE;
  try {
    targets.push(await orderServer('POST /orders (1 line, wallet debit), group commit', cli, {}));
    targets.push(await orderServer('POST /orders, group commit off', cli, { CROSSBUY_GROUP_COMMIT: 'off' }));
    if (baselineDir) targets.push(await orderServer(`POST /orders, baseline build (BENCH_BASELINE)`, join(baselineDir, 'bin', 'crossbuy.js'), {}));
  } catch (error) {
    for (const target of targets) await stopChild(target.server.child);
    throw error;
  }
  const rounds = new Map<OrderServer, Measured[]>(targets.map((t) => [t, []]));
  const seconds = Math.max(2, Math.round(DURATION_S / 2));
  const rows: Measured[] = [];
  const rawRounds: number[] = [];
  const floorRounds: number[] = [];
  // As many orders to a commit as the bench has connections: each client waits for its answer.
  const floor = new OrderFloor(tempDataDir(), CONNECTIONS);
  try {
    floor.rate(1);
    // Each server warmed up first (not counted): the first seconds compile the order path and the route's
    // serializer, which a long-running server pays once; the rounds measure it running.
    for (const target of targets) await measureOrders(target, 2);
    // The disk's rate is taken in every round too: on a shared machine it swings as much as the servers'.
    for (let round = 0; round < ROUNDS; round++) {
      rawRounds.push(rawCommitRate(rawDir, seconds));
      floorRounds.push(floor.rate(seconds));
      for (const target of targets) rounds.get(target)!.push(await measureOrders(target, seconds));
    }
    for (const target of targets) {
      const sorted = [...rounds.get(target)!].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
      rows.push(sorted[Math.floor(sorted.length / 2)]!);
    }
    rows.push(
      await measure('POST /logistics/calculate-freight-batch', {
        url: `${targets[0]!.server.origin}/api/v1/open/logistics/calculate-freight-batch`,
        method: 'POST',
        headers: { ...targets[0]!.server.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ country: 'US', weight: 1850, length: 40, width: 30, height: 20 }),
      }),
    );
  } finally {
    floor.close();
    for (const target of targets) await stopChild(target.server.child);
  }
  const lines = ['| measure | req/s | p50 ms | p99 ms | x raw commit rate | errors |', '|---|---:|---:|---:|---:|---:|'];
  const raw = median(rawRounds);
  lines.push(`| raw single-row commits, synchronous=FULL, data folder's disk | ${raw} |  |  | 1.00 |  |`);
  const floorRate = median(floorRounds);
  lines.push(`| ${FLOOR_ORDERS} | ${floorRate} |  |  | ${(floorRate / raw).toFixed(2)} |  |`);
  for (const r of rows) {
    const ratio = r.name.startsWith('POST /orders') ? (r.requestsPerSecond / raw).toFixed(2) : '';
    lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors + r.non2xx} |`);
  }
  const grouped = rows[0]!;
  recordTarget(
    'orders/raw',
    grouped.requestsPerSecond / raw,
    `${grouped.requestsPerSecond} orders/s against ${raw} commits/s; the order's SQL alone, no HTTP: ${(floorRate / raw).toFixed(2)}`,
  );
  recordTarget('orders p99', grouped.p99);
  const short = (label: string) => (label.startsWith('POST /orders (') ? 'group commit' : label.replace(/^POST \/orders, /, ''));
  const perRound = [`raw commits: ${rawRounds.join(', ')}`, `floor: ${floorRounds.join(', ')}`, ...targets.map((t) => `${short(t.label)}: ${rounds.get(t)!.map((m) => m.requestsPerSecond).join(', ')}`)].join('; ');
  const orderFloorNote =
    `The floor (bench/order-floor.ts: \`createOrder\` in savepoints of the server's own group commit, ${CONNECTIONS} orders a commit as ` +
    `${CONNECTIONS} waiting clients allow at most, in the bench's process with no HTTP, key, body or log) placed ${floorRate} orders/s, ` +
    `${(floorRate / raw).toFixed(2)} of the raw commit rate: at ${CONNECTIONS} connections no HTTP layer can lift POST /orders above that. ` +
    `crossbuy's POST /orders ran at ${(grouped.requestsPerSecond / floorRate).toFixed(2)} of the floor.`;
  const doctor = crossbuy(['doctor', '--data', targets[0]!.dataDir]);
  const doctorLines = doctor.split('\n').filter((l) => /^(ok|FAIL|warn)/i.test(l.trim()) || /checks passed/.test(l));
  report(
    'Writes and quotes',
    `${lines.join('\n')}\n\n${orderFloorNote}\n\nreq/s per round (${ROUNDS} rounds of ${seconds} s, in turns): ${perRound}. Group commit: ${batchSizes(targets[0]!.server.stderr())}.\n\n` +
      `After the run, \`crossbuy doctor\` on the group-commit data folder:\n\n${doctorLines.map((l) => `    ${l.trim()}`).join('\n')}`,
  );
}

async function largeList(): Promise<void> {
  const dataDir = tempDataDir();
  crossbuy(['data-dir', '--data', dataDir]);
  crossbuy(['keys', 'list', '--data', dataDir]); // first start: schema and demo data
  const started = Date.now();
  seedOrders(dataDir, LARGE_ORDER_COUNT);
  const seeded = ((Date.now() - started) / 1000).toFixed(1);
  const server = await serve(dataDir);
  const rows: Measured[] = [];
  try {
    rows.push(await measure(`GET /orders (of ${LARGE_ORDER_COUNT})`, { url: `${server.origin}/api/v1/open/orders?limit=20`, headers: server.headers }));
    rows.push(await measure(`GET /orders?status=paid&page=50`, { url: `${server.origin}/api/v1/open/orders?status=paid&page=50&limit=20`, headers: server.headers }));
  } finally {
    await stopChild(server.child);
  }
  report(`Order list on ${LARGE_ORDER_COUNT} orders`, `${table(rows)}\n\n(${LARGE_ORDER_COUNT} orders seeded in ${seeded} s.)`);
}

function report(section: string, text: string): void {
  process.stdout.write(`\n## ${section}\n${text}\n`);
  const file = join(root, 'docs', 'PERFORMANCE.md');
  let doc: string;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Performance\n\nWritten by `npm run bench`. Each table is one run on the machine named under it.\n';
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${DURATION_S} s per route, ${CONNECTIONS} connections, ${new Date().toISOString().slice(0, 10)}`;
  const block = `## ${section}\n\n${text}\n\n_${machine}_\n`;
  const pattern = new RegExp(`## ${section.replace(/[()?]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
  doc = pattern.test(doc) ? doc.replace(pattern, block.trimEnd() + '\n') : `${doc.trimEnd()}\n\n${block}`;
  writeFileSync(file, doc);
}

const sections: Record<string, () => Promise<void>> = {
  reads,
  writes,
  'large-list': largeList,
  soak: () => soak(report, cli),
  doctor: () => doctorAtScale(report),
  start: () => start(report),
  scale: () => scale(report),
  worlds: () => worlds(report),
  ui: () => ui(report),
};
/** Sections that take many minutes run only when named: `npm run bench -- scale`. */
const ON_REQUEST = new Set(['scale', 'worlds']);
/** `npm run bench -- targets`: only the sections that measure issue 28's targets, then their table. */
const TARGET_SECTIONS = new Set(['reads', 'writes', 'soak', 'start', 'doctor', 'ui']);
const only = process.argv[2];
for (const [name, run] of Object.entries(sections)) {
  if (only === 'targets' ? !TARGET_SECTIONS.has(name) : only ? only !== name : ON_REQUEST.has(name)) continue;
  await run();
}
// The doc keeps the table of a run that measured them all (`targets`, or the default run); a single
// section's run prints its rows here without replacing that table with one mostly "not measured".
if (hasTargets() && only !== undefined && only !== 'targets') process.stdout.write(`\n## Targets (issue 28), this section only\n${targetsTable()}\n`);
else if (hasTargets()) {
  report(
    'Targets (issue 28)',
    `${targetsTable()}

Each figure from the section of the same run above (\`npm run bench -- targets\` runs only those six). Load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}.`,
  );
}
