/**
 * Field bounds of the contract: what the route schemas accept and the core enforces, in one place so a
 * form in the renderer or a script can check the same numbers before sending.
 */

/** Lists: page numbers from 1, page sizes 1..MAX_LIMIT. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** Purchase orders. */
export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_REMARK = 500;
export const MAX_ORDER_QUANTITY = 100_000;
/** A cancellation reason. */
export const MAX_REASON = 500;

/** The back office's wallet notes (deposit, adjustment). */
export const MAX_NOTE = 500;

/** Packages in one shipping order. */
export const MAX_SHIPPING_ITEMS = 50;

/** Addresses one user may keep. */
export const MAX_ADDRESSES = 50;

/** Cart lines changed by one batch request. */
export const MAX_CART_BATCH = 50;

/** Address fields: the longest text each accepts. */
export const ADDRESS_LIMITS = { name: 100, phone: 32, state: 100, city: 100, address: 500, zipCode: 20 } as const;

/** Profile fields. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;
export const AVATAR_MAX = 2048;
export const LANGUAGE_MAX = 35;
