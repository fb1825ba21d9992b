import type { CoreContext } from '../context.js';
import { notFound } from '../shared/errors.js';
import { toAmount } from '../shared/money.js';
import { readFigures } from './figures.js';
import { packageServiceView, servicesOfPackage } from './services.js';
import { storageFeeMinor, storageTimeline } from './storage.js';
import { packageRows, type PackageRow } from './rows.js';
import { cursorOf, integerCursor, offsetOf, pageOf, unknownCursor, type Page, type Paging } from '../shared/pagination.js';
import { canMovePackage, storageDays, type PackageStatus } from './package-state.js';
import type { GoodsCargo } from '../../../contract/enums.js';
import type { WarehousePackage } from '../../../contract/open/warehouse.js';

/** Warehouse packages: the user's goods that arrived, read views and the moves shipping orders make. */
export type { PackageRow } from './rows.js';

export function packageView(ctx: CoreContext, row: PackageRow): WarehousePackage {
  return {
    id: row.id,
    productName: row.product_name,
    weight: row.weight_g,
    status: row.status,
    orderId: row.order_no,
    inspectionPhotos: (JSON.parse(row.photos) as string[]).map((p) => ctx.mediaUrl(p)),
    arrivedAt: row.arrived_at,
    storageDays: storageDays(row.arrived_at, ctx.clock.now()),
    quantity: row.quantity,
    cargoType: row.cargo_type as GoodsCargo, // copied from the product's cargo_type, which a CHECK holds to GOODS_CARGO
    shippingOrderNo: row.shipping_order_no,
    ...extras(ctx, row),
  };
}

/** v1.1: the package's services and its storage position on the service clock. */
function extras(ctx: CoreContext, row: PackageRow) {
  const f = readFigures(ctx);
  const now = ctx.clock.now();
  const t = storageTimeline(row.arrived_at, now, f);
  const onShelf = row.status === 'in_warehouse' || row.status === 'rehearsing';
  return {
    services: servicesOfPackage(ctx, row.id).map(packageServiceView),
    storageFee: toAmount(onShelf ? storageFeeMinor(row.arrived_at, now, f) : 0),
    freeStorageDaysLeft: t.freeDaysLeft,
    freeStorageUntil: t.freeUntil,
    disposalAt: t.disposalAt,
  };
}

/**
 * Newest arrivals first; a status filter (the shippable list is the in_warehouse one). The page comes
 * from the (user[, status], arrived_at, id) index (migration 005): a deep page skips index entries only, a
 * cursor (a package id) seeks straight to its position; the total from package_counts.
 */
export function listPackages(ctx: CoreContext, userId: number, query: Paging & { status?: PackageStatus }): Page<WarehousePackage> {
  const filter = query.status ? 'user_id = ? AND status = ?' : 'user_id = ?';
  const args: (string | number)[] = query.status ? [userId, query.status] : [userId];
  const total = (ctx.db.prepare(`SELECT COALESCE(SUM(n), 0) FROM package_counts WHERE ${filter}`).pluck().get(...args) as number);
  const cursor = cursorOf(query);
  let rows: PackageRow[];
  if (cursor === null) {
    rows = packageRows.all(
      ctx.db
        .prepare(
          `SELECT * FROM packages WHERE id IN (SELECT id FROM packages WHERE ${filter} ORDER BY arrived_at DESC, id DESC LIMIT ? OFFSET ?)
            ORDER BY arrived_at DESC, id DESC`,
        )
        .all(...args, query.limit, offsetOf(query)),
    );
  } else {
    const after = ctx.db.prepare('SELECT arrived_at, id FROM packages WHERE id = ? AND user_id = ?').get(integerCursor(cursor), userId) as
      | { arrived_at: string; id: number }
      | undefined;
    if (!after) unknownCursor();
    rows = packageRows.all(
      ctx.db
        .prepare(`SELECT * FROM packages WHERE ${filter} AND (arrived_at, id) < (?, ?) ORDER BY arrived_at DESC, id DESC LIMIT ?`)
        .all(...args, after.arrived_at, after.id, query.limit),
    );
  }
  return pageOf(
    rows.map((r) => packageView(ctx, r)),
    total,
    query,
  );
}

export function packageStats(ctx: CoreContext, userId: number) {
  const row = ctx.db
    .prepare(
      `SELECT COUNT(*) AS total,
              COALESCE(SUM(status = 'in_warehouse'), 0) AS in_warehouse,
              COALESCE(SUM(status = 'packing'), 0) AS packing,
              COALESCE(SUM(status = 'shipped'), 0) AS shipped,
              COALESCE(SUM(status = 'delivered'), 0) AS delivered,
              COALESCE(SUM(weight_g), 0) AS total_weight,
              COALESCE(SUM(CASE WHEN status IN ('in_warehouse', 'packing') THEN weight_g ELSE 0 END), 0) AS stored_weight
         FROM packages WHERE user_id = ?`,
    )
    .get(userId) as Record<'total' | 'in_warehouse' | 'packing' | 'shipped' | 'delivered' | 'total_weight' | 'stored_weight', number>;
  return {
    total: row.total,
    inWarehouse: row.in_warehouse,
    shipped: row.shipped,
    totalWeight: row.total_weight,
    packing: row.packing,
    delivered: row.delivered,
    inWarehouseWeight: row.stored_weight,
  };
}

export function findPackageRow(ctx: CoreContext, userId: number, id: number): PackageRow | null {
  return packageRows.one(ctx.db.prepare('SELECT * FROM packages WHERE id = ? AND user_id = ?').get(id, userId)) ?? null;
}

/** One of the user's packages; another user's package is as unknown as a missing one. */
export function getPackage(ctx: CoreContext, userId: number, id: number): WarehousePackage {
  const row = findPackageRow(ctx, userId, id);
  if (!row) throw notFound(`Package ${id} not found`);
  return packageView(ctx, row);
}

export function packagesOfShippingOrder(ctx: CoreContext, shippingOrderNo: string): PackageRow[] {
  return packageRows.all(
    ctx.db
      .prepare(
        `SELECT p.* FROM shipping_order_items i JOIN packages p ON p.id = i.package_id
          WHERE i.shipping_order_no = ? ORDER BY p.id`,
      )
      .all(shippingOrderNo),
  );
}

/**
 * Moves every package of a shipping order from one status to the next, in the caller's transaction.
 * Packing records the shipping order on the package; going back to the warehouse clears it.
 */
export function movePackages(ctx: CoreContext, packageIds: readonly number[], from: PackageStatus, to: PackageStatus, shippingOrderNo: string): void {
  if (!ctx.db.inTransaction) throw new Error('package moves must run inside a transaction');
  if (!canMovePackage(from, to)) throw new Error(`packages cannot move from ${from} to ${to}`);
  const link = to === 'in_warehouse' ? null : shippingOrderNo;
  const update = ctx.db.prepare('UPDATE packages SET status = ?, shipping_order_no = ? WHERE id = ? AND status = ?');
  for (const id of packageIds) {
    // A miss here means the caller's own checks were wrong: roll back rather than leave half a move.
    if (update.run(to, link, id, from).changes !== 1) throw new Error(`package ${id} is not ${from}`);
  }
}
