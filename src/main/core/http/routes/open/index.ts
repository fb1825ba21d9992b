import type { RouteSpec } from '../../route.js';
import { addressRoutes } from './addresses.js';
import { cartRoutes } from './cart.js';
import { couponRoutes } from './coupons.js';
import { favoriteRoutes } from './favorites.js';
import { orderRoutes } from './orders.js';
import { productRoutes } from './products.js';
import { profileRoutes } from './profile.js';
import { walletRoutes } from './wallet.js';

/** The open API's route table: every route of /api/v1/open, in one list (HTTP and IPC serve this). */
export const openRoutes: readonly RouteSpec[] = [
  ...productRoutes,
  ...cartRoutes,
  ...profileRoutes,
  ...walletRoutes,
  ...addressRoutes,
  ...favoriteRoutes,
  ...couponRoutes,
  ...orderRoutes,
];
