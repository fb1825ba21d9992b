/**
 * `npm run bench -- doctor`: `crossbuy doctor` on 1,000,000 orders (issue 28: <= 5 s, memory flat), three
 * runs, wall time and peak RSS. The folder is BENCH_SCALE_DIR when it holds one (bench/scale.ts seeds it),
 * else one seeded here, kept as BENCH_SCALE_DIR for the sections after this one (the cold start at 1 M)
 * and removed when the bench ends.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { seeded, timeDoctor } from './scale.js';
import { recordTarget } from './targets.js';

const RUNS = 3;

export async function doctorAtScale(report: (section: string, text: string) => void): Promise<void> {
  const given = process.env.BENCH_SCALE_DIR;
  const { dataDir, seedSeconds } = seeded();
  if (!given) {
    process.env.BENCH_SCALE_DIR = dataDir;
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const load = loadavg()[0]!;
  const runs = Array.from({ length: RUNS }, () => timeDoctor(dataDir));
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  const median = sorted[Math.floor(RUNS / 2)]!;
  recordTarget('doctor at 1M', median.seconds * 1000, `median of ${RUNS}, peak RSS ${Math.max(...runs.map((r) => r.peakMb))} MB`);
  report(
    'Doctor at scale',
    [
      '| run | wall s | peak RSS MB | result |',
      '|---:|---:|---:|---|',
      ...runs.map((r, i) => `| ${i + 1} | ${r.seconds.toFixed(2)} | ${r.peakMb} | ${r.ok ? 'clean' : 'FAILED'} |`),
      '',
      `\`crossbuy doctor\` on the folder of bench/scale.ts (${seedSeconds === null ? 'BENCH_SCALE_DIR, seeded earlier' : `seeded here in ${seedSeconds.toFixed(0)} s`}): ` +
        `1,000,000 orders, 2,000,000 ledger entries. Load average (1 min) ${load.toFixed(1)} before the runs.`,
    ].join('\n'),
  );
}
