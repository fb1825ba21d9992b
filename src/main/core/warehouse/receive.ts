import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { scheduleStorage } from './storage.js';
import { packagePhotoPath } from '../media/media.js';
import { allocateProportionally } from '../shared/apportion.js';

/** QC photos generated for a package the staff gave none for. */
export const PACKAGE_PHOTO_COUNT = 3;

interface Line {
  user_id: number;
  id: number;
  title: string;
  sku_name: string;
  quantity: number;
  weight_g: number;
  cargo_type: string;
}

const LINE_COLUMNS = 'o.user_id, i.id, i.title, i.sku_name, i.quantity, i.weight_g, i.cargo_type';

/**
 * An order arrives at the warehouse: one package per order line, weighed from the inspection (split over
 * the lines by their share of the estimated weight, inspectedWeights) or from the SKU estimate. Runs in the caller's
 * transaction, with the order's move to in_warehouse. Each package gets QC photos of its own line (v1.1)
 * unless the staff gave photos. Replacement lines (exchanges) arrive later, by receiveReplacementPackage.
 */
export function receiveOrderPackages(
  ctx: CoreContext,
  orderNo: string,
  options: { inspectedWeightGrams?: number; photos?: readonly string[] },
): number[] {
  const lines = ctx.db
    .prepare(`SELECT ${LINE_COLUMNS} FROM order_items i JOIN orders o ON o.order_no = i.order_no WHERE i.order_no = ? AND i.replaces_item_id IS NULL ORDER BY i.id`)
    .all(orderNo) as Line[];
  const estimates = lines.map((line) => line.weight_g * line.quantity);
  const weights = options.inspectedWeightGrams ? inspectedWeights(estimates, options.inspectedWeightGrams) : estimates;
  return lines.map((line, index) => insertPackage(ctx, orderNo, line, weights[index]!, options.photos));
}

/**
 * The inspected weight split over the packages by their share of the estimate (largest remainder), so they
 * add up to what was weighed: shipping bills their sum, and rounding each on its own drifted 1,000 g to
 * 1,002 g over six lines, a dearer weight step. A package weighs at least 1 g: one that would get 0 takes
 * its gram from the heaviest; an order weighed at fewer grams than it has lines gets 1 g a package.
 */
export function inspectedWeights(estimates: readonly number[], inspectedGrams: number): number[] {
  if (inspectedGrams <= estimates.length) return estimates.map(() => 1);
  const weights = allocateProportionally(estimates, inspectedGrams);
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] !== 0) continue;
    const heaviest = weights.indexOf(Math.max(...weights));
    weights[heaviest]! -= 1;
    weights[i] = 1;
  }
  return weights;
}

/** The replacement of an exchanged line arrives: a new package for it, with a fresh inspection (photos, weight). */
export function receiveReplacementPackage(ctx: CoreContext, orderNo: string, replacementItemId: number): number {
  const line = ctx.db
    .prepare(`SELECT ${LINE_COLUMNS} FROM order_items i JOIN orders o ON o.order_no = i.order_no WHERE i.id = ? AND i.order_no = ?`)
    .get(replacementItemId, orderNo) as Line | undefined;
  if (!line) throw new Error(`no replacement line ${replacementItemId} on order ${orderNo}`);
  return insertPackage(ctx, orderNo, line, line.weight_g * line.quantity, undefined);
}

function insertPackage(ctx: CoreContext, orderNo: string, line: Line, weight: number, photos: readonly string[] | undefined): number {
  const name = line.sku_name && line.sku_name !== 'Default' ? `${line.title} (${line.sku_name})` : line.title;
  const packageId = Number(
    ctx.db
      .prepare(
        `INSERT INTO packages (user_id, order_no, order_item_id, product_name, quantity, weight_g, cargo_type, status, photos, arrived_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'in_warehouse', ?, ?)`,
      )
      .run(line.user_id, orderNo, line.id, name, line.quantity, weight, line.cargo_type, JSON.stringify(photos ?? []), ctx.nowIso()).lastInsertRowid,
  );
  if (!photos || photos.length === 0) {
    const own = Array.from({ length: PACKAGE_PHOTO_COUNT }, (_, i) => packagePhotoPath(packageId, i));
    ctx.db.prepare('UPDATE packages SET photos = ? WHERE id = ?').run(JSON.stringify(own), packageId);
  }
  emitEvent(ctx, 'package.arrived', line.user_id, { packageId, orderNo, productName: name, weight });
  scheduleStorage(ctx, packageId, ctx.nowIso());
  return packageId;
}
