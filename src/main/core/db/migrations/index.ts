import type { Migration } from '../migrate.js';
import { events } from './002-events.js';
import { initial } from './001-initial.js';
import { orderListIndexes } from './003-order-list-indexes.js';
import { catalogIndexes } from './004-catalog-indexes.js';
import { dueStepsAndRanks } from './005-due-steps-and-ranks.js';
import { afterSales } from './007-after-sales.js';
import { warehouseServices } from './008-warehouse-services.js';
import { orderStatusRanks } from './009-order-status-ranks.js';
import { catalogPriceIndex } from './010-catalog-price-index.js';
import { timelineParts } from './011-timeline-parts.js';
import { logisticsCodes } from './012-logistics-codes.js';
import { shippingEventCodes } from './013-shipping-event-codes.js';
import { webhookTestDeliveries } from './014-webhook-test-deliveries.js';
import { pendingReturns } from './015-pending-returns.js';
import { unusedOrderIndexes } from './016-unused-order-indexes.js';
import { webhookDeliveryCounts } from './017-webhook-delivery-counts.js';
import { unusedWebhookIndex } from './018-unused-webhook-index.js';
import { worldState } from './019-world-state.js';
import { ruleStepIndex } from './020-rule-step-index.js';
import { walletTopUps } from './023-wallet-top-ups.js';
import { shippingCoupons } from './024-shipping-coupons.js';
import { packedWeight } from './025-packed-weight.js';
import { worlds } from './028-worlds.js';
import { worldSnapshots } from './029-world-snapshots.js';
import { topUpList } from './030-top-up-list.js';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: readonly Migration[] = [initial, events, orderListIndexes, catalogIndexes, dueStepsAndRanks, afterSales, warehouseServices, orderStatusRanks, catalogPriceIndex, timelineParts, logisticsCodes, shippingEventCodes, webhookTestDeliveries, pendingReturns, unusedOrderIndexes, webhookDeliveryCounts, unusedWebhookIndex, worldState, ruleStepIndex, walletTopUps, shippingCoupons, packedWeight, worlds, worldSnapshots, topUpList];
