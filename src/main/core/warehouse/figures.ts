import type { CoreContext } from '../context.js';
import { ApiError, badRequest } from '../shared/errors.js';
import type { FiguresView } from '../../../contract/admin/warehouse.js';

/**
 * The operator's figures for warehouse and shipment services (extensions.md sections 5, 6, 8), kept as
 * data in `warehouse_figures` (migration 008) so the back office can change them without a release.
 * Money in minor units, rates in basis points, durations in whole days on the service clock.
 */
export const FIGURE_DEFAULTS = {
  /** Storage is free this many days from arrival. */
  freeStorageDays: 90,
  /** Then this much per package per started day. */
  storageFeePerDayMinor: 50,
  /** package.storage_expiring this many days before the free period ends. */
  storageAlertDays: 3,
  /** A package still on the shelf this many days after arrival is disposed. */
  disposalDays: 180,
  /** Insurance premium: a share of the declared value, with a minimum. */
  insuranceRateBp: 300,
  insuranceMinimumMinor: 500,
  /** Rehearsal packing fee. */
  rehearsalFeeMinor: 1800,
  /** Whether scripts may program cases with the Crossbuy-Scenario header (1) or not (0). */
  scenarioHeaderEnabled: 1,
  /** Share of shipments the autopilot sends through each scenario, in basis points. */
  customsHoldRateBp: 200,
  lostInTransitRateBp: 50,
  customsSeizedRateBp: 20,
  /** v1.2 section 10: a packed parcel may cost this much more than the fee held before a supplement is asked (2%). */
  weightToleranceBp: 200,
  /** Box and filler over the packages' summed weight, drawn per packing (a shipping order's, a rehearsal's) within this range. */
  packingMinBp: 600,
  packingMaxBp: 1200,
  /** Hours a shipping supplement waits for payment before the shipment is cancelled. */
  shippingSupplementHours: 48,
} as const satisfies Record<keyof FiguresView, number>; // every figure the contract shows, and only those

export type FigureKey = keyof typeof FIGURE_DEFAULTS;
export const FIGURE_KEYS = Object.keys(FIGURE_DEFAULTS) as FigureKey[];

/** Upper bounds that keep every figure meaningful (days within ten years, rates within 100%). */
const LIMITS: Record<FigureKey, [number, number]> = {
  freeStorageDays: [0, 3650],
  storageFeePerDayMinor: [0, 1_000_000],
  storageAlertDays: [0, 365],
  disposalDays: [1, 3650],
  insuranceRateBp: [0, 10_000],
  insuranceMinimumMinor: [0, 100_000_000],
  rehearsalFeeMinor: [0, 100_000_000],
  scenarioHeaderEnabled: [0, 1],
  customsHoldRateBp: [0, 10_000],
  lostInTransitRateBp: [0, 10_000],
  customsSeizedRateBp: [0, 10_000],
  weightToleranceBp: [0, 10_000],
  packingMinBp: [0, 10_000],
  packingMaxBp: [0, 10_000],
  shippingSupplementHours: [1, 24 * 365],
};

export function readFigure(ctx: CoreContext, key: FigureKey): number {
  const value = ctx.db.prepare('SELECT value FROM warehouse_figures WHERE key = ?').pluck().get(key) as number | undefined;
  return value ?? FIGURE_DEFAULTS[key];
}

/**
 * The operator's switch for the `Crossbuy-Scenario` header of orders, shipping orders and top-ups alike
 * (extensions.md section 8: "honoured unless the operator turns it off"): a header naming a case while it is
 * off is a 400, so a script learns at once that its case will not happen.
 */
export function requireScenarioHeaderOn(ctx: CoreContext): void {
  if (readFigures(ctx).scenarioHeaderEnabled !== 1) throw new ApiError(400, 'Crossbuy-Scenario: scenarios are turned off by the operator');
}

export function readFigures(ctx: CoreContext): FiguresView {
  const out = { ...FIGURE_DEFAULTS } as FiguresView;
  // By primary key (an index search, like every query on a request path).
  const rows = ctx.db
    .prepare(`SELECT key, value FROM warehouse_figures WHERE key IN (${FIGURE_KEYS.map(() => '?').join(', ')})`)
    .all(...FIGURE_KEYS) as { key: string; value: number }[];
  for (const r of rows) if (r.key in out) out[r.key as FigureKey] = r.value;
  return out;
}

/** Sets some figures; each must be an integer within its bounds (400 naming it, nothing written). */
export function writeFigures(ctx: CoreContext, patch: Partial<FiguresView>): FiguresView {
  for (const [key, value] of Object.entries(patch) as [FigureKey, number][]) {
    const [min, max] = LIMITS[key];
    if (!Number.isSafeInteger(value) || value < min || value > max) throw badRequest(`${key} must be an integer from ${min} to ${max}`);
  }
  const upsert = ctx.db.prepare('INSERT INTO warehouse_figures (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  ctx.db.transaction(() => {
    for (const [key, value] of Object.entries(patch)) upsert.run(key, value);
    const f = readFigures(ctx);
    if (f.storageAlertDays > f.freeStorageDays) throw badRequest('storageAlertDays must not exceed freeStorageDays');
    if (f.disposalDays <= f.freeStorageDays) throw badRequest('disposalDays must be greater than freeStorageDays');
    if (f.packingMinBp > f.packingMaxBp) throw badRequest('packingMinBp must not exceed packingMaxBp');
  })();
  return readFigures(ctx);
}
