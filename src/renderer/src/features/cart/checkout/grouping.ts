/**
 * One order buys every selected line, whatever marketplace it comes from (API v1.1 section 1: mixed
 * orders). The buyer still places one purchase per seller (platform + shop), so the checkout shows the
 * lines in those groups, as the order will once purchased (one marketplace order number per group).
 * Cart lines do not carry their seller: it comes from each line's product.
 */
export interface Seller {
  platform: string;
  shopName: string;
}

export interface SellerLines<L> {
  /** null while the line's product is not known (still loading or failed): the service still prices it. */
  seller: Seller | null;
  lines: L[];
}

const sellerKey = (seller: Seller | null) => (seller ? `${seller.platform}\u0000${seller.shopName}` : '');

/** Groups lines by seller, in the order each seller first appears; lines of an unknown seller come last. */
export function groupBySeller<L extends { productId: number }>(
  lines: readonly L[],
  sellerOf: (productId: number) => Seller | undefined,
): SellerLines<L>[] {
  const groups = new Map<string, SellerLines<L>>();
  for (const line of lines) {
    const seller = sellerOf(line.productId) ?? null;
    const key = sellerKey(seller);
    let group = groups.get(key);
    if (!group) {
      group = { seller, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()].sort((a, b) => Number(a.seller === null) - Number(b.seller === null));
}

/** The distinct platforms of the known sellers (the order's `platform` is `mixed` when there are several). */
export function platformsOf<L>(groups: readonly SellerLines<L>[]): string[] {
  return [...new Set(groups.flatMap((g) => (g.seller ? [g.seller.platform] : [])))];
}

/** The body line of POST /orders for a cart line: product id as a string, remark only when there is one. */
export function orderLineOf(line: { productId: number; skuId: string; quantity: number; remark: string }): {
  productId: string;
  skuId: string;
  quantity: number;
  remark?: string;
} {
  const remark = line.remark.trim();
  return { productId: String(line.productId), skuId: line.skuId, quantity: line.quantity, ...(remark ? { remark } : {}) };
}
