import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The largest V8 young generation (new space: both semi-spaces) the server lets its main thread grow to.
 * V8 sizes it by the machine's memory: on Node 24 it doubles under allocation pressure up to 128 MB, which
 * a busy server touches in full (measured: 64 -> 128 MB of new space within the first minute of issue 28's
 * soak, a third of the process's resident set). Past a few MB, a larger young generation buys little: a
 * scavenge costs in proportion to what survives it, and a request's garbage dies young at any size.
 */
export const YOUNG_GENERATION_CAP_MB = 16;

let installed = false;

/**
 * Keeps the young generation at or under `capMb`; call it before the server's modules load. The limit V8
 * reads at start (`--max-semi-space-size`) cannot be set once the process runs, and the server is started
 * as `node bin/crossbuy.js serve` or by Electron, so it is bounded from inside: after each garbage
 * collection, growth is allowed while the new space is well under the cap and stopped short of it (V8
 * reads `--semi-space-growth-factor` at each growth; a factor of 1 grows nothing). Allowing it again below
 * lets the space come back after V8 shrinks it when idle. Once per process; the observer keeps nothing alive.
 */
export function boundYoungGeneration(capMb = YOUNG_GENERATION_CAP_MB): void {
  if (installed) return;
  installed = true;
  let growing = true;
  const check = () => {
    const size = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    // The check runs after the collection, not inside it (observers are called later), and a burst of
    // allocation (the server's modules loading, a large answer, a busy machine delaying the observer) may
    // grow the space up to three times before it does: growth stops an eighth of the way, so three
    // doublings past the check still end at the cap (a quarter let it reach 21 MB of 16 at load 25).
    const shouldGrow = size * 8 <= capMb * 1024 * 1024;
    if (shouldGrow !== growing) {
      growing = shouldGrow;
      setFlagsFromString(`--semi-space-growth-factor=${shouldGrow ? 2 : 1}`);
    }
  };
  check();
  new PerformanceObserver(check).observe({ entryTypes: ['gc'] });
}
