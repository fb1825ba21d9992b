import type { Db } from '../db/database.js';
import { readSetting, writeSetting } from '../settings/settings.js';
import type { Clock } from './clock.js';

/**
 * The service clock: wall time plus an offset kept in the database, so the server, the CLI and the desktop
 * app on one data folder agree on the time. The operator moves it forward; it never goes back.
 * A frozen clock (a world made for tests, worlds.md section 1) is the same with a wall that stands still
 * at the world's clock start: it moves only when told, and its offset is how far it has been moved.
 */
export class ServiceClock implements Clock {
  constructor(
    private readonly db: Db,
    private readonly wall: () => number = Date.now,
    /** Whether this clock stands still between advances (then the autopilot never runs on wall time). */
    readonly frozen = false,
  ) {}

  /** A clock that stands at `startIso` plus its persisted offset: it moves only by advanceBy and moveTo. */
  static frozenAt(db: Db, startIso: string): ServiceClock {
    const start = Date.parse(startIso);
    return new ServiceClock(db, () => start, true);
  }

  now(): Date {
    return new Date(this.wall() + readSetting(this.db, 'clockOffsetMs'));
  }

  /** Moves the clock forward by `ms` without running anything (tests; the operator uses advanceClock). */
  advanceBy(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    writeSetting(this.db, 'clockOffsetMs', readSetting(this.db, 'clockOffsetMs') + ms);
  }

  /** Moves the clock so that now is at least `at`. Never backwards. Runs in the caller's transaction. */
  moveTo(at: Date): void {
    const offset = readSetting(this.db, 'clockOffsetMs');
    const wanted = at.getTime() - this.wall();
    if (wanted > offset) writeSetting(this.db, 'clockOffsetMs', wanted);
  }
}

/** A clock stopped at one instant: what a step that happened at `at` sees as "now". */
export function clockAt(at: Date): Clock {
  const fixed = at.getTime();
  return { now: () => new Date(fixed) };
}
