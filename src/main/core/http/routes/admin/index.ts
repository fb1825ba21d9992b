import type { RouteSpec } from '../../route.js';
import { adminOrderRoutes } from './orders.js';
import { adminWalletRoutes } from './wallet.js';

/** The back office's route table (/api/v1/admin): admin token or the operator's session only. */
export const adminRoutes: readonly RouteSpec[] = [...adminWalletRoutes, ...adminOrderRoutes];
