import { consumeCartLines } from '../cart/cart.js';
import { money, part } from './timeline.js';
import type { Transaction } from 'better-sqlite3';
import { contextAt, type CoreContext } from '../context.js';
import type { Db } from '../db/database.js';
import { markCouponUsed } from '../coupons/redemption.js';
import { postEntry } from '../wallet/ledger.js';
import { newOrderNo } from './generated-records.js';
import { programScenarios } from './scenarios.js';
import type { OrderScenario } from '../../../contract/enums.js';
import { recordOrderPlaced } from './order-status.js';
import { checkOrderShape, lineImage, quoteOrder } from './quote.js';
import type { OrderDetail, OrderItemRow } from './views.js';
import { placedOrderDetail } from './placed-view.js';

/**
 * Placing a purchase order. One transaction: check every line, price it from the SKUs as they are now,
 * debit the whole total from the wallet, write the order, take the stock, the cart lines and the coupon.
 * Any failure writes nothing.
 */
import type { NewOrder } from '../../../contract/open/orders.js';
export { MAX_ORDER_LINES, MAX_ORDER_REMARK } from '../../../contract/limits.js';

export interface NewOrderLine {
  /** A product id as the contract sends it: a string of digits. */
  productId: string;
  skuId: string;
  quantity: number;
  remark?: string;
}

export type { NewOrder };

type Options = { scenarios?: readonly OrderScenario[] };

/**
 * The order's transaction, made once per connection: better-sqlite3 builds a wrapper object per
 * `db.transaction()` call, and this is the busiest write (issue 14 item 3).
 */
const placing = new WeakMap<Db, Transaction<(base: CoreContext, userId: number, input: NewOrder, options: Options) => OrderDetail>>();

export function createOrder(base: CoreContext, userId: number, input: NewOrder, options: Options = {}): OrderDetail {
  checkOrderShape(input);
  let place = placing.get(base.db);
  if (place === undefined) {
    place = base.db.transaction(placeOrder);
    placing.set(base.db, place);
  }
  return place.immediate(base, userId, input, options);
}

function placeOrder(base: CoreContext, userId: number, input: NewOrder, options: Options): OrderDetail {
  // One instant for the whole order: its rows, ledger entry and events carry the same time, and the
  // service clock (a settings read) is read once instead of once per row.
  const ctx = contextAt(base, base.clock.now());
  const { lines, platform, price, coupon } = quoteOrder(ctx, userId, input);

  const orderNo = newOrderNo(ctx);
  const now = ctx.nowIso();
  // Balance last: a client learns about bad lines and coupons before being told to top up.
  if (price.total > 0) {
    postEntry(ctx, { userId, type: 'order_payment', amount: -price.total, reference: orderNo, description: `Payment for purchase order ${orderNo}` });
  }
  ctx.db
    .prepare(
      `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor,
         total_minor, coupon_id, remark, created_at, updated_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(orderNo, userId, platform, ctx.currency, price.subtotal, price.discount, price.serviceFee, price.total, coupon?.id ?? null, input.remark ?? '', now, now);
  const insertItem = ctx.db.prepare(
    `INSERT INTO order_items (order_no, product_id, sku_id, title, sku_name, price_minor, quantity, remark, weight_g, cargo_type, image_url,
       platform, shop_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const takeStock = ctx.db.prepare('UPDATE product_skus SET stock = stock - ? WHERE product_id = ? AND sku_id = ? AND stock >= ?');
  const items: OrderItemRow[] = [];
  for (const line of lines) {
    const item: OrderItemRow = {
      id: 0,
      product_id: line.product.id,
      sku_id: line.sku.sku_id,
      title: line.product.title,
      sku_name: line.sku.name,
      price_minor: line.sku.price_minor,
      quantity: line.input.quantity,
      remark: line.input.remark ?? '',
      weight_g: line.product.weight_g,
      image_url: lineImage(line),
      platform: line.product.platform,
      shop_name: line.product.shop_name,
      marketplace_order_no: null,
      domestic_carrier: null,
      domestic_tracking_no: null,
      qc_issue: null,
    };
    item.id = Number(
      insertItem.run(orderNo, item.product_id, item.sku_id, item.title, item.sku_name, item.price_minor, item.quantity, item.remark, item.weight_g,
        line.product.cargo_type, item.image_url, item.platform, item.shop_name).lastInsertRowid,
    );
    items.push(item);
    // checkStock saw enough stock in this same transaction; the guard makes an oversell impossible regardless.
    if (takeStock.run(line.input.quantity, line.product.id, line.sku.sku_id, line.input.quantity).changes !== 1) {
      throw new Error(`stock of ${line.product.id}/${line.sku.sku_id} changed inside the order's transaction`);
    }
  }
  consumeCartLines(ctx, userId, lines.map((l) => ({ productId: l.product.id, skuId: l.sku.sku_id, quantity: l.input.quantity })));
  if (coupon) markCouponUsed(ctx, userId, coupon.id, orderNo);
  const scenarios = options.scenarios ?? [];
  if (scenarios.length > 0) programScenarios(ctx, orderNo, scenarios);
  const parts = [part('order.placed', money(price.total, ctx.currency))];
  const note = recordOrderPlaced(ctx, { orderNo, userId, totalMinor: price.total, currency: ctx.currency }, now, parts);
  // The answer from what was just written: nothing of a new order needs reading back.
  const placed = { orderNo, userId, platform, currency: ctx.currency, price, couponId: coupon?.id ?? null, remark: input.remark ?? '', at: now, scenarios };
  return placedOrderDetail(ctx, placed, items, { note, parts });
}
