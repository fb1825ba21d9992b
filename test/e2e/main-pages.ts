/**
 * Every page the navigation lists (the page registry's nav entries), by its hash route: what the
 * accessibility check and the screenshots visit. Each spec adds the pages that need data to show
 * (a product, the checkout, an order).
 */
export const MAIN_PAGES = [
  'shop',
  'cart',
  'orders',
  'warehouse',
  'shipping',
  'dashboard',
  'wallet',
  'coupons',
  'favorites',
  'addresses',
  'profile',
  'work',
  'api-keys',
  'webhooks',
  'requests',
  'settings',
] as const;
