import { Int, pickColumns, withColumns } from '../db/row-reader.js';
import { orderRows } from '../orders/rows.js';
import { shippingOrderRows } from '../shipping/rows.js';
import { entryRows } from '../wallet/rows.js';

/**
 * What the CSV exports read: each domain's declared columns (orders/, shipping/, wallet/ rows.ts) plus the
 * rowid the keyset pages on, checked on every read like every other row (db/row-reader.ts).
 */
const keyed = { rowid: Int };

export const orderExportRows = withColumns(
  pickColumns(orderRows, 'orders', ['order_no', 'status', 'platform', 'subtotal_minor', 'discount_minor', 'service_fee_minor', 'total_minor', 'currency', 'created_at', 'updated_at']),
  'orders (export)',
  { ...keyed, item_count: Int },
);

export const shippingExportRows = withColumns(shippingOrderRows, 'shipping_orders (export)', keyed);

export const transactionExportRows = withColumns(entryRows, 'wallet_entries (export)', keyed);
