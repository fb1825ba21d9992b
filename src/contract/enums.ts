/**
 * The enumerations of the contract (api-v1.md, decisions.md), one copy for the core, the renderer and
 * scripts. Plain `as const` lists so a consumer can iterate them; the TypeBox schemas in the domain files
 * are built from these.
 */

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'purchased',
  'shipped_to_warehouse',
  'in_warehouse',
  'completed',
  'cancelled',
  'refunded',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * v1 plus exception (customs hold, back to shipped when cleared) and lost (terminal): extensions.md section 7;
 * awaiting_payment (v1.2 section 10: the packed parcel costs more than the fee held, beyond the tolerance).
 */
export const SHIPPING_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled', 'exception', 'lost', 'awaiting_payment'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** v1 plus the values of extensions.md section 9 (returning/returned belong to after-sales). */
export const PACKAGE_STATUSES = ['in_warehouse', 'packing', 'shipped', 'delivered', 'returning', 'returned', 'rehearsing', 'disposed', 'lost'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const PLATFORMS = ['taobao', '1688', 'weidian'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The scope list, in the order of api-v1.md section 5 with the two scopes decisions.md adds. */
export const SCOPES = [
  'products:read',
  'cart:read',
  'cart:write',
  'orders:read',
  'orders:write',
  'wallet:read',
  'warehouse:read',
  'shipping:read',
  'shipping:write',
  'logistics:read',
  'profile:read',
  'profile:write',
  'favorites:read',
  'favorites:write',
  'coupons:read',
  'coupons:write',
  'warehouse:write',
  'wallet:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Accepted wherever a scope list is: every scope. */
export const ALL_SCOPES_PRESET = 'all';

/** How fast the back office runs by itself. */
export const AUTOPILOT_PACES = ['off', 'realistic', 'demo'] as const;
export type Pace = (typeof AUTOPILOT_PACES)[number];

/** The kinds of wallet ledger entries. */
export const ENTRY_TYPES = [
  'deposit',
  'order_payment',
  'order_refund',
  'shipping_payment',
  'shipping_refund',
  'adjustment',
  'supplement_payment',
  'service_charge',
  'insurance_payout',
  'shipping_supplement',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** What a shipping channel accepts (batteries travel as sensitive cargo). */
export const CHANNEL_CARGO = ['general', 'sensitive'] as const;
export type ChannelCargo = (typeof CHANNEL_CARGO)[number];

/** What goods are (products, packages): the one cargo enumeration of the API; channels speak CHANNEL_CARGO. */
export const GOODS_CARGO = ['general', 'battery', 'sensitive'] as const;
/**
 * What every cargo parameter takes (shipping methods, calculate-freight, the batch): the goods' own words,
 * so a product's `cargoType` can be passed as it is, and `normal`, the contract's older word for `general`
 * (api-v1.md fixed it for the shipping-methods query), kept as an alias.
 */
export const QUERY_CARGO = [...GOODS_CARGO, 'normal'] as const;
export type QueryCargo = (typeof QUERY_CARGO)[number];
export type GoodsCargo = (typeof GOODS_CARGO)[number];

/** Order scenarios of the sandbox (extensions.md section 8): what a script can make happen to an order. */
export const ORDER_SCENARIOS = ['out_of_stock', 'price_increase', 'price_decrease', 'domestic_freight', 'qc_issue', 'seller_delay'] as const;
export type OrderScenario = (typeof ORDER_SCENARIOS)[number];
/** The order status each scenario fits (admin simulate answers 409 otherwise): the step it fires at. */
export const ORDER_SCENARIO_STATUS: Readonly<Record<OrderScenario, OrderStatus>> = {
  out_of_stock: 'paid',
  price_increase: 'paid',
  price_decrease: 'paid',
  domestic_freight: 'paid',
  seller_delay: 'purchased',
  qc_issue: 'shipped_to_warehouse',
};
/** Shipping scenarios of the sandbox, and the shipping statuses each fits. */
export const SHIPPING_SCENARIOS = ['customs_hold', 'lost_in_transit', 'customs_seized', 'overweight'] as const;
export type ShippingScenario = (typeof SHIPPING_SCENARIOS)[number];
export const SHIPPING_SCENARIO_STATUSES: Readonly<Record<ShippingScenario, readonly ShippingStatus[]>> = {
  customs_hold: ['shipped'],
  lost_in_transit: ['shipped', 'exception'],
  customs_seized: ['shipped', 'exception'],
  // v1.2 section 10: fires when the parcel is weighed (dispatch of a pending order)
  overweight: ['pending'],
};

/** v1.2 (extensions.md section 10): a shipping supplement (the packed parcel cost more than the fee held). */
export const SHIPPING_SUPPLEMENT_STATUSES = ['pending', 'paid', 'expired'] as const;
export type ShippingSupplementStatus = (typeof SHIPPING_SUPPLEMENT_STATUSES)[number];

export const SUPPLEMENT_REASONS = ['price_increase', 'domestic_freight'] as const;
export const SUPPLEMENT_STATUSES = ['pending', 'paid', 'declined', 'expired'] as const;
export const RETURN_TYPES = ['return', 'exchange'] as const;
export const RETURN_STATUSES = ['requested', 'approved', 'rejected'] as const;
/** How an order's goods ended other than delivered (issue 26 item 12): any package lost, returned, disposed of. */
export const ORDER_OUTCOMES = ['lost', 'returned', 'disposed'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** The type of a webhook test event sent on demand: not a service event (not in the log or the stream). */
export const TEST_EVENT_TYPE = 'webhook.test';

/** v1.2 (extensions.md section 11): what a coupon comes off. v1 coupons are `purchase`. */
export const COUPON_APPLIES_TO = ['purchase', 'shipping'] as const;
export type CouponAppliesTo = (typeof COUPON_APPLIES_TO)[number];

/** v1.2 (extensions.md section 12): how the wallet is topped up, and what becomes of a top-up. */
export const TOP_UP_METHODS = ['paypal', 'card', 'alipay', 'wechat', 'bank_transfer'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];
export const TOP_UP_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number];
/** Cases a script programs on a top-up with the Crossbuy-Scenario header. */
export const TOP_UP_SCENARIOS = ['declined', 'pending_review'] as const;
export type TopUpScenario = (typeof TOP_UP_SCENARIOS)[number];

/** v1.2 (extensions.md section 13): what became of one line of a cart import. */
export const CART_IMPORT_STATUSES = ['added', 'not_found', 'unsupported', 'needs_sku', 'duplicate'] as const;
export type CartImportStatus = (typeof CART_IMPORT_STATUSES)[number];
