import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { channelCargoForGoods, CHANNEL_CARGO } from '../logistics/cargo.js';
import { requireActiveChannel } from '../logistics/channels.js';
import { carryProblem } from '../logistics/eligibility.js';
import { computeFreight } from '../logistics/freight.js';
import { requireCountry } from '../logistics/quotes.js';
import { badRequest, conflict, notFound, unprocessable } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { randomCode } from '../shared/random.js';
import { placeHold } from '../wallet/ledger.js';
import { findPackageRow, movePackages, type PackageRow } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import type { Recipient } from './queries.js';

export type { CreateShippingInput };
import { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';
import type { CreateShippingInput } from '../../../contract/open/shipping.js';
export { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';

/** "SO" + the service date (UTC) of `now` + 8 random characters; unique by construction and checked anyway. */
function newOrderNo(ctx: CoreContext, now: string): string {
  const day = now.slice(0, 10).replaceAll('-', '');
  for (;;) {
    const orderNo = `SO${day}${randomCode(8)}`;
    if (!ctx.db.prepare('SELECT 1 FROM shipping_orders WHERE order_no = ?').get(orderNo)) return orderNo;
  }
}

function recipientOf(input: CreateShippingInput, country: string): Recipient {
  const required = (field: keyof CreateShippingInput) => {
    const value = String(input[field] ?? '').trim();
    if (!value) throw badRequest(`${field} must not be blank`);
    return value;
  };
  return {
    name: required('recipientName'),
    phone: required('recipientPhone'),
    country,
    state: (input.recipientState ?? '').trim(),
    city: required('recipientCity'),
    address: required('recipientAddress'),
    zipCode: required('recipientZipCode'),
  };
}

/** Each item must be one of the user's packages, in the warehouse, shipped whole. Errors name the index. */
function reservePackages(ctx: CoreContext, userId: number, items: CreateShippingInput['items']): PackageRow[] {
  return items.map((item, index) => {
    const pkg = findPackageRow(ctx, userId, item.inventoryId);
    const at = `items[${index}]`;
    if (!pkg) throw notFound(`${at}: package ${item.inventoryId} not found`);
    if (pkg.status !== 'in_warehouse') {
      throw conflict(`${at}: package ${item.inventoryId} is ${pkg.status}${pkg.shipping_order_no ? ` (shipping order ${pkg.shipping_order_no})` : ''}, not in_warehouse`);
    }
    if (item.quantity !== pkg.quantity) {
      throw badRequest(`${at}.quantity must equal the package's quantity (${pkg.quantity}): packages ship whole`);
    }
    return pkg;
  });
}

/**
 * Creates a shipping order: validates everything, prices it with the channel's quote for the total weight,
 * freezes the fee, reserves the packages. Synchronous and in the caller's transaction (the route is
 * idempotent), so a failure anywhere writes nothing.
 */
export function createShippingOrder(ctx: CoreContext, userId: number, input: CreateShippingInput) {
  // A savepoint when the route's transaction is already open; a transaction of its own otherwise.
  return ctx.db.transaction(() => create(ctx, userId, input)).immediate();
}

function create(ctx: CoreContext, userId: number, input: CreateShippingInput) {
  if (input.items.length === 0) throw badRequest(`items must hold 1 to ${MAX_SHIPPING_ITEMS} packages`);
  if (input.items.length > MAX_SHIPPING_ITEMS) throw badRequest(`items must hold 1 to ${MAX_SHIPPING_ITEMS} packages`);
  const seen = new Set<number>();
  input.items.forEach((item, index) => {
    if (seen.has(item.inventoryId)) throw badRequest(`items[${index}].inventoryId ${item.inventoryId} appears more than once`);
    seen.add(item.inventoryId);
  });
  const country = requireCountry(ctx, input.recipientCountry, 'recipientCountry');
  const recipient = recipientOf(input, country);
  const remark = (input.remark ?? '').trim();
  const channel = requireActiveChannel(ctx, input.logisticsChannelId);
  const packages = reservePackages(ctx, userId, input.items);

  const totalWeight = packages.reduce((sum, p) => sum + p.weight_g, 0);
  const cargo = CHANNEL_CARGO.filter((c) => packages.some((p) => channelCargoForGoods(p.cargo_type) === c));
  // The shipment is one parcel of the packages' total weight; packages carry no dimensions.
  const freight = computeFreight(channel.price, { weight: totalWeight });
  const problem = carryProblem(channel, { country, cargo, chargeWeight: freight.chargeWeight });
  if (problem) throw unprocessable(problem);

  const now = ctx.nowIso();
  const orderNo = newOrderNo(ctx, now);
  ctx.db
    .prepare(
      `INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor,
         currency, tracking_no, recipient, remark, created_at, updated_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, '', ?, ?, ?, ?)`,
    )
    .run(orderNo, userId, channel.channelId, channel.name, totalWeight, freight.totalPrice, ctx.currency, JSON.stringify(recipient), remark, now, now);
  // A free shipment (a zero-priced channel) has nothing to hold.
  if (freight.totalPrice > 0) placeHold(ctx, userId, orderNo, freight.totalPrice);
  emitEvent(ctx, 'shipping.created', userId, { orderNo, status: 'pending', shippingFee: toAmount(freight.totalPrice), currency: ctx.currency });
  const link = ctx.db.prepare('INSERT INTO shipping_order_items (shipping_order_no, package_id) VALUES (?, ?)');
  for (const p of packages) link.run(orderNo, p.id);
  movePackages(ctx, packages.map((p) => p.id), 'in_warehouse', 'packing', orderNo);
  appendShippingEvent(ctx, {
    orderNo,
    at: now,
    status: 'pending',
    location: WAREHOUSE_LOCATION,
    description: `Shipping order created on ${channel.name}; shipping fee ${formatAmount(freight.totalPrice, ctx.currency)} frozen in the wallet`,
  });

  return {
    orderNo,
    status: 'pending' as const,
    channelName: channel.name,
    totalWeight,
    shippingFee: toAmount(freight.totalPrice),
    currency: ctx.currency,
    items: packages.map((p) => ({ inventoryId: p.id, name: p.product_name })),
    createdAt: now,
    channelId: channel.channelId,
    chargeWeight: freight.chargeWeight,
  };
}
