/** Purchase-order shapes of the open API (api-v1.md "Purchase orders", decisions.md "Purchase orders"). */

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'purchased',
  'shipped_to_warehouse',
  'in_warehouse',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderListItem {
  orderNo: string;
  status: string;
  totalAmount: number;
  /** The number of lines. */
  itemCount: number;
  currency: string;
  createdAt: string;
}

export interface OrderItem {
  productId: number;
  skuId: string;
  title: string;
  skuName: string;
  price: number;
  quantity: number;
  remark: string;
  imageUrl: string;
}

export interface OrderDetail {
  orderNo: string;
  status: string;
  totalAmount: number;
  serviceFee: number;
  subtotal: number;
  discount: number;
  couponId: number | null;
  currency: string;
  platform: string;
  remark: string;
  items: OrderItem[];
  logistics: { trackingNo: string; carrier: string };
  inspection: { result: string; weight: number; photos: string[] };
  timeline: { status: string; at: string; note: string }[];
  marketplaceOrderNo?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderLogistics {
  orderNo: string;
  carrier: string;
  trackingNo: string;
  status: string;
  events: { at: string; location: string; description: string }[];
}

export interface OrderInspection {
  orderNo: string;
  result: string;
  weight: number;
  photos: string[];
  notes: string;
  inspectedAt: string | null;
  items: { productId: number; title: string; skuName: string; quantity: number; result: string }[];
}

export interface CancelResult {
  orderNo: string;
  status: string;
  refundAmount: number;
  message: string;
}
