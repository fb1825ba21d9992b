import { hashText } from '../shared/random.js';

/**
 * How long each step of the back office takes at each pace. Pure: the delay of a step is drawn from its
 * range by a hash of the order number, so it is the same after a restart and the due time never moves.
 */
export const PACES = ['off', 'realistic', 'demo'] as const;
export type Pace = (typeof PACES)[number];

export function isPace(value: string): value is Pace {
  return (PACES as readonly string[]).includes(value);
}

export type AutopilotStep =
  | 'order.pay'
  | 'order.purchase'
  | 'order.ship_to_warehouse'
  | 'order.arrive'
  | 'shipping.dispatch'
  | 'shipping.auto_confirm';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [min, max] milliseconds after the previous step. */
const DELAYS: Record<Exclude<Pace, 'off'>, Record<AutopilotStep, readonly [number, number]>> = {
  realistic: {
    'order.pay': [10 * MINUTE, 60 * MINUTE],
    'order.purchase': [2 * HOUR, 10 * HOUR],
    'order.ship_to_warehouse': [12 * HOUR, 2 * DAY],
    'order.arrive': [1 * DAY, 4 * DAY],
    'shipping.dispatch': [12 * HOUR, 36 * HOUR],
    // Transit plus the auto-confirm period marketplaces give a recipient before closing the order.
    'shipping.auto_confirm': [12 * DAY, 20 * DAY],
  },
  demo: {
    'order.pay': [1_000, 2_000],
    'order.purchase': [1_500, 3_000],
    'order.ship_to_warehouse': [1_500, 3_000],
    'order.arrive': [1_500, 3_000],
    'shipping.dispatch': [1_500, 3_000],
    'shipping.auto_confirm': [4_000, 6_000],
  },
};

export function stepDelay(pace: Exclude<Pace, 'off'>, step: AutopilotStep, key: string): number {
  const [min, max] = DELAYS[pace][step];
  return min + (hashText(`${step}:${key}`) % (max - min + 1));
}

/** Whether the autopilot refunds this order as out of stock instead of buying it (rate in basis points). */
export function isOutOfStock(orderNo: string, refundBp: number): boolean {
  return hashText(`stock:${orderNo}`) % 10_000 < refundBp;
}
