import type { EstimateItem } from '../warehouse/ShipEstimate';

/** What the cart's shipping estimate is for: the ticked lines only, as checkout buys only those. */
export function estimateItems(items: readonly { productId: number | string; skuId?: string; quantity: number; title: string; selected: boolean }[]): EstimateItem[] {
  return items.filter((i) => i.selected).map((i) => ({ productId: Number(i.productId), skuId: i.skuId, quantity: i.quantity, title: i.title }));
}
