/**
 * `npm run bench -- start`: cold start, the time from spawning `crossbuy serve` to the first 200 of an
 * authenticated GET /api/v1/open/cart, beside `crossbuy --help` (a process that loads the CLI and
 * nothing of the server) in the same run, in turns. Also the server process's CPU time until that answer
 * (all its threads, from /proc): on a machine shared with other work the wall time swings with the
 * neighbours' load while the CPU time barely moves. The load average is printed with the figures.
 *
 * BENCH_START_RUNS (default 10) runs of each; an empty folder (made once, as a first start makes it) and,
 * when BENCH_SCALE_DIR names a seeded folder (bench/scale.ts), that one too.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { tempDataDir } from './harness.js';
import { recordTarget } from './targets.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'bin', 'crossbuy.js');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 10);

function crossbuy(args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' }).trim();
}

/** User + system CPU ms of a live process and all its threads (Linux), or null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One cold start: spawn to the first 200 of GET /cart, and the server's CPU time by then. */
async function coldStart(dataDir: string, key: string): Promise<{ ms: number; cpuMs: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let printed = '';
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const m = /127\.0\.0\.1:(\d+)/.exec(printed);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`crossbuy serve exited with ${code} before it served`)));
    });
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/open/cart`, { headers: { authorization: `Bearer ${key}` } }).catch(() => null);
      if (res?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return { ms: performance.now() - started, cpuMs: cpuMs(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

function help(): number {
  const started = performance.now();
  crossbuy(['--help']);
  return performance.now() - started;
}

const spread = (values: readonly (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return '| | |';
  const r = (v: number) => Math.round(v).toLocaleString('en-US');
  return `${r(known[0]!)} | ${r(known[Math.floor(known.length / 2)]!)} | ${r(known[known.length - 1]!)}`;
};

export async function start(report: (section: string, text: string) => void): Promise<void> {
  const empty = tempDataDir();
  const folders: { label: string; dir: string }[] = [{ label: 'new folder (demo data only)', dir: empty }];
  const scaleDir = process.env.BENCH_SCALE_DIR;
  if (scaleDir && existsSync(join(scaleDir, 'crossbuy.db'))) folders.push({ label: 'the BENCH_SCALE_DIR folder', dir: scaleDir });
  try {
    crossbuy(['keys', 'list', '--data', empty]); // the first start (schema, demo data) is not a cold start
    const keys = folders.map((f) => crossbuy(['keys', 'create', '--data', f.dir, '--name', 'bench-start', '--scopes', 'all']));
    const loadBefore = loadavg()[0]!;
    const starts = folders.map(() => [] as { ms: number; cpuMs: number | null }[]);
    const helps: number[] = [];
    // In turns, so a change of the machine's load touches every figure alike.
    for (let run = 0; run < RUNS; run++) {
      for (const [i, folder] of folders.entries()) starts[i]!.push(await coldStart(folder.dir, keys[i]!));
      helps.push(help());
    }
    const loadAfter = loadavg()[0]!;
    const medians = starts.map((runs) => [...runs.map((s) => s.ms)].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!);
    const worst = medians.indexOf(Math.max(...medians));
    recordTarget('first answer', medians[worst]!, `${folders[worst]!.label}, load ${loadBefore.toFixed(1)}`);
    const rows = [
      '| what | runs | min ms | median ms | max ms | server CPU min ms | median | max |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...folders.map((f, i) => `| \`serve\` to the first 200 of GET /cart, ${f.label} | ${RUNS} | ${spread(starts[i]!.map((s) => s.ms))} | ${spread(starts[i]!.map((s) => s.cpuMs))} |`),
      `| \`crossbuy --help\` | ${RUNS} | ${spread(helps)} | | | |`,
    ];
    report(
      'Cold start',
      `${rows.join('\n')}\n\nIn turns, one of each per round; load average (1 min) ${loadBefore.toFixed(1)} before the runs, ${loadAfter.toFixed(1)} after. ` +
        'Server CPU: user + system time of the server process (every thread) when its first answer arrived.',
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}
