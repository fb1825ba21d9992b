/**
 * `npm run bench -- worlds` (worlds.md section 5): 100 worlds created from one world file by 8 concurrent
 * clients (after the first, which runs the steps and keeps the template); reset to a snapshot of a world
 * holding 1,000 orders; and the server's resident memory with 1,000 registered worlds against a server
 * with none. The server runs in its own process (bench/worlds-server.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChild, stopChild, tempDataDir } from './harness.js';
import { seedOrders } from './seed-orders.js';

const root = join(import.meta.dirname, '..');
const WORLDS = Number(process.env.BENCH_WORLDS ?? 100);
const CLIENTS = 8;
const REGISTERED = Number(process.env.BENCH_REGISTERED_WORLDS ?? 1000);
const RESETS = 20;

/** The world file the bench creates worlds from: a deposit and an order. */
const FILE = {
  crossbuyWorld: 1,
  name: 'bench',
  // A pinned start: only then is the result known, and later worlds copy the kept template.
  clockStart: '2026-06-01T00:00:00Z',
  steps: [
    { name: 'fund', call: 'POST /admin/wallet/deposit', body: { amount: 800 } },
    { name: 'fund-more', call: 'POST /admin/wallet/deposit', body: { amount: 200 } },
  ],
};

async function server(dataDir: string) {
  const started = await startChild(process.execPath, ['--import', 'tsx', join(root, 'bench', 'worlds-server.ts'), dataDir], /serving (\S+) (\S+) (\S+)/);
  const [, origin, token, applier] = started.match as unknown as [string, string, string, string];
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as { data: Record<string, unknown> }).data : null;
  };
  return { child: started.child, admin, applier, dataDir };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (n: number) => n.toFixed(1);

/** Creates `count` worlds from FILE with CLIENTS concurrent clients; per-world latencies and the wall time. */
async function createMany(admin: Awaited<ReturnType<typeof server>>['admin'], count: number, body: Record<string, unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        next++;
        const t = performance.now();
        await admin('POST', '/worlds', body);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

export async function worlds(report: (section: string, text: string) => void): Promise<void> {
  const rows = ['| measured | result | target (worlds.md section 5) |', '|---|---|---|'];
  const s = await server(tempDataDir());
  try {
    // 1. 100 worlds from one file, 8 clients: the first runs the steps and keeps the template.
    let t = performance.now();
    await s.admin('POST', '/worlds', { file: FILE, seed: 42 });
    const first = performance.now() - t;
    const created = await createMany(s.admin, WORLDS, { file: FILE, seed: 42 });
    rows.push(`| first world from the file (runs its steps, keeps the template; world files by the ${s.applier}) | ${ms(first)} ms | |`);
    rows.push(`| ${WORLDS} worlds from that file, ${CLIENTS} concurrent clients (template copies) | ${(created.wallMs / 1000).toFixed(2)} s in all; per world p50 ${ms(pct(created.latencies, 50))} ms, p95 ${ms(pct(created.latencies, 95))} ms | <= 5 s; <= 50 ms a world |`);
    // A parallel test runner on a fresh folder: the first worlds of a new seed all at once, none copied yet
    // (each runs the steps; the first to finish keeps the template). Any answer but 201 throws.
    const racing = await createMany(s.admin, CLIENTS, { file: FILE, seed: 43 });
    rows.push(`| ${CLIENTS} worlds at once from the file with a new seed (no template yet: each runs the steps) | all made, ${(racing.wallMs / 1000).toFixed(2)} s in all | every one made |`);

    // 2. Reset to a snapshot, a world holding 1,000 orders (seeded into its database beside the server).
    const world = (await s.admin('POST', '/worlds', {})) as { id: string };
    seedOrders(join(s.dataDir, 'worlds', world.id), 1000);
    const snapshot = (await s.admin('POST', `/worlds/${world.id}/snapshots`, { name: '1,000 orders' })) as { id: string };
    const resets: number[] = [];
    for (let i = 0; i < RESETS; i++) {
      await s.admin('POST', '/wallet/deposit', { amount: 1 }).catch(() => undefined);
      t = performance.now();
      await s.admin('POST', `/worlds/${world.id}/reset`, { snapshot: snapshot.id });
      resets.push(performance.now() - t);
    }
    const size = (await s.admin('GET', `/worlds/${world.id}`)) as { sizeBytes: number };
    rows.push(`| reset to a snapshot, a world of 1,000 orders (${(size.sizeBytes / 1e6).toFixed(1)} MB with its snapshots), ${RESETS} resets over HTTP | p50 ${ms(pct(resets, 50))} ms, max ${ms(Math.max(...resets))} ms | <= 50 ms |`);
  } finally {
    await stopChild(s.child);
  }

  // 3. Memory: a server with no other world, then one with 1,000 registered (made, then left idle).
  const alone = await server(tempDataDir());
  let aloneMb: number;
  try {
    await alone.admin('GET', '/worlds');
    await new Promise((r) => setTimeout(r, 2000));
    aloneMb = rssMb(alone.child.pid!);
  } finally {
    await stopChild(alone.child);
  }
  const many = await server(tempDataDir());
  try {
    await many.admin('POST', '/worlds', { file: FILE, seed: 7 });
    const made = await createMany(many.admin, REGISTERED - 1, { file: FILE, seed: 7 });
    const afterMaking = rssMb(many.child.pid!);
    const listed = (await many.admin('GET', '/worlds?limit=1')) as { total: number };
    rows.push(`| ${listed.total} worlds registered (made in ${(made.wallMs / 1000).toFixed(1)} s by ${CLIENTS} clients), at most 64 open | RSS ${afterMaking} MB against ${aloneMb} MB for a server with none: +${afterMaking - aloneMb} MB | within 150 MB |`);
  } finally {
    await stopChild(many.child);
  }
  report('Worlds', rows.join('\n'));
}
