import {
  ORDER_SCENARIO_STATUS,
  ORDER_SCENARIOS,
  SHIPPING_SCENARIO_STATUSES,
  SHIPPING_SCENARIOS,
  SUPPLEMENT_REASONS,
  type OrderScenario,
  type OrderStatus,
  type ShippingScenario,
} from '../../../../../../contract/enums';

/**
 * Which sandbox scenarios the back office offers for an order or a shipping order: the contract's table of
 * the status each fits (the service answers 409 to the others), so a button is off exactly when the
 * service would refuse it as the order stands.
 */
export type Fit = { ok: true } | { ok: false; needs: readonly string[] } | { ok: false; fired: true } | { ok: false; supplementPending: true };

interface ScenarioOrder {
  status: string;
  scenarios: readonly { name: string; status: string }[];
  supplements?: readonly { status: string }[];
}

/** The scenarios that raise a supplement: one at a time (the service refuses a second while one waits). */
const RAISES_SUPPLEMENT: ReadonlySet<string> = new Set(SUPPLEMENT_REASONS);

export function orderScenarioFit(scenario: OrderScenario, order: ScenarioOrder): Fit {
  if (order.scenarios.some((s) => s.name === scenario && s.status === 'fired')) return { ok: false, fired: true };
  const needs: OrderStatus = ORDER_SCENARIO_STATUS[scenario];
  if (order.status !== needs) return { ok: false, needs: [needs] };
  if (RAISES_SUPPLEMENT.has(scenario) && (order.supplements ?? []).some((s) => s.status === 'pending')) return { ok: false, supplementPending: true };
  return { ok: true };
}

export function orderScenarioFits(order: ScenarioOrder) {
  return ORDER_SCENARIOS.map((scenario) => ({ scenario, fit: orderScenarioFit(scenario, order) }));
}

/** Shipping scenarios may fire more than once (a held parcel can still be lost), so only the status decides. */
export function shippingScenarioFit(scenario: ShippingScenario, status: string): Fit {
  const needs = SHIPPING_SCENARIO_STATUSES[scenario];
  return (needs as readonly string[]).includes(status) ? { ok: true } : { ok: false, needs };
}

export function shippingScenarioFits(status: string) {
  return SHIPPING_SCENARIOS.map((scenario) => ({ scenario, fit: shippingScenarioFit(scenario, status) }));
}
