import type { RouteSpec } from '../../route.js';
import { cartRoutes } from './cart.js';
import { productRoutes } from './products.js';
import { addressRoutes } from './addresses.js';
import { couponRoutes } from './coupons.js';
import { favoriteRoutes } from './favorites.js';
import { profileRoutes } from './profile.js';
import { walletRoutes } from './wallet.js';
import { orderRoutes } from './orders.js';
import { logisticsRoutes } from './logistics.js';
import { warehouseRoutes } from './warehouse.js';
import { shippingRoutes } from './shipping.js';

/** The open API's route table: every route of /api/v1/open, in one list (HTTP and IPC serve this). */
export const openRoutes: readonly RouteSpec[] = [...productRoutes, ...cartRoutes, ...profileRoutes, ...walletRoutes, ...addressRoutes, ...favoriteRoutes, ...couponRoutes, ...orderRoutes, ...logisticsRoutes, ...warehouseRoutes, ...shippingRoutes];
