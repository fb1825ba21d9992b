import { accountPages } from '../features/account/pages';
import { cartPages } from '../features/cart/pages';
import { adminPages } from '../features/admin/pages';
import { shopPages } from '../features/shop/pages';
import { trackingPages } from '../features/tracking/pages';
import { warehousePages } from '../features/warehouse/pages';
import type { PageDef } from './pageTypes';

/** Every page of the app, by feature. The router takes the first pattern that matches. */
export const allPages: readonly PageDef[] = [
  ...shopPages,
  ...cartPages,
  ...trackingPages,
  ...warehousePages,
  ...accountPages,
  ...adminPages,
];
