/**
 * The checkout's preview of an order's price, as the service computes it (decisions.md "Purchase orders"),
 * in integer cents (minor units) so that no float arithmetic touches money:
 *
 *   subtotal   = sum of unit price x quantity
 *   discount   = the coupon's (percentage: half up at the cent; fixed: its amount), capped at the subtotal
 *   serviceFee = 5% of the subtotal (before the discount), half up
 *   total      = subtotal - discount + serviceFee
 *
 * The service fee rate is an operator setting the open API does not expose: the preview assumes the
 * default, and the created order's own numbers are the authoritative ones.
 */
export type Cents = number;

/** The default service-fee rate, in basis points (5%). */
export const DEFAULT_SERVICE_FEE_BP = 500;

/** An API amount (a JSON number with at most two decimals) to cents. */
export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

/** Cents back to an amount for display (n / 100 has at most two decimals). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** numerator / denominator rounded to an integer, half away from zero (the service's rule). */
export function roundHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor(n / denominator);
  const remainder = n - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

export interface PricedLine {
  price: number;
  quantity: number;
}

export function subtotalCents(lines: readonly PricedLine[]): Cents {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

export function serviceFeeCents(subtotal: Cents, basisPoints: number = DEFAULT_SERVICE_FEE_BP): Cents {
  return roundHalfUp(subtotal * basisPoints, 10_000);
}

export interface CouponTerms {
  type: string;
  /** percentage: whole percent off; fixed: the amount off. */
  value: number;
  minOrderAmount: number;
}

export function couponDiscountCents(coupon: Pick<CouponTerms, 'type' | 'value'>, subtotal: Cents): Cents {
  if (subtotal <= 0) return 0;
  const raw = coupon.type === 'percentage' ? roundHalfUp(subtotal * Math.min(coupon.value, 100), 100) : toCents(coupon.value);
  return Math.max(0, Math.min(raw, subtotal));
}

export type CouponCheck = { usable: true; discount: Cents } | { usable: false; reason: 'minimum'; minimum: Cents; missing: Cents };

/** Whether a claimed, unused coupon can be applied to this subtotal, and what it takes off. */
export function checkCoupon(coupon: CouponTerms, subtotal: Cents): CouponCheck {
  const minimum = toCents(coupon.minOrderAmount);
  if (subtotal < minimum) return { usable: false, reason: 'minimum', minimum, missing: minimum - subtotal };
  return { usable: true, discount: couponDiscountCents(coupon, subtotal) };
}

export interface PricePreview {
  subtotal: Cents;
  discount: Cents;
  serviceFee: Cents;
  total: Cents;
}

export function previewOrder(lines: readonly PricedLine[], coupon: CouponTerms | null, serviceFeeBp: number = DEFAULT_SERVICE_FEE_BP): PricePreview {
  const subtotal = subtotalCents(lines);
  const check = coupon ? checkCoupon(coupon, subtotal) : null;
  const discount = check?.usable ? check.discount : 0;
  const serviceFee = serviceFeeCents(subtotal, serviceFeeBp);
  return { subtotal, discount, serviceFee, total: subtotal - discount + serviceFee };
}

/** The available balance once the total is paid; negative when the wallet does not cover it. */
export function balanceAfterCents(availableBalance: number, total: Cents): Cents {
  return toCents(availableBalance) - total;
}
