import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { applyTransition } from '../orders/lifecycle.js';
import { readSetting } from '../settings/settings.js';
import { clockAt, type ServiceClock } from '../shared/service-clock.js';
import { deliverShippingOrder, dispatchShippingOrder } from '../shipping/lifecycle.js';
import { isOutOfStock, type Pace } from './pace.js';
import { nextDueStep, type DueStep } from './plan.js';

/**
 * The back office, run by itself. Every step goes through the same functions as the admin routes
 * (applyTransition, dispatch, deliver), stamped with the time it was due, so a timeline written by the
 * autopilot reads as if staff had done it at that moment.
 */
const MAX_STEPS_PER_RUN = 10_000;

/** The context a step sees: the service clock stopped at the step's due time. */
function at(ctx: CoreContext, when: Date): CoreContext {
  const clock = clockAt(when);
  return { ...ctx, clock, nowIso: () => when.toISOString() };
}

function runStep(ctx: CoreContext, step: DueStep): void {
  const stepCtx = at(ctx, step.due);
  switch (step.step) {
    case 'order.pay':
      applyTransition(stepCtx, step.orderNo, 'paid', 'operator');
      return;
    case 'order.purchase':
      if (isOutOfStock(step.orderNo, readSetting(ctx.db, 'autopilotRefundBp'))) {
        applyTransition(stepCtx, step.orderNo, 'refunded', 'operator', { reason: 'Refunded: the item is out of stock at the marketplace' });
      } else {
        applyTransition(stepCtx, step.orderNo, 'purchased', 'operator');
      }
      return;
    case 'order.ship_to_warehouse':
      applyTransition(stepCtx, step.orderNo, 'shipped_to_warehouse', 'operator');
      return;
    case 'order.arrive':
      applyTransition(stepCtx, step.orderNo, 'in_warehouse', 'operator');
      return;
    case 'shipping.dispatch':
      dispatchShippingOrder(stepCtx, step.orderNo);
      return;
    case 'shipping.auto_confirm':
      deliverShippingOrder(stepCtx, step.orderNo);
      return;
  }
}

export function currentPace(ctx: CoreContext): Pace {
  return readSetting(ctx.db, 'autopilotPace');
}

/**
 * Runs, in order, every step due up to `until`. When `moveClock` is set (a clock advance), the service
 * clock is moved to each step's time in the step's own transaction, so the clock and the data never
 * disagree even if the process dies midway. Returns the number of steps run.
 */
export function runDueSteps(ctx: CoreContext, until: Date, options: { moveClock?: ServiceClock } = {}): number {
  const pace = currentPace(ctx);
  if (pace === 'off') return 0;
  let count = 0;
  // An order whose step fails (say, an operator moved it at the same moment) is left for the next run
  // instead of blocking every step behind it.
  const failed = new Set<string>();
  for (let guard = 0; guard < MAX_STEPS_PER_RUN; guard++) {
    const step = nextDueStep(ctx, pace, failed);
    if (!step || step.due > until) break;
    try {
      ctx.db
        .transaction(() => {
          options.moveClock?.moveTo(step.due);
          runStep(ctx, step);
        })
        .immediate();
      count++;
    } catch {
      failed.add(step.orderNo);
    }
  }
  return count;
}

/** Moves the service clock forward by `ms`, running every autopilot step that falls due on the way. */
export function advanceClock(ctx: CoreContext, clock: ServiceClock, ms: number): { from: string; to: string; steps: number } {
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError('advance by a positive whole number of milliseconds');
  const from = clock.now();
  const target = new Date(from.getTime() + ms);
  const steps = runDueSteps(ctx, target, { moveClock: clock });
  ctx.db
    .transaction(() => {
      clock.moveTo(target);
      emitEvent(at(ctx, target), 'clock.advanced', 1, { from: from.toISOString(), to: target.toISOString() });
    })
    .immediate();
  return { from: from.toISOString(), to: target.toISOString(), steps };
}

/** Runs due steps on a timer while the server is up: every second at demo pace, every 30 s otherwise. */
export class AutopilotTimer {
  private timer: NodeJS.Timeout | null = null;
  private lastTick = 0;

  constructor(private readonly ctx: CoreContext) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  tick(): number {
    if (!this.ctx.db.open) return 0;
    const pace = currentPace(this.ctx);
    const now = Date.now();
    if (pace === 'off' || (pace === 'realistic' && now - this.lastTick < 30_000)) return 0;
    this.lastTick = now;
    return runDueSteps(this.ctx, this.ctx.clock.now());
  }
}
