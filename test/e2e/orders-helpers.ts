import type { OpenApi } from './fixtures';

/** Shapes and helpers shared by the checkout, insufficient-balance and orders specs. */

export interface Sku {
  skuId: string;
  name: string;
  price: number;
  stock: number;
}

export interface Product {
  id: number;
  title: string;
  platform: string;
  skus: Sku[];
}

export interface Order {
  orderNo: string;
  status: string;
  totalAmount: number;
  subtotal: number;
  discount: number;
  serviceFee: number;
  couponId: number | null;
  currency: string;
  platform: string;
  inspection: { result: string; weight: number; photos: string[] };
  logistics: { trackingNo: string; carrier: string };
}

export interface Balance {
  balance: number;
  frozenBalance: number;
  availableBalance: number;
  currency: string;
}

export interface Coupon {
  /** v1.2: purchase or shipping (the checkout offers purchase coupons only). */
  appliesTo: 'purchase' | 'shipping';
  id: number;
  name: string;
  type: 'percentage' | 'fixed';
  value: number;
  minOrderAmount: number;
}

export const cents = (amount: number) => Math.round(amount * 100);

/** As the UI shows money in English: "CN¥1,234.50". */
export const money = (amount: number, currency = 'CNY') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** Half up at the cent, as the service rounds. */
export function roundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  return (numerator - quotient * denominator) * 2 >= denominator ? quotient + 1 : quotient;
}

/** Cheap catalog products with a SKU in stock, cheapest first, each with that SKU. */
export async function cheapProducts(openApi: OpenApi, count: number): Promise<{ product: Product; sku: Sku }[]> {
  const page = await openApi.get<{ items: Product[] }>('/products/search?limit=100');
  return page.items
    .flatMap((product) => {
      const sku = [...product.skus].filter((s) => s.stock > 5).sort((a, b) => a.price - b.price)[0];
      return sku ? [{ product, sku }] : [];
    })
    .sort((a, b) => a.sku.price - b.sku.price)
    .slice(0, count);
}

export function placeOrder(openApi: OpenApi, line: { product: Product; sku: Sku }, quantity = 1): Promise<Order> {
  return openApi.send<Order>('POST', '/orders', { items: [{ productId: String(line.product.id), skuId: line.sku.skuId, quantity }] });
}

export async function orderTotal(openApi: OpenApi, status?: string): Promise<number> {
  const page = await openApi.get<{ total: number }>(`/orders?limit=1${status ? `&status=${status}` : ''}`);
  return page.total;
}
