export type { Address, Country, NewAddress, WalletBalance } from '../../api/account';
/**
 * Shapes of the warehouse, logistics, shipping, address and wallet routes as this feature reads them
 * (shared/spec/api-v1.md, decisions.md and the live /api/v1/open/openapi.json).
 */

export const PACKAGE_STATUSES = ['in_warehouse', 'packing', 'shipped', 'delivered'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** What the goods are (packages, products). Channels speak `general` | `sensitive`. */
export type GoodsCargo = 'general' | 'battery' | 'sensitive' | (string & {});

export interface WarehousePackage {
  id: number;
  productName: string;
  /** grams */
  weight: number;
  status: PackageStatus;
  /** The purchase order number. */
  orderId: string;
  inspectionPhotos: string[];
  arrivedAt: string;
  storageDays: number;
  quantity: number;
  cargoType: GoodsCargo;
  shippingOrderNo: string | null;
}

export interface PackageStats {
  total: number;
  inWarehouse: number;
  shipped: number;
  totalWeight: number;
  packing?: number;
  delivered?: number;
  inWarehouseWeight?: number;
}


export interface ShippingChannel {
  channelId: string;
  name: string;
  carrier: string;
  deliveryDays: string;
  /** `general`, `sensitive` */
  supportedCargo: string[];
  weightRange: { min: number; max: number };
  countries?: string[];
}

export interface FreightQuote {
  channelId: string;
  name: string;
  actualWeight: number;
  volumetricWeight: number;
  chargeWeight: number;
  totalPrice: number;
  currency: string;
  deliveryDays: string;
  carrier?: string;
  basePrice?: number;
  fuelSurcharge?: number;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

export interface FreightRequest {
  country: string;
  weight: number;
  length?: number;
  width?: number;
  height?: number;
}




export interface CreateShippingInput {
  items: { inventoryId: number; quantity: number }[];
  logisticsChannelId: string;
  recipientName: string;
  recipientPhone: string;
  recipientCountry: string;
  recipientState?: string;
  recipientCity: string;
  recipientAddress: string;
  recipientZipCode: string;
  remark?: string;
}

export interface ShippingOrderCreated {
  orderNo: string;
  status: string;
  channelName: string;
  totalWeight: number;
  shippingFee: number;
  currency: string;
  items: { inventoryId: number; name: string }[];
  createdAt: string;
  channelId?: string;
  chargeWeight?: number;
}

export const SHIPPING_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

export interface ShippingOrderListItem {
  orderNo: string;
  status: ShippingStatus;
  channelName: string;
  /** Empty until dispatched. */
  trackingNo: string;
  totalWeight: number;
  shippingFee: number;
  createdAt: string;
  channelId?: string;
  currency?: string;
}

export interface ShippingOrderDetail extends ShippingOrderListItem {
  recipient: { name: string; phone: string; country: string; state: string; city: string; address: string; zipCode: string };
  items: { inventoryId: number; name: string; quantity: number; weight: number; cargoType: string; orderId: string }[];
  events: { at: string; status: string; location: string; description: string }[];
  shippedAt: string | null;
  deliveredAt: string | null;
  remark: string;
  updatedAt?: string;
}

export interface CancelShippingResult {
  orderNo: string;
  status: string;
  refundAmount: number;
  message: string;
}

export interface ConfirmDeliveryResult {
  orderNo: string;
  status: string;
  deliveredAt: string;
  message: string;
}
