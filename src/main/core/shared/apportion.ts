/**
 * `total` shared over the lines in proportion to their amounts, by largest remainder, in integer units (minor
 * units of money, grams): each line the floor of its exact share, the units left one each to the largest
 * remainders, a tie to the earlier line. Exact past 2^53 (BigInt products). Used for a coupon's discount
 * over an order's lines (orders/pricing.ts allocateDiscount, which bounds it by the lines' total), a price
 * change of the whole order (a return's line price) and an inspected weight over an order's packages.
 * The shares add up to `total` exactly; lines of 0 get 0 unless every line is 0 (then the first line takes
 * it all, so nothing is lost).
 */
export function allocateProportionally(lineAmounts: readonly number[], total: number): number[] {
  for (const amount of lineAmounts) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`line amount ${amount} is not a non-negative integer`);
  }
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`amount ${total} is not a non-negative integer`);
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  if (total === 0 || lineAmounts.length === 0) return lineAmounts.map(() => 0);
  if (subtotal === 0) return lineAmounts.map((_, index) => (index === 0 ? total : 0));
  const whole = BigInt(subtotal);
  const t = BigInt(total);
  const shares = lineAmounts.map((amount) => Number((t * BigInt(amount)) / whole));
  const remainders = lineAmounts.map((amount) => (t * BigInt(amount)) % whole);
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  // Largest remainder first; equal remainders keep the lines' order (a stable sort), so ties go to the earlier line.
  const order = lineAmounts.map((_, index) => index).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : 0));
  for (const index of order) {
    if (left === 0) break;
    shares[index] = shares[index]! + 1;
    left -= 1;
  }
  return shares;
}
