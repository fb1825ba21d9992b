export type { Address, Country, NewAddress, WalletBalance } from '../../api/account';
export { PACKAGE_STATUSES, SHIPPING_STATUSES, type GoodsCargo, type PackageStatus, type ShippingStatus } from '../../../../contract/enums';
export type { FreightQuote, FreightRequest, ShippingChannel } from '../../../../contract/open/logistics';
export type { PackageStats, WarehousePackage } from '../../../../contract/open/warehouse';
export type {
  CancelShippingResult,
  ConfirmDeliveryResult,
  CreateShippingInput,
  ShippingOrderCreated,
  ShippingOrderDetail,
  ShippingOrderListItem,
  ShippingPreview,
  ShippingPreviewInput,
} from '../../../../contract/open/shipping';
/**
 * Shapes of the warehouse, logistics, shipping, address and wallet routes as this feature reads them
 * (shared/spec/api-v1.md, decisions.md and the live /api/v1/open/openapi.json).
 */

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

