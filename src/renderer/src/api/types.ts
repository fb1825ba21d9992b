/** Shapes of the open API (docs: shared/spec/api-v1.md and decisions.md), as the UI reads them. */

export const PLATFORMS = ['taobao', '1688', 'weidian'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface Sku {
  skuId: string;
  name: string;
  price: number;
  stock: number;
  image?: string;
}

export interface Product {
  id: number;
  title: string;
  price: number;
  currency: string;
  platform: string;
  imageUrl: string;
  shopName: string;
  skus: Sku[];
  platformItemId: string;
  images: string[];
  description: string;
  weight: number;
  cargoType: string;
  sales: number;
  shopUrl: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface CartItem {
  id: number;
  productId: number;
  title: string;
  skuId: string;
  skuName: string;
  price: number;
  quantity: number;
  imageUrl: string;
  selected: boolean;
  stock: number;
  remark: string;
}

export interface Cart {
  items: CartItem[];
  totalItems: number;
  totalAmount: number;
  selectedItems: number;
  selectedAmount: number;
  /** Not in the envelope today; shown when the service adds it. */
  currency?: string;
}

export interface AddToCartInput {
  /** A product id travels as a string in request bodies. */
  productId: string;
  skuId: string;
  quantity: number;
  remark?: string;
}

export interface AddToCartResult {
  id: number;
  productId: number;
  skuId: string;
  quantity: number;
  message: string;
}

export interface CartItemPatch {
  quantity?: number;
  selected?: boolean;
  remark?: string;
}

export interface CartItemPatchResult {
  id: number;
  quantity: number;
  selected: boolean;
  remark: string;
  message: string;
}

export interface MessageResult {
  message: string;
}

export interface ClearCartResult {
  message: string;
  removed: number;
}
