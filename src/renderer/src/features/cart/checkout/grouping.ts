/** The checkout's request: one order buys every selected line (API v1.1 section 1: mixed orders). */

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
