/** Shapes of the open API, from the contract tier (src/contract): one definition for core, UI and scripts. */
export { PLATFORMS, type Platform } from '../../../contract/enums';
export type { MessageResult, Page } from '../../../contract/common';
export type { Product, Sku } from '../../../contract/open/products';
export type {
  AddToCartInput,
  AddToCartResult,
  Cart,
  CartItem,
  CartItemPatch,
  CartItemPatchResult,
  ClearCartResult,
} from '../../../contract/open/cart';
/** Shapes of the open API (docs: shared/spec/api-v1.md and decisions.md), as the UI reads them. */

