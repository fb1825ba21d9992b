import type { CoreContext } from '../context.js';
import { hashText } from '../shared/random.js';
import { readFigures } from '../warehouse/figures.js';
import { drawShareBp, packingShare } from './packed-weight.js';

/**
 * The packing share of one packing, in basis points of the packages' summed weight (extensions.md section
 * 10: "at dispatch (or when a rehearsal is packed)"), the one rule for both: the operator's figures
 * `packingMinBp`..`packingMaxBp`, halved when one of the packages had `remove_packaging` done, +4 points when
 * one had `reinforce` done (packed-weight.ts), drawn by a hash of `subject` (the shipping order number or the
 * rehearsal id, themselves drawn from the world's seeded stream), so the same world packs the same and a
 * replay packs the same. Reads only; in the caller's transaction.
 */
export function drawPackingShareBp(ctx: CoreContext, packageIds: readonly number[], subject: string): number {
  const figures = readFigures(ctx);
  const done = (serviceId: string) =>
    packageIds.length > 0 &&
    ctx.db.prepare(`SELECT 1 FROM package_services WHERE service_id = ? AND status = 'done' AND package_id IN (${packageIds.map(() => '?').join(', ')}) LIMIT 1`).get(serviceId, ...packageIds) !== undefined;
  const share = packingShare({ minBp: figures.packingMinBp, maxBp: figures.packingMaxBp }, { removePackaging: done('remove_packaging'), reinforce: done('reinforce') });
  return drawShareBp(share, hashText(`packing:${subject}`) / 2 ** 32);
}
