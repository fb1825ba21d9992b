import { hashText } from '../shared/random.js';

/**
 * How long each step of the back office takes at each pace. Pure: the delay of a step is drawn from its
 * range by a hash of the world's seed, the step kind and its subject, so it is the same after a restart
 * and the due time never moves, and a world of another seed draws other delays (worlds.md section 3:
 * many subjects are row ids, 1, 2, 3 in every world, which alone would time every world alike).
 */
export { AUTOPILOT_PACES as PACES, type Pace } from '../../../contract/enums.js';
import { AUTOPILOT_PACES as PACES, type Pace } from '../../../contract/enums.js';
/** The paces at which steps run (and for which due_steps keeps a due time). */
export type RunningPace = Exclude<Pace, 'off'>;
export const RUNNING_PACES: readonly RunningPace[] = ['realistic', 'demo'];

export function isPace(value: string): value is Pace {
  return (PACES as readonly string[]).includes(value);
}

/** [min, max] milliseconds after the subject entered the state the step follows, per pace. */
export type Delays = Record<RunningPace, readonly [number, number]>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The delay of one step of `kind` for `subject` in the world seeded `seed`: deterministic, within the kind's range for the pace. */
export function drawDelay(delays: Delays, pace: RunningPace, kind: string, subject: string, seed: number): number {
  const [min, max] = delays[pace];
  return min + (hashText(`${seed}:${kind}:${subject}`) % (max - min + 1));
}

/** Whether the autopilot refunds this order as out of stock instead of buying it (rate in basis points). */
export function isOutOfStock(orderNo: string, refundBp: number): boolean {
  return hashText(`stock:${orderNo}`) % 10_000 < refundBp;
}
