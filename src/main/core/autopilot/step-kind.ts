import type { CoreContext } from '../context.js';
import type { Delays } from './pace.js';

/**
 * One kind of step the back office takes by itself (pay an order, dispatch a parcel, expire a
 * supplement...). A kind is a module that exports one of these and is listed in steps/index.ts; its rows
 * in `due_steps` say which subject is owed the step and when (autopilot/queue.ts).
 */
export interface StepKind {
  /** Unique, dotted: 'order.pay', 'shipping.dispatch'. Stored in due_steps.kind. */
  readonly kind: string;
  /**
   * Whose step it is. `staff`: work the agent's people do (buy, ship, pack, decide), which the autopilot
   * plays and only it runs (paused while its pace is `off`). `rule`: the service's own rule on its clock
   * (a supplement expiring, storage alerts and disposal), which runs whenever the service clock passes it,
   * whatever the pace, `off` included (extensions.md sections 2 and 6).
   */
  readonly role: 'rule' | 'staff';
  /**
   * For steps scheduled with `{ since }` (staff work that takes a while): the delay range per pace.
   * Steps scheduled at a fixed time (deadlines) need none.
   */
  readonly delays?: Delays;
  /**
   * Does the step, through the same functions the admin routes use. `ctx` is stopped at the step's due
   * time (ctx.nowIso() is the due time). Runs inside a savepoint of the runner's transaction: throwing
   * rolls back the step (its row stays and is retried on a later run). The step's own row is already
   * deleted when this runs; schedule a follow-up with scheduleStep() (or let a trigger do it).
   */
  run(ctx: CoreContext, subject: string): void;
}

export function defineStep(kind: StepKind): StepKind {
  return kind;
}
