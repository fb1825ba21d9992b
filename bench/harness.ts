import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU time (user + system) per request, when its pid was given and /proc exists. */
  cpuPerRequestUs?: number;
  /**
   * The same for the server's main thread alone: the thread that answers requests. Work handed to other
   * threads (the request log's writer) is off the read path, but on a machine of few cores it still
   * competes for them: the process figure above counts it.
   */
  requestThreadCpuUs?: number;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds of a process so far (Linux /proc), or null elsewhere; `thread`: of its main thread only. */
function cpuSeconds(pid: number | undefined, thread = false): number | null {
  const file = thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const perRequestUs = (before: number | null, after: number | null, requests: number) =>
  before !== null && after !== null && requests > 0 ? Math.round(((after - before) * 1e7) / requests) / 10 : undefined;

/** Clients at once in every measure: each waits for its answer before sending again. */
export const CONNECTIONS = 16;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

/**
 * Runs autocannon against one URL from this process while the server runs in its own process. With the
 * server's pid, its CPU per request is measured too: on a machine shared with other work, req/s swings
 * with the neighbours' load while CPU per request barely moves, so it is the steadier comparison.
 */
export async function measure(name: string, options: autocannon.Options, serverPid?: number): Promise<Measured> {
  const cpuBefore = cpuSeconds(serverPid);
  const threadBefore = cpuSeconds(serverPid, true);
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, duration: DURATION_S, ...options });
  const cpu = perRequestUs(cpuBefore, cpuSeconds(serverPid), result.requests.total);
  const thread = perRequestUs(threadBefore, cpuSeconds(serverPid, true), result.requests.total);
  return {
    ...(cpu !== undefined ? { cpuPerRequestUs: cpu } : {}),
    ...(thread !== undefined ? { requestThreadCpuUs: thread } : {}),
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Starts a child process and resolves with the first stdout line matching `ready`. */
export async function startChild(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  let buffer = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = ready.exec(buffer);
      if (m) resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before it was ready`)));
  });
  return { child, match };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'crossbuy-bench-'));
}

export function table(rows: Measured[], baseline: Record<string, string> = {}): string {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const withCpu = rows.some((r) => r.cpuPerRequestUs !== undefined);
  const lines = withCpu
    ? [
        '| route | req/s | p50 ms | p99 ms | ratio to bare | server CPU us/req | CPU ratio (bare / route) | request thread CPU us/req | errors |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ]
    : ['| route | req/s | p50 ms | p99 ms | ratio to bare | errors |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const base = baseline[r.name] ? byName.get(baseline[r.name]!) : undefined;
    const ratio = base ? (r.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '';
    const cpuRatio = base?.cpuPerRequestUs && r.cpuPerRequestUs ? (base.cpuPerRequestUs / r.cpuPerRequestUs).toFixed(2) : '';
    const cpu = withCpu ? ` ${r.cpuPerRequestUs ?? ''} | ${cpuRatio} | ${r.requestThreadCpuUs ?? ''} |` : '';
    lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${ratio} |${cpu} ${r.errors + r.non2xx} |`);
  }
  return lines.join('\n');
}
