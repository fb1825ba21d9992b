/**
 * Issue 28's targets, each set beside what this run measured: the sections record their figure as they
 * finish (reads, writes, soak, start, doctor), and the run ends with one table of all of them, so "in one
 * bench run" is one table. A target whose section did not run in this process says so.
 */
export type TargetKey = 'first answer' | 'orders/raw' | 'orders p99' | 'cart/bare' | 'doctor at 1M' | 'soak RSS' | 'ui blocking';

interface Target {
  what: string;
  goal: string;
  met: (value: number) => boolean;
  format: (value: number) => string;
}

const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
const ratio = (v: number) => v.toFixed(2);

const TARGETS: Record<TargetKey, Target> = {
  'first answer': { what: 'cold start to the first 200 (median, worst folder)', goal: '<= 400 ms', met: (v) => v <= 400, format: ms },
  'orders/raw': { what: 'POST /orders against raw FULL commits/s', goal: '>= 1.00', met: (v) => v >= 1, format: ratio },
  'orders p99': { what: 'POST /orders p99 latency', goal: '<= 20 ms', met: (v) => v <= 20, format: ms },
  'cart/bare': { what: 'GET /cart (3 lines) against the bare route, req/s', goal: '>= 0.80', met: (v) => v >= 0.8, format: ratio },
  'doctor at 1M': { what: '`crossbuy doctor` on 1,000,000 orders, wall', goal: '<= 5,000 ms', met: (v) => v <= 5000, format: ms },
  'soak RSS': { what: 'server RSS peak in the soak', goal: '<= 250 MB', met: (v) => v <= 250, format: (v) => `${Math.round(v)} MB` },
  // Issue 28's Build list: Lighthouse's total blocking time <= 200 ms on the shop, a product and the orders
  // page; measured here from the page's own long tasks at 4x CPU (bench/ui.ts), the worst page's median.
  'ui blocking': { what: 'UI blocking time on first load, 4x CPU, worst of shop / product / orders', goal: '<= 200 ms', met: (v) => v <= 200, format: ms },
};

const measured = new Map<TargetKey, { value: number; note: string }>();

/** A section's figure for one target (the last one recorded wins). */
export function recordTarget(key: TargetKey, value: number, note = ''): void {
  measured.set(key, { value, note });
}

export function hasTargets(): boolean {
  return measured.size > 0;
}

/** The table: every target, its figure in this run (or that it was not measured), met or not. */
export function targetsTable(): string {
  const rows = (Object.entries(TARGETS) as [TargetKey, Target][]).map(([key, t]) => {
    const figure = measured.get(key);
    if (!figure) return `| ${t.what} | ${t.goal} | not measured in this run | |`;
    return `| ${t.what} | ${t.goal} | ${t.format(figure.value)}${figure.note ? ` (${figure.note})` : ''} | ${t.met(figure.value) ? 'met' : '**not met**'} |`;
  });
  return ['| figure | target | this run | |', '|---|---|---|---|', ...rows].join('\n');
}
