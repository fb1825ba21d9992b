/**
 * The after-sales rules of API v1.1 (extensions.md sections 2, 3 and 8) as pure functions over integer
 * minor units and instants: what a decline refunds, when a window closes, what a return gives back, which
 * scenario fires at which step. lifecycle-side effects live in supplements.ts, returns.ts, scenarios.ts.
 */
import { ORDER_SCENARIO_STATUS, ORDER_SCENARIOS, SHIPPING_SCENARIOS, TOP_UP_SCENARIOS, type OrderScenario, type OrderStatus } from '../../../contract/enums.js';
import { allocateProportionally } from '../shared/apportion.js';
import type { Minor } from '../shared/money.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** A supplement waits `hours` for the user; it expires at that instant (the service clock's). */
export function supplementExpiry(createdAt: string, hours: number): string {
  return addMs(createdAt, hours * HOUR_MS);
}

/** The decision window closes `days` after arrival. */
export function decisionDeadline(arrivedAt: string, days: number): string {
  return addMs(arrivedAt, days * DAY_MS);
}

export function insideWindow(now: string, deadline: string | null): boolean {
  return deadline !== null && Date.parse(now) <= Date.parse(deadline);
}

/**
 * What the order's money allows to give back: everything paid for it (the order's payment and paid
 * supplements) less what was already refunded. A refund is capped at this, so nothing is refunded twice
 * and refunds never exceed what was paid for the order.
 */
export function refundable(paid: Minor, refunded: Minor): Minor {
  return Math.max(0, paid - refunded);
}

/**
 * A return refunds what was paid for the line less the return fee: the line's price (price x quantity,
 * changed by the price differences settled for it, linePricesAfterChanges) less the line's share of the order's
 * coupon discount (pricing.ts allocateDiscount), less the fee; never below zero nor above what is left of
 * the order's money. The service fee is not refunded.
 */
export function returnRefund(linePrice: Minor, couponShare: Minor, fee: Minor, left: Minor): Minor {
  return Math.min(Math.max(0, linePrice - couponShare - fee), left);
}

/** One order line's price differences, settled: increases paid (supplements) and decreases refunded. */
export interface LinePriceChange {
  increased: Minor;
  decreased: Minor;
}

/**
 * What each line's price came to after the seller's price changes (extensions.md sections 2 and 3: a
 * return refunds "the line's price"): its amount, plus the increases paid for it, less the decreases refunded
 * for it. Changes raised for the order as a whole (no item) are shared over the lines by amount.
 */
export function linePricesAfterChanges(
  amounts: readonly Minor[],
  perLine: readonly LinePriceChange[],
  wholeOrder: LinePriceChange,
): Minor[] {
  const increases = allocateProportionally(amounts, wholeOrder.increased);
  const decreases = allocateProportionally(amounts, wholeOrder.decreased);
  return amounts.map((amount, i) => amount + perLine[i]!.increased + increases[i]! - perLine[i]!.decreased - decreases[i]!);
}

/** The price of a photo request. */
export function photoRequestPrice(count: number, unitPrice: Minor): Minor {
  return count * unitPrice;
}

/** Which order status each scenario fits (admin simulate: 409 otherwise), and the step it fires at (the contract's, so the back office offers the same). */
export const SCENARIO_STATUS = ORDER_SCENARIO_STATUS;

export function isOrderScenario(name: string): name is OrderScenario {
  return (ORDER_SCENARIOS as readonly string[]).includes(name);
}

/**
 * Why a name is not an order scenario, as the 400 says it: a shipping or top-up scenario is named as such
 * (with the route it belongs on), anything else is unknown; both list the order scenarios.
 */
export function notAnOrderScenarioMessage(name: string): string {
  const valid = `valid: ${ORDER_SCENARIOS.join(', ')}`;
  if ((SHIPPING_SCENARIOS as readonly string[]).includes(name)) {
    return `Crossbuy-Scenario: "${name}" is a shipping scenario (POST /shipping/create), not an order one; ${valid}`;
  }
  if ((TOP_UP_SCENARIOS as readonly string[]).includes(name)) {
    return `Crossbuy-Scenario: "${name}" is a top-up scenario (POST /user/wallet/top-ups), not an order one; ${valid}`;
  }
  return `Crossbuy-Scenario: unknown order scenario "${name}"; ${valid}`;
}

/**
 * Parses the `Crossbuy-Scenario` header of POST /orders: comma-separated names, blanks ignored,
 * duplicates once. Returns the first name that is no order scenario instead (the route answers 400, before
 * anything is written, in the words of notAnOrderScenarioMessage).
 */
export function parseScenarioHeader(value: string | undefined): { scenarios: OrderScenario[] } | { unknown: string } {
  if (value === undefined) return { scenarios: [] };
  const names = value.split(',').map((n) => n.trim()).filter((n) => n.length > 0);
  const out: OrderScenario[] = [];
  for (const name of names) {
    if (!isOrderScenario(name)) return { unknown: name };
    if (!out.includes(name)) out.push(name);
  }
  return { scenarios: out };
}

/** The programmed scenarios due at an order's status, in catalog order. */
export function scenariosAt(programmed: readonly OrderScenario[], status: OrderStatus): OrderScenario[] {
  return ORDER_SCENARIOS.filter((s) => programmed.includes(s) && SCENARIO_STATUS[s] === status);
}

/** The generated amounts of the scenarios: a price change of 10% of the goods (at least 1.00), postage 8.00. */
export function scenarioAmount(scenario: 'price_increase' | 'price_decrease' | 'domestic_freight', lineTotal: Minor): Minor {
  if (scenario === 'domestic_freight') return 800;
  return Math.max(100, Math.round(lineTotal / 10));
}

/**
 * How an order that has left the warehouse ends: `returned` when every package was returned, `completed`
 * when each is delivered or returned (and at least one delivered), null while any is still open.
 */
export function finalStatusOf(packageStatuses: readonly string[], openAfterSales: boolean): 'completed' | 'returned' | null {
  if (openAfterSales || packageStatuses.length === 0) return null;
  const done = new Set(['delivered', 'returned', 'disposed', 'lost']);
  if (!packageStatuses.every((s) => done.has(s))) return null;
  return packageStatuses.every((s) => s === 'returned') ? 'returned' : 'completed';
}

/** The due-step kinds of after-sales (autopilot/steps/after-sales.ts); here so no import cycle reaches them. */
export const SUPPLEMENT_EXPIRE_STEP = 'order.supplement_expire';
export const SELLER_DECISION_STEP = 'order.seller_decision';
export const EXCHANGE_ARRIVE_STEP = 'order.exchange_arrive';
export const PHOTO_STEP = 'order.photos';

/** The reference of a return's hold and of the exchange fee captured from it: the order's money reads it. */
export const returnHoldRef = (returnId: number): string => `RET${returnId}`;
