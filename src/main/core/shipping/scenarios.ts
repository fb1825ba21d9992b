import type { CoreContext } from '../context.js';
import { badRequest } from '../shared/errors.js';
import { hashText } from '../shared/random.js';
import { readFigures, requireScenarioHeaderOn, writeFigures } from '../warehouse/figures.js';
import type { ShippingOrderRow } from './queries.js';

/**
 * Shipping scenarios (extensions.md section 8): cases a script makes happen on purpose. Programmed with
 * the Crossbuy-Scenario header on POST /shipping/create (stored on the order, fired at its transit step),
 * run at once with POST /api/v1/admin/shipping/:id/simulate, or drawn by the autopilot at the operator's
 * rates. Stored as `[{ name, firedAt }]` on shipping_orders.scenarios.
 */
import { SHIPPING_SCENARIOS, type ShippingScenario } from '../../../contract/enums.js';

export { SHIPPING_SCENARIOS, type ShippingScenario };

/** A scenario programmed on a shipping order, as its row keeps it (JSON); the API shows it as the contract's ScenarioRecord. */
export interface ProgrammedScenario {
  name: ShippingScenario;
  firedAt: string | null;
}

export const SCENARIO_HEADER = 'crossbuy-scenario';

export function isShippingScenario(value: string): value is ShippingScenario {
  return (SHIPPING_SCENARIOS as readonly string[]).includes(value);
}

/**
 * Parses `name[,name]`. An unknown name is a 400 naming it; so is any header while the operator has turned
 * scenarios off (a script then learns at once that its case will not happen).
 */
export function parseScenarioHeader(ctx: CoreContext, header: string | string[] | undefined): ShippingScenario[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return [];
  for (const name of names) {
    if (!isShippingScenario(name)) throw badRequest(`Crossbuy-Scenario: unknown shipping scenario "${name}"; valid: ${SHIPPING_SCENARIOS.join(', ')}`);
  }
  requireScenarioHeaderOn(ctx);
  return [...new Set(names)] as ShippingScenario[];
}

export function scenarioRecords(row: Pick<ShippingOrderRow, 'scenarios'>): ProgrammedScenario[] {
  return JSON.parse(row.scenarios) as ProgrammedScenario[];
}

export function pendingScenarios(row: Pick<ShippingOrderRow, 'scenarios'>): ShippingScenario[] {
  return scenarioRecords(row).filter((s) => s.firedAt === null).map((s) => s.name);
}

/** Records that a scenario fired now (adding it when it was not programmed: admin simulate, autopilot). */
export function markScenarioFired(ctx: CoreContext, orderNo: string, scenario: ShippingScenario): void {
  const row = ctx.db.prepare('SELECT scenarios FROM shipping_orders WHERE order_no = ?').get(orderNo) as { scenarios: string };
  const list = scenarioRecords(row);
  const pending = list.find((s) => s.name === scenario && s.firedAt === null);
  if (pending) pending.firedAt = ctx.nowIso();
  else list.push({ name: scenario, firedAt: ctx.nowIso() });
  ctx.db.prepare('UPDATE shipping_orders SET scenarios = ? WHERE order_no = ?').run(JSON.stringify(list), orderNo);
}

/** The shipping scenarios the autopilot draws at a rate, and the warehouse figure that keeps each rate (basis points). */
const RATE_FIGURE = { customs_hold: 'customsHoldRateBp', lost_in_transit: 'lostInTransitRateBp', customs_seized: 'customsSeizedRateBp' } as const;
export type RatedShippingScenario = keyof typeof RATE_FIGURE;
export const RATED_SHIPPING_SCENARIOS = Object.keys(RATE_FIGURE) as RatedShippingScenario[];

/**
 * The shipping scenarios' rates in percent, shown and set with the order scenarios' rates in the autopilot
 * settings (GET/PUT /autopilot, extensions.md section 8). Still kept in the warehouse figures, where they
 * were first (GET/PUT /warehouse/figures reads and writes the same values in basis points).
 */
export function readShippingScenarioRates(ctx: CoreContext): Record<RatedShippingScenario, number> {
  const f = readFigures(ctx);
  return { customs_hold: f.customsHoldRateBp / 100, lost_in_transit: f.lostInTransitRateBp / 100, customs_seized: f.customsSeizedRateBp / 100 };
}

export function writeShippingScenarioRates(ctx: CoreContext, rates: Partial<Record<RatedShippingScenario, number>>): void {
  const patch: Partial<Record<(typeof RATE_FIGURE)[RatedShippingScenario], number>> = {};
  for (const name of RATED_SHIPPING_SCENARIOS) if (rates[name] !== undefined) patch[RATE_FIGURE[name]] = Math.round(rates[name] * 100);
  if (Object.keys(patch).length > 0) writeFigures(ctx, patch);
}

/** The autopilot's draw for an order at its transit step: one scenario or none, by the operator's rates. */
export function drawScenario(ctx: CoreContext, orderNo: string): ShippingScenario | null {
  const f = readFigures(ctx);
  const roll = hashText(`scenario:${orderNo}`) % 10_000;
  const rates: [ShippingScenario, number][] = [
    ['customs_hold', f.customsHoldRateBp],
    ['lost_in_transit', f.lostInTransitRateBp],
    ['customs_seized', f.customsSeizedRateBp],
  ];
  let edge = 0;
  for (const [name, rate] of rates) {
    edge += rate;
    if (roll < edge) return name;
  }
  return null;
}
