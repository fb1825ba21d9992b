import type { CoreContext } from '../context.js';
import { channelCargoForGoods, CHANNEL_CARGO } from '../logistics/cargo.js';
import { channelMaxDeclaredValue, requireActiveChannel } from '../logistics/channels.js';
import { countryDuty } from '../logistics/countries.js';
import { carryProblem } from '../logistics/eligibility.js';
import { computeFreight, type FreightBreakdown } from '../logistics/freight.js';
import { requireCountry } from '../logistics/quotes.js';
import { badRequest, conflict, notFound, unprocessable } from '../shared/errors.js';
import { formatAmount, parseAmount, type Minor } from '../shared/money.js';
import { readFigures } from '../warehouse/figures.js';
import { findPackageRow, type PackageRow } from '../warehouse/packages.js';
import { storageFeeMinor } from '../warehouse/storage.js';
import { MAX_SHIPPING_ITEMS } from '../../../contract/limits.js';
import type { CreateShippingInput } from '../../../contract/open/shipping.js';
import { dutiesEstimate, insurancePremium, shipmentHold, type DutiesReason } from './charges.js';
import { packedRehearsal } from './rehearsals.js';
import { requireShippingCoupon } from '../coupons/redemption.js';
import { shippingCouponDiscount, type ShippingCouponTerms } from '../coupons/shipping-discount.js';

/**
 * What a shipment would cost, read as things are now: the one path POST /shipping/create (which then holds
 * and writes it) and POST /shipping/preview (which only shows it) take, so the ship page's quote is the
 * hold. Reads only; 4xx exactly as the create answers them.
 */
export type ShipmentInput = Pick<CreateShippingInput, 'items' | 'logisticsChannelId' | 'recipientCountry' | 'rehearsalId' | 'declaredValue' | 'insurance' | 'couponId'>;

export interface ShipmentQuote {
  country: string;
  channel: ReturnType<typeof requireActiveChannel>;
  packages: PackageRow[];
  /** The packed parcel of the rehearsal used, if any. */
  rehearsal: ReturnType<typeof packedRehearsal> | null;
  totalWeight: number;
  freight: FreightBreakdown;
  declared: Minor;
  /** Whether declared is the default (purchase price of the packed lines) rather than the client's figure. */
  declaredByDefault: boolean;
  maxDeclared: Minor | null;
  insured: boolean;
  insuranceRateBp: number;
  insuranceMinimum: Minor;
  /** What a rehearsal costs now (the figure rehearsals.ts charges). */
  rehearsalFee: Minor;
  premium: Minor;
  /** Storage past the free period, per package, in the order of `packages`. */
  storage: Minor[];
  storageTotal: Minor;
  /** v1.2 section 11: the shipping coupon applied, if any (422 for one that does not fit). */
  coupon: ShippingCouponTerms | null;
  couponDiscount: Minor;
  duties: { amount: Minor; reason: DutiesReason; deMinimis: Minor; dutyRateBp: number };
  hold: Minor;
}

function checkItems(items: ShipmentInput['items']): void {
  if (items.length === 0 || items.length > MAX_SHIPPING_ITEMS) throw badRequest(`items must hold 1 to ${MAX_SHIPPING_ITEMS} packages`);
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (seen.has(item.inventoryId)) throw badRequest(`items[${index}].inventoryId ${item.inventoryId} appears more than once`);
    seen.add(item.inventoryId);
  });
}

/** Each item must be one of the user's packages, in the expected status, shipped whole. Errors name the index. */
function findPackages(ctx: CoreContext, userId: number, items: ShipmentInput['items'], expected: 'in_warehouse' | 'rehearsing'): PackageRow[] {
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

/** Purchase price of the packed lines (unit price x quantity of each package's order line), minor units. */
function purchaseValue(ctx: CoreContext, packages: readonly PackageRow[]): Minor {
  const price = ctx.db.prepare('SELECT price_minor * quantity FROM order_items WHERE id = ?').pluck();
  return packages.reduce((sum, p) => sum + (price.get(p.order_item_id) as number), 0);
}

function declaredValueOf(input: ShipmentInput): Minor | null {
  if (input.declaredValue === undefined) return null;
  const parsed = parseAmount(input.declaredValue);
  if (parsed === null || parsed < 0) throw badRequest('declaredValue must be a non-negative amount with at most two decimals');
  return parsed;
}

export function quoteShipment(ctx: CoreContext, userId: number, input: ShipmentInput): ShipmentQuote {
  checkItems(input.items);
  const country = requireCountry(ctx, input.recipientCountry, 'recipientCountry');
  const channel = requireActiveChannel(ctx, input.logisticsChannelId);
  const rehearsalId = input.rehearsalId?.trim() || null;
  // With a rehearsal, the packed parcel (weight and dimensions: volumetric applies); else v1's total weight.
  const rehearsal = rehearsalId ? packedRehearsal(ctx, userId, rehearsalId, input.items.map((i) => i.inventoryId)) : null;
  const packages = findPackages(ctx, userId, input.items, rehearsal ? 'rehearsing' : 'in_warehouse');
  const totalWeight = rehearsal ? rehearsal.weight : packages.reduce((sum, p) => sum + p.weight_g, 0);
  const cargo = CHANNEL_CARGO.filter((c) => packages.some((p) => channelCargoForGoods(p.cargo_type) === c));
  const freight = computeFreight(channel.price, rehearsal ?? { weight: totalWeight });
  const problem = carryProblem(channel, { country, cargo, chargeWeight: freight.chargeWeight });
  if (problem) throw unprocessable(problem);

  // v1.1 section 5: declared value (default: purchase price), the channel's cap, insurance, duties.
  const given = declaredValueOf(input);
  const declared = given ?? purchaseValue(ctx, packages);
  const maxDeclared = channelMaxDeclaredValue(ctx, channel.channelId);
  if (maxDeclared !== null && declared > maxDeclared) {
    throw unprocessable(`declaredValue ${formatAmount(declared, ctx.currency)} is above the ${formatAmount(maxDeclared, ctx.currency)} ${channel.name} accepts`);
  }
  const figures = readFigures(ctx);
  const insured = input.insurance === true;
  const premium = insured ? insurancePremium(declared, figures.insuranceRateBp, figures.insuranceMinimumMinor) : 0;
  const duty = countryDuty(ctx, country);
  // v1.1 section 6: storage past the free period, per package, as of now.
  const storage = packages.map((p) => storageFeeMinor(p.arrived_at, ctx.clock.now(), figures));
  const storageTotal = storage.reduce((sum, fee) => sum + fee, 0);
  // v1.2 section 11: a shipping coupon comes off the freight only (coupons/shipping-discount.ts).
  const coupon = input.couponId === undefined ? null : requireShippingCoupon(ctx, userId, input.couponId, channel.channelId, freight.totalPrice);
  const couponDiscount = coupon ? shippingCouponDiscount(coupon, freight.totalPrice) : 0;
  return {
    country,
    channel,
    packages,
    rehearsal,
    totalWeight,
    freight,
    declared,
    declaredByDefault: given === null,
    maxDeclared,
    insured,
    insuranceRateBp: figures.insuranceRateBp,
    insuranceMinimum: figures.insuranceMinimumMinor,
    rehearsalFee: figures.rehearsalFeeMinor,
    premium,
    storage,
    storageTotal,
    coupon,
    couponDiscount,
    duties: { ...dutiesEstimate(declared, duty), deMinimis: duty.deMinimis, dutyRateBp: duty.dutyRateBp },
    hold: shipmentHold({ freight: freight.totalPrice, couponDiscount, premium, storage: storageTotal }),
  };
}
