/** The checkout's request: one order buys every selected line (API v1.1 section 1: mixed orders). */
import type { OrderPreview } from '../../../../../contract/open/orders';

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

type PreviewGroup = OrderPreview['sellerGroups'][number];
type PricedLine = OrderPreview['lines'][number];

/** One seller's lines as the service groups them (null seller: the preview has not answered for these lines). */
export interface SellerLines<L> {
  key: string;
  seller: PreviewGroup | null;
  lines: { line: L; priced: PricedLine | undefined }[];
}

/**
 * The lines grouped by seller (platform + shop) as POST /orders/preview groups them: one marketplace purchase
 * per group. The checkout and the cart both show these groups, so the service's grouping is the only one.
 * The preview names lines by their index in the request, which must be the order of `lines`; a preview of
 * other lines (the previous answer kept while a new one loads) groups nothing: all lines in one group
 * without a seller, none priced.
 */
export function sellerGroupsOf<L extends { productId: number; skuId: string }>(lines: readonly L[], preview: OrderPreview | undefined): SellerLines<L>[] {
  const matches =
    preview !== undefined &&
    preview.lines.length === lines.length &&
    preview.lines.every((p, i) => p.productId === lines[i]!.productId && p.skuId === lines[i]!.skuId);
  if (!matches) return [{ key: 'unknown', seller: null, lines: lines.map((line) => ({ line, priced: undefined })) }];
  return preview.sellerGroups.map((g) => ({
    key: `${g.platform}\u0000${g.shopName}`,
    seller: g,
    lines: g.lineIndexes.flatMap((i) => (lines[i] ? [{ line: lines[i], priced: preview.lines[i] }] : [])),
  }));
}
