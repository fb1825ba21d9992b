import type { CoreContext } from '../context.js';
import { emitEvent } from '../events/log.js';
import { channelCargoForGoods, CHANNEL_CARGO } from '../logistics/cargo.js';
import { requireActiveChannel } from '../logistics/channels.js';
import { carryProblem } from '../logistics/eligibility.js';
import { computeFreight } from '../logistics/freight.js';
import { requireCountry } from '../logistics/quotes.js';
import { badRequest, conflict, notFound, unprocessable } from '../shared/errors.js';
import { formatAmount, parseAmount, toAmount } from '../shared/money.js';
import { channelMaxDeclaredValue } from '../logistics/channels.js';
import { countryDuty } from '../logistics/countries.js';
import { readFigures } from '../warehouse/figures.js';
import { storageFeeMinor } from '../warehouse/storage.js';
import { estimatedDuties, insurancePremium } from './charges.js';
import { useRehearsal } from './rehearsals.js';
import type { ShippingScenario } from './scenarios.js';
import { newTimeOrderedNumber } from '../shared/time-ordered-code.js';
import { placeHold } from '../wallet/ledger.js';
import { findPackageRow, movePackages, type PackageRow } from '../warehouse/packages.js';
import { appendShippingEvent, WAREHOUSE_LOCATION } from './events.js';
import { requireDeliverableAddress } from '../users/address-check.js';
import type { Recipient } from './queries.js';

export type { CreateShippingInput };
import { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';
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

/** Each item must be one of the user's packages, in the warehouse, shipped whole. Errors name the index. */
function reservePackages(ctx: CoreContext, userId: number, items: CreateShippingInput['items'], expected: 'in_warehouse' | 'rehearsing'): PackageRow[] {
  return items.map((item, index) => {
    const pkg = findPackageRow(ctx, userId, item.inventoryId);
    const at = `items[${index}]`;
    if (!pkg) throw notFound(`${at}: package ${item.inventoryId} not found`);
    if (pkg.status !== expected) {
      throw conflict(`${at}: package ${item.inventoryId} is ${pkg.status}${pkg.shipping_order_no ? ` (shipping order ${pkg.shipping_order_no})` : ''}, not ${expected}`);
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
export function createShippingOrder(ctx: CoreContext, userId: number, input: CreateShippingInput, scenarios: readonly ShippingScenario[] = []) {
  // A savepoint when the route's transaction is already open; a transaction of its own otherwise.
  return ctx.db.transaction(() => create(ctx, userId, input, scenarios)).immediate();
}

/** Purchase price of the packed lines (unit price x quantity of each package's order line), minor units. */
function purchaseValue(ctx: CoreContext, packages: readonly PackageRow[]): number {
  const price = ctx.db.prepare('SELECT price_minor * quantity FROM order_items WHERE id = ?').pluck();
  return packages.reduce((sum, p) => sum + (price.get(p.order_item_id) as number), 0);
}

function create(ctx: CoreContext, userId: number, input: CreateShippingInput, scenarios: readonly ShippingScenario[]) {
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
  const rehearsalId = input.rehearsalId?.trim() || null;
  // With a rehearsal, the packed parcel (weight and dimensions: volumetric applies); else v1's total weight.
  const packed = rehearsalId ? useRehearsal(ctx, userId, rehearsalId, input.items.map((i) => i.inventoryId)) : null;
  const packages = reservePackages(ctx, userId, input.items, rehearsalId ? 'rehearsing' : 'in_warehouse');
  const totalWeight = packed ? packed.weight : packages.reduce((sum, p) => sum + p.weight_g, 0);
  const cargo = CHANNEL_CARGO.filter((c) => packages.some((p) => channelCargoForGoods(p.cargo_type) === c));
  const freight = computeFreight(channel.price, packed ?? { weight: totalWeight });
  const problem = carryProblem(channel, { country, cargo, chargeWeight: freight.chargeWeight });
  if (problem) throw unprocessable(problem);

  // v1.1 section 5: declared value (default: purchase price), the channel's cap, insurance, duties.
  let declared: number;
  if (input.declaredValue === undefined) declared = purchaseValue(ctx, packages);
  else {
    const parsed = parseAmount(input.declaredValue);
    if (parsed === null || parsed < 0) throw badRequest('declaredValue must be a non-negative amount with at most two decimals');
    declared = parsed;
  }
  const cap = channelMaxDeclaredValue(ctx, channel.channelId);
  if (cap !== null && declared > cap) {
    throw unprocessable(`declaredValue ${formatAmount(declared, ctx.currency)} is above the ${formatAmount(cap, ctx.currency)} ${channel.name} accepts`);
  }
  const figures = readFigures(ctx);
  const insured = input.insurance === true;
  const premium = insured ? insurancePremium(declared, figures.insuranceRateBp, figures.insuranceMinimumMinor) : 0;
  const duties = estimatedDuties(declared, countryDuty(ctx, country));
  // v1.1 section 6: storage past the free period, per package, as of now.
  const storage = packages.reduce((sum, p) => sum + storageFeeMinor(p.arrived_at, ctx.clock.now(), figures), 0);
  const hold = freight.totalPrice + premium + storage;

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
      packed ? JSON.stringify({ length: packed.length, width: packed.width, height: packed.height }) : null,
      orderNo,
    );
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
    description: `Shipping order created on ${channel.name}; ${formatAmount(hold, ctx.currency)} frozen in the wallet (freight ${formatAmount(freight.totalPrice, ctx.currency)}, insurance ${formatAmount(premium, ctx.currency)}, storage ${formatAmount(storage, ctx.currency)})`,
    code: 'shipping.created',
    params: { channel: channel.name, amount: toAmount(hold), freight: toAmount(freight.totalPrice), insurance: toAmount(premium), storage: toAmount(storage), currency: ctx.currency },
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
    estimatedDuties: toAmount(duties),
    rehearsalId,
    fuelSurcharge: toAmount(freight.fuelSurcharge),
    scenarios: scenarios.map((name) => ({ name, firedAt: null })),
  };
}
