import { inspectionNote } from './inspection-notes.js';
import type { CoreContext } from '../context.js';
import { appendTimeline, part } from './timeline.js';
import { hashText } from '../shared/random.js';
import type { Db } from '../db/database.js';
import { readSetting, writeSetting, type ServiceSettings } from '../settings/settings.js';
import { conflict } from '../shared/errors.js';
import { scenarioAmount, SCENARIO_STATUS, scenariosAt } from './after-sales-rules.js';
import { applyTransition } from './lifecycle.js';
import { raiseSupplement, refundPriceDecrease } from './supplements.js';
import { requireOrder } from './views.js';
import type { OrderScenario } from '../../../contract/enums.js';
import type { ScenarioState } from '../../../contract/open/orders.js';

/**
 * The sandbox's order scenarios (extensions.md section 8): what each does when it fires, and when it
 * fires. A scenario is programmed by the `Crossbuy-Scenario` header of POST /orders and fires at its step
 * (the back office's advance by hand, or the autopilot), or is fired at once by the admin simulate route
 * (409 when the order is not at that step). The autopilot also fires them at the operator's rates.
 *
 * Each fires once per order. Firing consumes the step that met it (the order stays where it is: a
 * supplement waits for the user, a delayed seller ships later), except qc_issue, which is the arrival.
 */
export function readScenarios(raw: string): ScenarioState[] {
  return JSON.parse(raw) as ScenarioState[];
}

function scenariosOf(ctx: CoreContext, orderNo: string): ScenarioState[] {
  return readScenarios(ctx.db.prepare('SELECT scenarios FROM orders WHERE order_no = ?').pluck().get(orderNo) as string);
}

function save(ctx: CoreContext, orderNo: string, list: ScenarioState[]): void {
  ctx.db.prepare('UPDATE orders SET scenarios = ? WHERE order_no = ?').run(JSON.stringify(list), orderNo);
}

/** The states of freshly programmed scenarios, as an order stores them. */
export function programmedScenarios(names: readonly OrderScenario[]): ScenarioState[] {
  return names.map((name) => ({ name, status: 'programmed', firedAt: null }));
}

export function programScenarios(ctx: CoreContext, orderNo: string, names: readonly OrderScenario[]): void {
  save(ctx, orderNo, programmedScenarios(names));
}

/** The first line (by id) and its goods value: the line a price scenario or a QC issue concerns. */
function firstLine(ctx: CoreContext, orderNo: string): { id: number; total: number } {
  const row = ctx.db.prepare('SELECT id, price_minor * quantity AS total FROM order_items WHERE order_no = ? AND replaces_item_id IS NULL ORDER BY id LIMIT 1').get(orderNo) as
    | { id: number; total: number }
    | undefined;
  if (!row) throw new Error(`order ${orderNo} has no lines`);
  return row;
}

/** Runs one scenario's effect. The order must be at the scenario's status (checked by the callers). */
function runScenario(ctx: CoreContext, orderNo: string, name: OrderScenario): void {
  const line = firstLine(ctx, orderNo);
  switch (name) {
    case 'out_of_stock':
      applyTransition(ctx, orderNo, 'refunded', 'admin', { reason: 'Refunded: the item is out of stock at the marketplace (scenario out_of_stock)', reasonPart: part('order.refunded_out_of_stock') });
      return;
    case 'price_increase':
      raiseSupplement(ctx, orderNo, { reason: 'price_increase', amount: scenarioAmount('price_increase', line.total), itemId: line.id });
      return;
    case 'domestic_freight':
      raiseSupplement(ctx, orderNo, { reason: 'domestic_freight', amount: scenarioAmount('domestic_freight', line.total), itemId: null });
      return;
    case 'price_decrease':
      refundPriceDecrease(ctx, orderNo, scenarioAmount('price_decrease', line.total), line.id);
      touch(ctx, orderNo);
      return;
    case 'seller_delay': {
      const now = ctx.nowIso();
      appendTimeline(ctx, orderNo, 'purchased', now, { parts: [part('order.seller_late')] });
      touch(ctx, orderNo);
      return;
    }
    case 'qc_issue':
      ctx.db.prepare('UPDATE order_items SET qc_issue = ? WHERE id = ?').run('Issue found on this item during inspection (scenario qc_issue)', line.id);
      applyTransition(ctx, orderNo, 'in_warehouse', 'admin', {
        inspection: { result: 'issue_found' },
        inspectionNotes: inspectionNote('inspection.item_issue', { itemId: line.id }),
      });
      return;
  }
}

/** Moving updated_at re-plans the order's next due step from now (trigger of migration 005). */
function touch(ctx: CoreContext, orderNo: string): void {
  ctx.db.prepare('UPDATE orders SET updated_at = ? WHERE order_no = ?').run(ctx.nowIso(), orderNo);
}

function markFired(ctx: CoreContext, orderNo: string, name: OrderScenario): void {
  const list = scenariosOf(ctx, orderNo);
  const at = ctx.nowIso();
  const existing = list.find((s) => s.name === name);
  if (existing) {
    existing.status = 'fired';
    existing.firedAt = at;
  } else {
    list.push({ name, status: 'fired', firedAt: at });
  }
  save(ctx, orderNo, list);
}

/** The scenarios whose effect is a supplement the shopper must pay or decline. */
const RAISES_SUPPLEMENT: ReadonlySet<OrderScenario> = new Set(['price_increase', 'domestic_freight']);

/** Admin simulate: fires `name` now. 409 when the order is not at its step or it already fired. */
export function simulateOrderScenario(ctx: CoreContext, orderNo: string, name: OrderScenario): void {
  ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      const at = SCENARIO_STATUS[name];
      if (order.status !== at) throw conflict(`Scenario ${name} fits an order that is ${at}; order ${orderNo} is ${order.status}`);
      if (scenariosOf(ctx, orderNo).some((s) => s.name === name && s.status === 'fired')) throw conflict(`Scenario ${name} already fired on order ${orderNo}`);
      // One supplement at a time: a second asked for while the first waits would stack two on one purchase.
      if (RAISES_SUPPLEMENT.has(name) && ctx.db.prepare("SELECT 1 FROM order_supplements WHERE order_no = ? AND status = 'pending' LIMIT 1").get(orderNo)) {
        throw conflict(`Order ${orderNo} has a pending supplement: it is paid or declined before the scenario ${name} can raise another`);
      }
      markFired(ctx, orderNo, name);
      runScenario(ctx, orderNo, name);
    })
    .immediate();
}

/**
 * At a step (advance by hand, or the autopilot): fires the programmed scenarios due at the order's
 * status, and (autopilot only) draws the operator's rates. True when one fired (the step is consumed).
 */
export function fireScenariosAtStep(ctx: CoreContext, orderNo: string, options: { autopilot: boolean }): boolean {
  const order = requireOrder(ctx, orderNo, null);
  const list = scenariosOf(ctx, orderNo);
  const programmed = list.filter((s) => s.status === 'programmed').map((s) => s.name);
  let due = scenariosAt(programmed, order.status);
  if (due.length === 0 && options.autopilot && list.length === 0) due = drawnScenarios(ctx, orderNo, order.status);
  // One at a time: the first may end the order's step (a refund, a pending supplement).
  const name = due[0];
  if (!name) return false;
  markFired(ctx, orderNo, name);
  runScenario(ctx, orderNo, name);
  return true;
}

const RATE_SETTING: Partial<Record<OrderScenario, keyof ServiceSettings>> = {
  price_increase: 'autopilotPriceIncreaseBp',
  price_decrease: 'autopilotPriceDecreaseBp',
  domestic_freight: 'autopilotDomesticFreightBp',
  qc_issue: 'autopilotQcIssueBp',
  seller_delay: 'autopilotSellerDelayBp',
};

type RatedScenario = 'price_increase' | 'price_decrease' | 'domestic_freight' | 'qc_issue' | 'seller_delay';

/** The autopilot's rate of each scenario, in percent (settings hold basis points). */
export function readScenarioRates(db: Db): Record<RatedScenario, number> {
  const out = {} as Record<RatedScenario, number>;
  for (const [name, key] of Object.entries(RATE_SETTING) as [RatedScenario, keyof ServiceSettings][]) out[name] = Number(readSetting(db, key)) / 100;
  return out;
}

export function writeScenarioRates(db: Db, rates: Partial<Record<RatedScenario, number>>): void {
  for (const [name, percent] of Object.entries(rates) as [RatedScenario, number | undefined][]) {
    const key = RATE_SETTING[name];
    if (percent !== undefined && key) writeSetting(db, key as 'autopilotQcIssueBp', Math.round(percent * 100));
  }
}

/** The autopilot's rates: a scenario fires on an order when a hash of both falls under its rate (stable across restarts). */
function drawnScenarios(ctx: CoreContext, orderNo: string, status: string): OrderScenario[] {
  return (Object.keys(RATE_SETTING) as OrderScenario[]).filter(
    (name) => SCENARIO_STATUS[name] === status && hashText(`${name}:${orderNo}`) % 10_000 < Number(readSetting(ctx.db, RATE_SETTING[name]!)),
  );
}
