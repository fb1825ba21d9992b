import { completeOrderIfDone } from '../../shipping/lifecycle.js';
import { part } from '../../orders/timeline.js';
import { completeService } from '../../warehouse/services.js';
import { disposePackage, storageAlert } from '../../warehouse/storage.js';
import { HOUR } from '../pace.js';
import { defineStep } from '../step-kind.js';

/**
 * Warehouse steps (v1.1 sections 4 and 6). Service requests are staff work (scheduled with `since` when
 * requested); the storage steps are deadlines on the service clock (scheduled at arrival, each scheduling
 * the next: warehouse/storage.ts).
 */
export const packageService = defineStep({
  kind: 'package.service',
  role: 'staff',
  delays: { realistic: [2 * HOUR, 12 * HOUR], demo: [1_000, 2_500] },
  run: (ctx, requestId) => void completeService(ctx, Number(requestId)),
});

export const packageStorageExpiring = defineStep({
  kind: 'package.storage_expiring',
  role: 'rule',
  run: (ctx, packageId) => storageAlert(ctx, packageId, 'expiring'),
});

export const packageStorageOverdue = defineStep({
  kind: 'package.storage_overdue',
  role: 'rule',
  run: (ctx, packageId) => storageAlert(ctx, packageId, 'overdue'),
});

export const packageDispose = defineStep({
  kind: 'package.dispose',
  role: 'rule',
  run: (ctx, packageId) =>
    void disposePackage(ctx, packageId, (orderNo) => completeOrderIfDone(ctx, orderNo, [part('order.package_disposed', { packageId })])),
});
