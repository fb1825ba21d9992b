import { contextAt, type CoreContext } from '../context.js';
import type { Db } from '../db/database.js';
import { emitEvent } from '../events/log.js';
import { noteClockAdvance } from '../worlds/file/advance-journal.js';
import { readSetting } from '../settings/settings.js';
import { ServiceClock } from '../shared/service-clock.js';
import type { Pace } from './pace.js';
import { runAllNow, runInSlices, type AsyncRunOptions } from './runner.js';

/**
 * The back office, run by itself. Every step goes through the same functions as the admin routes
 * (applyTransition, dispatch, deliver), stamped with the time it was due, so a timeline written by the
 * autopilot reads as if staff had done it at that moment. The steps come from the due-step queue
 * (queue.ts) and run in bounded slices (runner.ts).
 */
export function currentPace(ctx: CoreContext): Pace {
  return readSetting(ctx.db, 'autopilotPace');
}

/** Runs, in order and without yielding, every step due up to `until` (CLI, tests). Returns the count. */
export function runDueSteps(ctx: CoreContext, until: Date, options: { moveClock?: ServiceClock } = {}): number {
  return runAllNow(ctx, until, options);
}

/**
 * One catch-up at a time per database in this process: a clock advance waits for the timer's run to stop
 * (after its current slice) instead of interleaving with it.
 */
interface ActiveRun {
  readonly done: Promise<unknown>;
  readonly byTimer: boolean;
  stop(): void;
}
const active = new WeakMap<Db, ActiveRun>();

async function exclusive<T>(db: Db, byTimer: boolean, work: (shouldStop: () => boolean) => Promise<T>): Promise<T> {
  for (let current = active.get(db); current; current = active.get(db)) {
    if (current.byTimer) current.stop();
    await current.done.catch(() => undefined);
  }
  let stopped = false;
  const done = work(() => stopped);
  const entry: ActiveRun = { done, byTimer, stop: () => (stopped = true) };
  active.set(db, entry);
  try {
    return await done;
  } finally {
    if (active.get(db) === entry) active.delete(db);
  }
}

/** Stops whatever catch-up runs on this database after its current slice, and waits for it. */
export async function stopCatchUp(db: Db): Promise<void> {
  for (let current = active.get(db); current; current = active.get(db)) {
    current.stop();
    await current.done.catch(() => undefined);
  }
}

export interface AdvanceResult {
  from: string;
  to: string;
  steps: number;
}

function checkAdvance(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError('advance by a positive whole number of milliseconds');
}

function finishAdvance(ctx: CoreContext, clock: ServiceClock, from: Date, target: Date, wallStart: number): void {
  const eventId = ctx.db
    .transaction(() => {
      clock.moveTo(target);
      return emitEvent(contextAt(ctx, target), 'clock.advanced', 1, { from: from.toISOString(), to: target.toISOString() });
    })
    .immediate();
  // When it ran, for a recorded session's world file (the event says only where the clock went).
  noteClockAdvance(ctx, { eventId, from: from.toISOString(), to: target.toISOString(), wallStart, wallEnd: Date.now() });
}

/**
 * Moves the service clock forward by `ms`, running every autopilot step that falls due on the way, each
 * with the clock moved to its due time in the step's own transaction. Synchronous (the CLI, tests).
 */
export function advanceClock(ctx: CoreContext, clock: ServiceClock, ms: number): AdvanceResult {
  checkAdvance(ms);
  const wallStart = Date.now();
  const from = clock.now();
  const target = new Date(from.getTime() + ms);
  const steps = runAllNow(ctx, target, { moveClock: clock });
  finishAdvance(ctx, clock, from, target, wallStart);
  return { from: from.toISOString(), to: target.toISOString(), steps };
}

/**
 * The same advance in slices, yielding to the event loop between them (the admin API, the CLI with
 * progress). Stopped early (server shutdown), it leaves the clock at the last step run and says so.
 */
export async function advanceClockInSlices(
  ctx: CoreContext,
  clock: ServiceClock,
  ms: number,
  options: Pick<AsyncRunOptions, 'onProgress' | 'sliceMs'> = {},
): Promise<AdvanceResult & { finished: boolean }> {
  checkAdvance(ms);
  return exclusive(ctx.db, false, async (shouldStop) => {
    const wallStart = Date.now();
    const from = clock.now();
    const target = new Date(from.getTime() + ms);
    const result = await runInSlices(ctx, target, { moveClock: clock, shouldStop, onProgress: options.onProgress, sliceMs: options.sliceMs });
    if (result.finished) finishAdvance(ctx, clock, from, target, wallStart);
    return { from: from.toISOString(), to: (result.finished ? target : clock.now()).toISOString(), steps: result.steps, finished: result.finished };
  });
}

/** Runs every step due now in slices (the admin "run now" button). */
export function runDueStepsInSlices(ctx: CoreContext): Promise<{ steps: number; finished: boolean }> {
  return exclusive(ctx.db, false, (shouldStop) => runInSlices(ctx, ctx.clock.now(), { shouldStop }));
}

/**
 * Runs due steps on a timer while the server is up: every second at demo pace, every 30 s otherwise; with
 * the autopilot off, the service's rules still run (a supplement expires, storage alerts fire on wall
 * time). A frozen clock's steps run only when the clock is advanced (worlds.md section 1), never on wall time.
 */
export class AutopilotTimer {
  private timer: NodeJS.Timeout | null = null;
  private lastTick = 0;
  private running: Promise<number> | null = null;

  constructor(private readonly ctx: CoreContext) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), 1000);
    this.timer.unref();
  }

  /** Stops the timer and any catch-up it (or an advance) is running, after the current slice. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await stopCatchUp(this.ctx.db);
  }

  /** One tick: starts a catch-up in slices unless one is running. Resolves with the steps it ran. */
  tick(): Promise<number> {
    if (!this.ctx.db.open || this.running || active.has(this.ctx.db)) return Promise.resolve(0);
    if (this.ctx.clock instanceof ServiceClock && this.ctx.clock.frozen) return Promise.resolve(0);
    const pace = currentPace(this.ctx);
    const now = Date.now();
    // Off, only the service's rules run (runner.ts newRun): on the realistic rhythm, as wall time passes.
    if (pace !== 'demo' && now - this.lastTick < 30_000) return Promise.resolve(0);
    this.lastTick = now;
    const running = exclusive(this.ctx.db, true, (shouldStop) => runInSlices(this.ctx, this.ctx.clock.now(), { shouldStop }))
      .then((r) => r.steps)
      .finally(() => (this.running = null));
    this.running = running;
    return running;
  }
}
