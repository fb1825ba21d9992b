import type { ExportDefinition } from './export-kind.js';
import { chunkOf, keyset } from './export-kind.js';
import { orderExportRows } from './rows.js';

/** The user's purchase orders (index orders_user_created / orders_user_status_created). */
export const ordersExport: ExportDefinition = {
  kind: 'orders',
  header: ['orderNo', 'status', 'platform', 'itemCount', 'subtotal', 'discount', 'serviceFee', 'totalAmount', 'currency', 'createdAt', 'updatedAt'],
  chunk(ctx, userId, filter, after, limit) {
    const status = filter.status === undefined ? { sql: '', args: [] } : { sql: ' AND status = ?', args: [filter.status] };
    const k = keyset(after);
    const rows = orderExportRows.all(
      ctx.db.prepare(
        `SELECT o.rowid AS rowid, o.*,
           (SELECT COUNT(*) FROM order_items i WHERE i.order_no = o.order_no AND i.replaces_item_id IS NULL) AS item_count
         FROM orders o WHERE o.rowid IN (
           SELECT rowid FROM orders WHERE user_id = ?${status.sql} AND created_at >= ? AND created_at < ?${k.sql}
           ORDER BY created_at, rowid LIMIT ?)
         ORDER BY o.created_at, o.rowid`,
      ).all(userId, ...status.args, filter.from, filter.to, ...k.args, limit),
    );
    return chunkOf(rows, limit, (r) => [
      r.order_no,
      r.status,
      r.platform,
      { integer: r.item_count },
      { amount: r.subtotal_minor },
      { amount: r.discount_minor },
      { amount: r.service_fee_minor },
      { amount: r.total_minor },
      r.currency,
      r.created_at,
      r.updated_at,
    ]);
  },
};
