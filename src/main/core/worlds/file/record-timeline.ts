/**
 * Where the clock advances of a recorded session fall among its requests (worlds.md section 4). Pure.
 *
 * The request log keeps each request's wall time; the event log keeps each advance as `clock.advanced
 * { from, to }` in service time; the service clock is wall time plus an offset that each advance grows by
 * its length less the time it took to run. So, walking back from now: the last advance ended at wall
 * `to - offsetNow`; between two advances service and wall time run together, so the previous one ended
 * `from(next) - to(prev)` earlier than the next one started; and an advance started when the request
 * before it ended (a session's calls follow one another), which gives how long it ran. An estimate: a
 * request sent while an advance ran, or within a few ms of an earlier advance whose run time could not be
 * told, may land on the wrong side of it (docs/API.md, "Recording").
 */

export interface LoggedSpan {
  /** Arrival, wall ms. */
  at: number;
  /** Last byte of the answer, wall ms. */
  end: number;
}

export interface AdvanceSpan {
  /** Service time, ms. */
  from: number;
  to: number;
  /** When it ran (wall ms), when this process ran it (advance-journal.ts): then nothing is estimated. */
  wall?: { start: number; end: number };
}

export interface PlacedAdvance {
  /** The advance (its index in the list given). */
  advance: number;
  /** It goes before the request of this index (requests.length: after the last one). */
  before: number;
  /** Its estimated wall start and end. */
  wallStart: number;
  wallEnd: number;
}

/**
 * Requests oldest first; advances oldest first; offsetNow the service clock's offset now (ms). For a clock
 * that runs with wall time: a frozen clock's advances must all carry their wall times.
 */
export function placeAdvances(requests: readonly LoggedSpan[], advances: readonly AdvanceSpan[], offsetNow: number): PlacedAdvance[] {
  const placed: PlacedAdvance[] = [];
  let wallEnd = Number.NaN;
  for (let k = advances.length - 1; k >= 0; k--) {
    const advance = advances[k]!;
    if (advance.wall) {
      wallEnd = advance.wall.end;
      let before = requests.findIndex((r) => r.at >= advance.wall!.start);
      if (before < 0) before = requests.length;
      placed.unshift({ advance: k, before, wallStart: advance.wall.start, wallEnd });
      continue;
    }
    wallEnd = k === advances.length - 1 ? advance.to - offsetNow : placed[0]!.wallStart - (advances[k + 1]!.from - advance.to);
    // The first request that arrived after it ended, tolerating a few ms of estimate.
    let before = requests.findIndex((r) => r.at >= wallEnd - TOLERANCE_MS);
    if (before < 0) before = requests.length;
    // It started when the request before it ended (a script's next call), or at most a second before it
    // ended when that request ended longer ago (a person who waited before moving the clock).
    const previous = before > 0 ? requests[before - 1]! : null;
    const wallStart = previous ? Math.min(wallEnd, Math.max(previous.end, wallEnd - MAX_RUN_GUESS_MS)) : wallEnd;
    placed.unshift({ advance: k, before, wallStart, wallEnd });
  }
  return placed;
}

const TOLERANCE_MS = 2;
const MAX_RUN_GUESS_MS = 1000;

const UNITS: [string, number][] = [
  ['w', 604_800_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** A duration as a world file writes it: the largest unit that divides it exactly (3d, 36h, 90s, 1500ms). */
export function formatDuration(ms: number): string {
  for (const [unit, size] of UNITS) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}
