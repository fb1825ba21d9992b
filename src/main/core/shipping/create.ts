import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { requireCountry } from '../logistics/quotes.js';
import { badRequest } from '../shared/errors.js';
import { formatAmount, toAmount } from '../shared/money.js';
import { markRehearsalUsed } from './rehearsals.js';
import { quoteShipment } from './quote.js';
import { markCouponUsed } from '../coupons/redemption.js';
import type { ShippingScenario } from './scenarios.js';
import { newTimeOrderedNumber } from '../shared/time-ordered-code.js';
import { placeHold } from '../wallet/ledger.js';
import { movePackages } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import { requireDeliverableAddress } from '../users/address-check.js';
import type { Recipient } from './queries.js';

export type { CreateShippingInput };
import type { CreateShippingInput } from '../../../contract/open/shipping.js';
export { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';

/** "SO" + the service date (UTC) of `now` + 4 time-of-day and 4 random characters (time-ordered-code.ts); unique. */
function newOrderNo(ctx: CoreContext, now: string): string {
  const exists = ctx.db.prepare('SELECT 1 FROM shipping_orders WHERE order_no = ?');
  return newTimeOrderedNumber('SO', now, ctx.random.draw(), (orderNo) => exists.get(orderNo) !== undefined);
}

/** The request's name of each recipient field the address rules look at. */
const RECIPIENT_FIELDS = {
  name: 'recipientName',
  phone: 'recipientPhone',
  city: 'recipientCity',
  address: 'recipientAddress',
  zipCode: 'recipientZipCode',
} as const;

/**
 * The recipient, trimmed, held to the same rules as a saved address (a shipping order is where an address
 * has to be deliverable): the same 400 `address_invalid`, with `field` naming the request's field.
 */
function recipientOf(input: CreateShippingInput, country: string): Recipient {
  const required = (field: keyof CreateShippingInput) => {
    const value = String(input[field] ?? '').trim();
    if (!value) throw badRequest(`${field} must not be blank`);
    return value;
  };
  const recipient = {
    name: required('recipientName'),
    phone: required('recipientPhone'),
    country,
    state: (input.recipientState ?? '').trim(),
    city: required('recipientCity'),
    address: required('recipientAddress'),
    zipCode: required('recipientZipCode'),
  };
  requireDeliverableAddress(recipient, RECIPIENT_FIELDS);
  return recipient;
}

/**
 * Creates a shipping order: validates everything, prices it with the channel's quote for the total weight,
 * freezes the fee, reserves the packages. Synchronous and in the caller's transaction (the route is
 * idempotent), so a failure anywhere writes nothing.
 */
export function createShippingOrder(ctx: CoreContext, userId: number, input: CreateShippingInput, scenarios: readonly ShippingScenario[] = []) {
  // A savepoint when the route's transaction is already open; a transaction of its own otherwise.
  return ctx.db.transaction(() => create(ctx, userId, input, scenarios)).immediate();
}

function create(ctx: CoreContext, userId: number, input: CreateShippingInput, scenarios: readonly ShippingScenario[]) {
  // The recipient first: create refuses an undeliverable address before pricing anything.
  const recipient = recipientOf(input, requireCountry(ctx, input.recipientCountry, 'recipientCountry'));
  const remark = (input.remark ?? '').trim();
  const quote = quoteShipment(ctx, userId, input);
  const { channel, packages, freight, totalWeight, rehearsal, hold } = quote;
  const rehearsalId = rehearsal?.id ?? null;
  if (rehearsal) markRehearsalUsed(ctx, rehearsal.id);
  const { declared, insured, premium, storageTotal: storage, coupon, couponDiscount } = quote;
  const duties = quote.duties.amount;

  const now = ctx.nowIso();
  const orderNo = newOrderNo(ctx, now);
  ctx.db
    .prepare(
      `INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor,
         currency, tracking_no, recipient, remark, created_at, updated_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, '', ?, ?, ?, ?)`,
    )
    .run(orderNo, userId, channel.channelId, channel.name, totalWeight, freight.totalPrice, ctx.currency, JSON.stringify(recipient), remark, now, now);
  ctx.db
    .prepare(
      `UPDATE shipping_orders SET declared_value_minor = ?, insurance = ?, insurance_premium_minor = ?, storage_fees_minor = ?,
         estimated_duties_minor = ?, rehearsal_id = ?, scenarios = ?, dimensions = ? WHERE order_no = ?`,
    )
    .run(
      declared,
      insured ? 1 : 0,
      premium,
      storage,
      duties,
      rehearsalId,
      JSON.stringify(scenarios.map((name) => ({ name, firedAt: null }))),
      rehearsal ? JSON.stringify({ length: rehearsal.length, width: rehearsal.width, height: rehearsal.height }) : null,
      orderNo,
    );
  // v1.2 sections 10-11: the quote's charge weight and price table (the packed parcel is priced on it), the coupon.
  ctx.db.prepare('UPDATE shipping_orders SET charge_weight_g = ?, quote_price = ? WHERE order_no = ?').run(freight.chargeWeight, JSON.stringify(channel.price), orderNo);
  if (coupon) {
    ctx.db.prepare('UPDATE shipping_orders SET coupon_id = ?, coupon_discount_minor = ? WHERE order_no = ?').run(coupon.id, couponDiscount, orderNo);
    markCouponUsed(ctx, userId, coupon.id, orderNo);
  }
  // A free shipment (a zero-priced channel, nothing insured or stored) has nothing to hold.
  if (hold > 0) placeHold(ctx, userId, orderNo, hold);
  emitEvent(ctx, 'shipping.created', userId, { orderNo, status: 'pending', shippingFee: toAmount(freight.totalPrice), currency: ctx.currency });
  const link = ctx.db.prepare('INSERT INTO shipping_order_items (shipping_order_no, package_id) VALUES (?, ?)');
  for (const p of packages) link.run(orderNo, p.id);
  movePackages(ctx, packages.map((p) => p.id), rehearsalId ? 'rehearsing' : 'in_warehouse', 'packing', orderNo);
  appendShippingEvent(ctx, {
    orderNo,
    at: now,
    status: 'pending',
    location: WAREHOUSE_LOCATION,
    description: `Shipping order created on ${channel.name}; ${formatAmount(hold, ctx.currency)} frozen in the wallet (freight ${formatAmount(freight.totalPrice, ctx.currency)}${couponDiscount > 0 ? `, coupon -${formatAmount(couponDiscount, ctx.currency)}` : ''}, insurance ${formatAmount(premium, ctx.currency)}, storage ${formatAmount(storage, ctx.currency)})`,
    code: 'shipping.created',
    // `coupon` only when one applied, so the parts a client words add up to the hold (freight - coupon + insurance + storage).
    params: { channel: channel.name, amount: toAmount(hold), freight: toAmount(freight.totalPrice), ...(couponDiscount > 0 ? { coupon: toAmount(couponDiscount) } : {}), insurance: toAmount(premium), storage: toAmount(storage), currency: ctx.currency },
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
    declaredValue: toAmount(declared),
    insurance: insured,
    insurancePremium: toAmount(premium),
    storageFees: toAmount(storage),
    totalCharge: toAmount(hold),
    couponId: coupon?.id ?? null,
    couponDiscount: toAmount(couponDiscount),
    estimatedDuties: toAmount(duties),
    rehearsalId,
    fuelSurcharge: toAmount(freight.fuelSurcharge),
    scenarios: scenarios.map((name) => ({ name, firedAt: null })),
  };
}
