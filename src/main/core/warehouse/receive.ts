import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { scheduleStorage } from './storage.js';

/**
 * An order arrives at the warehouse: one package per order line, weighed from the inspection (split over
 * the lines by their share of the estimated weight) or from the SKU estimate. Runs in the caller's
 * transaction, with the order's move to in_warehouse.
 */
export function receiveOrderPackages(
  ctx: CoreContext,
  orderNo: string,
  options: { inspectedWeightGrams?: number; photos: readonly string[] },
): number[] {
  const lines = ctx.db
    .prepare('SELECT o.user_id, i.id, i.title, i.sku_name, i.quantity, i.weight_g, i.cargo_type FROM order_items i JOIN orders o ON o.order_no = i.order_no WHERE i.order_no = ? ORDER BY i.id')
    .all(orderNo) as { user_id: number; id: number; title: string; sku_name: string; quantity: number; weight_g: number; cargo_type: string }[];
  const estimated = lines.reduce((sum, l) => sum + l.weight_g * l.quantity, 0);
  const now = ctx.nowIso();
  const insert = ctx.db.prepare(
    `INSERT INTO packages (user_id, order_no, order_item_id, product_name, quantity, weight_g, cargo_type, status, photos, arrived_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'in_warehouse', ?, ?)`,
  );
  return lines.map((line) => {
    const lineEstimate = line.weight_g * line.quantity;
    const weight =
      options.inspectedWeightGrams && estimated > 0
        ? Math.max(1, Math.round((options.inspectedWeightGrams * lineEstimate) / estimated))
        : lineEstimate;
    const name = line.sku_name && line.sku_name !== 'Default' ? `${line.title} (${line.sku_name})` : line.title;
    const packageId = Number(
      insert.run(line.user_id, orderNo, line.id, name, line.quantity, weight, line.cargo_type, JSON.stringify(options.photos), now).lastInsertRowid,
    );
    emitEvent(ctx, 'package.arrived', line.user_id, { packageId, orderNo, productName: name, weight });
    scheduleStorage(ctx, packageId, now);
    return packageId;
  });
}
