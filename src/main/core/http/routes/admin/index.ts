import type { RouteSpec } from '../../route.js';
import { adminOrderRoutes } from './orders.js';
import { adminWalletRoutes } from './wallet.js';
import { adminSimulationRoutes } from './simulation.js';
import { adminKeyRoutes } from './keys.js';
import { adminSettingsRoutes } from './settings.js';
import { adminWebhookRoutes } from './webhooks.js';
import { adminShippingRoutes } from './shipping.js';
import { adminChannelRoutes } from './channels.js';
import { adminWarehouseRoutes } from './warehouse.js';
import { adminRequestRoutes } from './requests.js';
import { adminReturnRoutes } from './returns.js';
import { adminWorldRoutes } from './worlds.js';
import { adminWorldFileRoutes } from './world-files.js';

/** The back office's route table (/api/v1/admin): admin token or the operator's session only. */
export const adminRoutes: readonly RouteSpec[] = [...adminWalletRoutes, ...adminOrderRoutes, ...adminReturnRoutes, ...adminShippingRoutes, ...adminChannelRoutes, ...adminWarehouseRoutes, ...adminSimulationRoutes, ...adminKeyRoutes, ...adminWebhookRoutes, ...adminSettingsRoutes, ...adminRequestRoutes, ...adminWorldFileRoutes, ...adminWorldRoutes];
