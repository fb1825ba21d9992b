import { packParcel, type PackedParcel, type PackingInput } from '../logistics/packing.js';
import { roundHalfUp, type Minor } from '../shared/money.js';

/**
 * The packed parcel settles the shipping fee (extensions.md section 10), pure:
 *
 * - Packing adds box and filler: a share of the packages' summed weight drawn per shipping order, 6-12% by
 *   default; 3-6% when a package had its retail packaging removed; 4 points more when one is reinforced
 *   (the draw: packed-weight-draw.ts, for dispatch and rehearsal packing alike). The box's dimensions are
 *   the packer's (logistics/packing.ts).
 * - The fee is priced again on the billed weight (the larger of packed and volumetric, rounded up to the
 *   channel's step: the freight engine does it), then settled against the fee held: lower -> only the new
 *   fee is charged; higher by at most the tolerance -> the fee held is charged, the agent absorbs the rest;
 *   higher beyond it -> the difference is a shipping supplement the customer pays before the parcel leaves.
 */
export interface PackingShare {
  minBp: number;
  maxBp: number;
}

export const DEFAULT_PACKING: PackingShare = { minBp: 600, maxBp: 1200 };

export function packingShare(base: PackingShare, services: { removePackaging: boolean; reinforce: boolean }): PackingShare {
  let { minBp, maxBp } = base;
  if (services.removePackaging) {
    minBp = Math.round(minBp / 2);
    maxBp = Math.round(maxBp / 2);
  }
  if (services.reinforce) {
    minBp += 400;
    maxBp += 400;
  }
  return { minBp, maxBp };
}

/** The share drawn within the range from a number in [0, 1). */
export function drawShareBp(share: PackingShare, draw: number): number {
  return share.minBp + Math.floor(draw * (share.maxBp - share.minBp + 1));
}

/**
 * A dispatch box is packed tighter than a rehearsal's trial packing (logistics/packing.ts: ~6.9 cm^3 per
 * gram): about 4 cm^3 per gram, so the volumetric weight at 6000 stays under the actual weight for most
 * goods and wins for bulky ones (vacuum and other done services still shrink it).
 */
const DISPATCH_VOLUME_BP = 5800;

/** The packed parcel: the goods plus the drawn share (rounded up to a gram), in the packer's box. */
export function weighParcel(packages: readonly PackingInput[], shareBp: number): PackedParcel {
  return packParcel(packages.map((p) => ({ ...p, volumeBp: Math.round((p.volumeBp * DISPATCH_VOLUME_BP) / 10_000) })), shareBp);
}

export type Settlement =
  | { kind: 'lower' | 'same'; chargedFee: Minor; supplement: 0 }
  | { kind: 'absorbed'; chargedFee: Minor; supplement: 0 }
  | { kind: 'supplement'; chargedFee: Minor; supplement: Minor };

/** The tolerance in money: a share of the fee held, half up. */
export function toleranceOf(feeHeld: Minor, toleranceBp: number): Minor {
  return roundHalfUp(feeHeld * toleranceBp, 10_000);
}

export function settleFee(feeHeld: Minor, billedFee: Minor, toleranceBp: number): Settlement {
  if (billedFee < feeHeld) return { kind: 'lower', chargedFee: billedFee, supplement: 0 };
  if (billedFee === feeHeld) return { kind: 'same', chargedFee: feeHeld, supplement: 0 };
  if (billedFee - feeHeld <= toleranceOf(feeHeld, toleranceBp)) return { kind: 'absorbed', chargedFee: feeHeld, supplement: 0 };
  return { kind: 'supplement', chargedFee: feeHeld, supplement: billedFee - feeHeld };
}
