import type { RehearsalView } from '../../../../contract/open/shipping';

/** Whether two lists hold the same package ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * The rehearsal still holding some of these packages (requested or packed), newest first as listed: the
 * ship page finds it again after a reload, to ship with it or cancel it (a rehearsing package is shipped
 * only with its rehearsal).
 */
export function openRehearsalOf(rehearsals: readonly RehearsalView[], packageIds: readonly number[]): RehearsalView | null {
  return rehearsals.find((r) => (r.status === 'requested' || r.status === 'packed') && r.inventoryIds.some((id) => packageIds.includes(id))) ?? null;
}
