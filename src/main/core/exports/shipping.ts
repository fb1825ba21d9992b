import type { ExportDefinition } from './export-kind.js';
import { chunkOf, keyset } from './export-kind.js';
import { heldTotal } from '../shipping/queries.js';
import { shippingExportRows } from './rows.js';

/**
 * The user's shipping orders (index shipping_orders_user_created / shipping_orders_user_status_created).
 * The money columns after deliveredAt came later (issue 26): appended, so a script reading by position keeps
 * working; totalCharge is the order detail's, what the order holds or captured.
 */
export const shippingExport: ExportDefinition = {
  kind: 'shipping',
  header: [
    'orderNo',
    'status',
    'channelId',
    'channelName',
    'trackingNo',
    'totalWeightGrams',
    'shippingFee',
    'currency',
    'recipientName',
    'country',
    'remark',
    'createdAt',
    'updatedAt',
    'shippedAt',
    'deliveredAt',
    'declaredValue',
    'insurancePremium',
    'storageFees',
    'couponDiscount',
    'totalCharge',
  ],
  chunk(ctx, userId, filter, after, limit) {
    const status = filter.status === undefined ? { sql: '', args: [] } : { sql: ' AND status = ?', args: [filter.status] };
    const k = keyset(after);
    const rows = shippingExportRows.all(
      ctx.db.prepare(
        `SELECT rowid, * FROM shipping_orders
         WHERE user_id = ?${status.sql} AND created_at >= ? AND created_at < ?${k.sql}
         ORDER BY created_at, rowid LIMIT ?`,
      ).all(userId, ...status.args, filter.from, filter.to, ...k.args, limit),
    );
    return chunkOf(rows, limit, (r) => {
      const recipient = JSON.parse(r.recipient) as { name?: string; country?: string };
      return [
        r.order_no,
        r.status,
        r.channel_id,
        r.channel_name,
        r.tracking_no,
        { integer: r.total_weight_g },
        { amount: r.shipping_fee_minor },
        r.currency,
        recipient.name ?? '',
        recipient.country ?? '',
        r.remark,
        r.created_at,
        r.updated_at,
        r.shipped_at,
        r.delivered_at,
        { amount: r.declared_value_minor },
        { amount: r.insurance_premium_minor },
        { amount: r.storage_fees_minor },
        { amount: r.coupon_discount_minor },
        { amount: heldTotal(r) },
      ];
    });
  },
};
