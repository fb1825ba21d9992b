import type { CoreContext } from '../context.js';
import { scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { readFigures } from './figures.js';
import type { FiguresView } from '../../../contract/admin/warehouse.js';
import { storageDays } from './package-state.js';
import { shelfRows } from './rows.js';

/**
 * Storage (extensions.md section 6). The fee is a pure function of the arrival time and the service
 * clock, so nothing touches the packages as time passes; the alerts and the disposal are timed steps
 * (package.storage_expiring -> package.storage_overdue -> package.dispose), each scheduling the next.
 */
const DAY_MS = 86_400_000;

/** The fee a package owes now: every started day past the free period, per package. */
export function storageFeeMinor(arrivedAt: string, now: Date, f: Pick<FiguresView, 'freeStorageDays' | 'storageFeePerDayMinor'>): number {
  return Math.max(0, storageDays(arrivedAt, now) - f.freeStorageDays) * f.storageFeePerDayMinor;
}

/** Days of free storage left (negative when overdue), and when the free period ends and disposal comes. */
export function storageTimeline(arrivedAt: string, now: Date, f: Pick<FiguresView, 'freeStorageDays' | 'disposalDays'>) {
  const arrived = Date.parse(arrivedAt);
  return {
    freeDaysLeft: f.freeStorageDays - storageDays(arrivedAt, now),
    freeUntil: new Date(arrived + f.freeStorageDays * DAY_MS).toISOString(),
    disposalAt: new Date(arrived + f.disposalDays * DAY_MS).toISOString(),
  };
}

type StorageStep = 'package.storage_expiring' | 'package.storage_overdue' | 'package.dispose';

/** The next storage step a package owes after `now`, and when (null: none left). */
export function nextStorageStep(arrivedAt: string, now: Date, f: FiguresView): { kind: StorageStep; at: Date } | null {
  const arrived = Date.parse(arrivedAt);
  const steps: [StorageStep, number][] = [
    ['package.storage_expiring', arrived + (f.freeStorageDays - f.storageAlertDays) * DAY_MS],
    ['package.storage_overdue', arrived + f.freeStorageDays * DAY_MS],
    ['package.dispose', arrived + f.disposalDays * DAY_MS],
  ];
  // The disposal is always owed, even when the alerts' times have passed (a package back on the shelf late).
  const next = steps.find(([, at]) => at > now.getTime()) ?? steps[2]!;
  return { kind: next[0], at: new Date(Math.max(next[1], now.getTime())) };
}

/** Schedules the package's next storage step (on arrival, and whenever it comes back on the shelf). */
export function scheduleStorage(ctx: CoreContext, packageId: number, arrivedAt: string, after?: Date): void {
  const next = nextStorageStep(arrivedAt, after ?? ctx.clock.now(), readFigures(ctx));
  if (next) scheduleStep(ctx.db, next.kind, packageId, next.at);
}

function shelfRow(ctx: CoreContext, packageId: string) {
  return shelfRows.one(ctx.db.prepare('SELECT id, user_id, status, arrived_at, order_no, product_name FROM packages WHERE id = ?').get(Number(packageId)));
}

/** The alert steps: an event while the package is still on the shelf, then the next step. */
export function storageAlert(ctx: CoreContext, packageId: string, kind: 'expiring' | 'overdue'): void {
  const row = shelfRow(ctx, packageId);
  if (!row) return;
  const f = readFigures(ctx);
  const now = ctx.clock.now();
  if (row.status === 'in_warehouse' || row.status === 'rehearsing') {
    const t = storageTimeline(row.arrived_at, now, f);
    const data = { packageId: row.id, orderNo: row.order_no, productName: row.product_name, freeUntil: t.freeUntil, disposalAt: t.disposalAt };
    if (kind === 'expiring') emitEvent(ctx, 'package.storage_expiring', row.user_id, data);
    else emitEvent(ctx, 'package.storage_overdue', row.user_id, { ...data, feePerDay: f.storageFeePerDayMinor / 100 });
  }
  scheduleStorage(ctx, row.id, row.arrived_at, new Date(now.getTime() + 1));
}

/**
 * Disposal at the end of storage: only a package on the shelf (one reserved by a rehearsal or a shipping
 * order is left alone; it gets its step again if it comes back). Completes the purchase order when every
 * package of it is done.
 */
export function disposePackage(ctx: CoreContext, packageId: string, complete: (orderNo: string) => void): boolean {
  const row = shelfRow(ctx, packageId);
  if (!row || row.status !== 'in_warehouse') return false;
  ctx.db.prepare("UPDATE packages SET status = 'disposed' WHERE id = ? AND status = 'in_warehouse'").run(row.id);
  emitEvent(ctx, 'package.disposed', row.user_id, { packageId: row.id, orderNo: row.order_no, productName: row.product_name, at: ctx.nowIso() });
  complete(row.order_no);
  return true;
}
