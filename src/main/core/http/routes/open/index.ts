import type { RouteSpec } from '../../route.js';
import { cartRoutes } from './cart.js';
import { productRoutes } from './products.js';

/** The open API's route table: every route of /api/v1/open, in one list (HTTP and IPC serve this). */
export const openRoutes: readonly RouteSpec[] = [...productRoutes, ...cartRoutes];
