/**
 * Warehouse package lifecycle (decisions.md), pure:
 *
 *   in_warehouse -> packing (reserved by a pending shipping order) -> shipped -> delivered
 *   packing -> in_warehouse (the shipping order was cancelled)
 *   in_warehouse -> rehearsing (rehearsal packing) -> packing | in_warehouse
 *   in_warehouse -> disposed (storage ran out); shipped -> lost (the shipment was lost or seized)
 *   in_warehouse -> returning (return or exchange requested) -> returned (seller approved) | in_warehouse (rejected)
 */
import { PACKAGE_STATUSES, type PackageStatus } from '../../../contract/enums.js';

export { PACKAGE_STATUSES, type PackageStatus };

const NEXT: Record<PackageStatus, readonly PackageStatus[]> = {
  in_warehouse: ['packing', 'rehearsing', 'disposed', 'returning'],
  // v1.1: a rehearsal reserves packages; the shipping order made from it takes them, a cancel gives them back
  rehearsing: ['in_warehouse', 'packing'],
  packing: ['shipped', 'in_warehouse'],
  shipped: ['delivered', 'lost'],
  delivered: [],
  // v1.1 after-sales: a return or exchange request holds the package until the seller decides
  returning: ['in_warehouse', 'returned'],
  returned: [],
  disposed: [],
  lost: [],
};

export function canMovePackage(from: PackageStatus, to: PackageStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whole days between arrival and now (never negative: the clock only moves forward, but be safe). */
export function storageDays(arrivedAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(arrivedAt)) / 86_400_000));
}

/** Free storage, and when the UI starts warning (decisions.md). */
export const FREE_STORAGE_DAYS = 90;
export const STORAGE_WARNING_DAYS = 80;
