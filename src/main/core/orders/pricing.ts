import { couponDiscount, type CouponTerms } from '../coupons/redemption.js';
import { applyBasisPoints, type Minor } from '../shared/money.js';

/**
 * How an order is priced, as pure functions over integer minor units:
 *
 *   subtotal   = sum of unit price x quantity over the lines (prices from the SKUs at order time)
 *   discount   = the coupon's, capped at the subtotal
 *   serviceFee = service-fee rate x subtotal (before the discount), rounded half up
 *   total      = subtotal - discount + serviceFee
 */
export interface PricedLine {
  unitPrice: Minor;
  quantity: number;
}

export interface OrderPrice {
  subtotal: Minor;
  discount: Minor;
  serviceFee: Minor;
  total: Minor;
}

/**
 * The largest goods subtotal one order may have (1,000,000,000.00). Far above any real haul, and low
 * enough that subtotal x any percentage or fee rate stays an exact integer in a double.
 */
export const MAX_ORDER_SUBTOTAL: Minor = 100_000_000_000;

export function goodsSubtotal(lines: readonly PricedLine[]): Minor {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export function serviceFeeOf(subtotal: Minor, serviceFeeBp: number): Minor {
  return applyBasisPoints(subtotal, serviceFeeBp);
}

export function priceOrder(lines: readonly PricedLine[], serviceFeeBp: number, coupon: CouponTerms | null = null): OrderPrice {
  const subtotal = goodsSubtotal(lines);
  const discount = coupon ? couponDiscount(coupon, subtotal) : 0;
  const serviceFee = serviceFeeOf(subtotal, serviceFeeBp);
  return { subtotal, discount, serviceFee, total: subtotal - discount + serviceFee };
}

export interface SellerGroup {
  platform: string;
  shopName: string;
  /** Indexes into the order's lines, in their order. */
  lineIndexes: number[];
  subtotal: Minor;
}

/** The order's lines by seller (platform + shop), in the order each seller first appears: each is bought on its own. */
export function sellerGroups(lines: readonly (PricedLine & { platform: string; shopName: string })[]): SellerGroup[] {
  const groups = new Map<string, SellerGroup>();
  lines.forEach((line, index) => {
    const key = `${line.platform}\u0000${line.shopName}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { platform: line.platform, shopName: line.shopName, lineIndexes: [], subtotal: 0 };
      groups.set(key, group);
    }
    group.lineIndexes.push(index);
    group.subtotal += line.unitPrice * line.quantity;
  });
  return [...groups.values()];
}
