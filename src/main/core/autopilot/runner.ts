import { contextAt, type CoreContext } from '../context.js';
import { readSetting } from '../settings/settings.js';
import type { ServiceClock } from '../shared/service-clock.js';
import { drawDelay, RUNNING_PACES, type RunningPace } from './pace.js';
import type { Db } from '../db/database.js';
import { claimStep, nextDueStep, nextDueStepOfKinds, stepKey, type DueStep } from './queue.js';
import { RULE_KINDS, stepKind } from './steps/index.js';

/**
 * Runs due steps in bounded slices. A slice is one write transaction that runs steps (each in its own
 * savepoint, the clock first moved to the step's due time) until its time budget is spent, so it never
 * holds the event loop or the write lock for more than a few milliseconds; the async driver yields to the
 * event loop between slices, so requests are served while a long catch-up runs. A slice's steps commit
 * together (one fsync per slice instead of one per step); a crash loses at most the uncommitted slice,
 * whose clock moves are rolled back with it, so the clock and the data never disagree.
 */
export const SLICE_MS = 8;
/** Rows whose due times are filled in per round: small, so a slice stays near its budget (each is a
 * random index update, ~30 us on a million-row queue, and its pages are written at the commit). */
const RESOLVE_BATCH = 32;
/**
 * Failed steps stay queued and are skipped for the rest of the run; finding the next step reads past
 * them, so a run that meets this many failures ends and leaves the rest to the next run.
 */
const MAX_FAILURES_PER_RUN = 1000;

/** A row whose kind this build does not know is parked here, so it never blocks the queue. */
const NEVER = 8_640_000_000_000_000;

/**
 * Fills in the due times of up to `max` rows written with only a `since` (by triggers or scheduleStep).
 * Each row is resolved once; returns how many were, so the caller knows whether more remain.
 */
export function resolveDueTimes(db: Db, max: number): number {
  const rows = db.prepare('SELECT kind, subject, since FROM due_steps WHERE due_realistic IS NULL LIMIT ?').all(max) as {
    kind: string;
    subject: string;
    since: string;
  }[];
  if (rows.length === 0) return 0;
  const seed = (db.prepare('SELECT seed FROM world_state WHERE id = 1').pluck().get() as number | undefined) ?? 0;
  const set = db.prepare('UPDATE due_steps SET due_realistic = ?, due_demo = ? WHERE kind = ? AND subject = ?');
  for (const row of rows) {
    const kind = stepKind(row.kind);
    const base = Date.parse(row.since);
    if (!kind?.delays || !Number.isFinite(base)) {
      set.run(NEVER, NEVER, row.kind, row.subject);
      continue;
    }
    const [realistic, demo] = RUNNING_PACES.map((pace) => base + drawDelay(kind.delays!, pace, row.kind, row.subject, seed));
    set.run(realistic, demo, row.kind, row.subject);
  }
  return rows.length;
}

export interface RunOptions {
  /** Move the service clock to each step's due time (a clock advance). */
  moveClock?: ServiceClock;
  /** Time budget of one slice, ms. */
  sliceMs?: number;
}

/** State of one run across slices: steps that failed are skipped for the rest of the run. */
export interface RunState {
  readonly pace: RunningPace;
  /** Only steps of these kinds (the service's rules, while the autopilot is off); null: every kind. */
  readonly kinds: readonly string[] | null;
  readonly until: number;
  readonly skip: Set<string>;
  steps: number;
  done: boolean;
}

export function currentRunningPace(ctx: CoreContext): RunningPace | null {
  const pace = readSetting(ctx.db, 'autopilotPace');
  return pace === 'off' ? null : pace;
}

/**
 * A run up to `until`: every due step at the autopilot's pace, or, with the autopilot off, the service's
 * rules only (expiry, storage alerts, disposal: step-kind.ts `role`), which never wait for staff.
 */
export function newRun(ctx: CoreContext, until: Date): RunState {
  const pace = currentRunningPace(ctx);
  return { pace: pace ?? 'realistic', kinds: pace === null ? RULE_KINDS : null, until: until.getTime(), skip: new Set(), steps: 0, done: false };
}

function nextStep(db: Db, run: RunState): DueStep | null {
  if (run.skip.size >= MAX_FAILURES_PER_RUN) return null;
  return run.kinds ? nextDueStepOfKinds(db, run.kinds, run.until, run.skip) : nextDueStep(db, run.pace, run.until, run.skip);
}

/** Runs one step in a savepoint of the slice's transaction; false when it failed (rolled back) or was gone. */
function runOne(ctx: CoreContext, run: RunState, step: DueStep, options: RunOptions): boolean {
  const kind = stepKind(step.kind);
  if (!kind) {
    run.skip.add(stepKey(step));
    return false;
  }
  try {
    return ctx.db.transaction(() => {
      if (!claimStep(ctx.db, run.pace, step)) return false;
      const due = new Date(step.due);
      options.moveClock?.moveTo(due);
      kind.run(contextAt(ctx, due), step.subject);
      return true;
    })();
  } catch {
    // Say an operator moved the order at the same moment: leave it for a later run instead of blocking
    // every step behind it.
    run.skip.add(stepKey(step));
    return false;
  }
}

/**
 * One slice: resolves pending due times, then runs steps in due order until the budget is spent or
 * nothing more is due by `run.until`. Synchronous; returns the steps run in this slice.
 */
export function runSlice(ctx: CoreContext, run: RunState, options: RunOptions = {}): number {
  if (run.done || !ctx.db.open) return 0;
  const deadline = performance.now() + (options.sliceMs ?? SLICE_MS);
  let ran = 0;
  ctx.db
    .transaction(() => {
      while (performance.now() < deadline) {
        // Every step must have its due times before the earliest one can be known.
        if (resolveDueTimes(ctx.db, RESOLVE_BATCH) === RESOLVE_BATCH) continue;
        const step = nextStep(ctx.db, run);
        if (!step) {
          run.done = true;
          return;
        }
        if (runOne(ctx, run, step, options)) ran++;
      }
    })
    .immediate();
  run.steps += ran;
  return ran;
}

/** Runs every step due by `until` without yielding: for the CLI and tests (no one else to serve). */
export function runAllNow(ctx: CoreContext, until: Date, options: RunOptions = {}): number {
  const run = newRun(ctx, until);
  while (!run.done) runSlice(ctx, run, options);
  return run.steps;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface AsyncRunOptions extends RunOptions {
  /** Checked between slices: true stops the run after the current slice. */
  shouldStop?: () => boolean;
  /** Called after each slice with the steps run so far and the service time reached. */
  onProgress?: (progress: { steps: number; at: string }) => void;
}

/**
 * Runs every step due by `until` in slices, yielding to the event loop between them. Resolves with the
 * steps run and whether it finished (false when stopped).
 */
export async function runInSlices(ctx: CoreContext, until: Date, options: AsyncRunOptions = {}): Promise<{ steps: number; finished: boolean }> {
  const run = newRun(ctx, until);
  while (!run.done) {
    if (options.shouldStop?.() || !ctx.db.open) return { steps: run.steps, finished: false };
    runSlice(ctx, run, options);
    options.onProgress?.({ steps: run.steps, at: ctx.nowIso() });
    if (!run.done) await yieldToLoop();
  }
  return { steps: run.steps, finished: true };
}
