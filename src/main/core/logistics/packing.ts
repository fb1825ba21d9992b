/**
 * What a packed parcel weighs and measures (rehearsal packing, extensions.md section 5; dispatch, section
 * 10), generated plausibly from its packages and the packing share drawn for it: pure, so the same packages
 * and share always pack the same way.
 *
 * - Goods take 6 cm^3 per gram (soft goods and boxed items average ~170 kg/m^3), times each package's
 *   packed-volume factor from its done services (vacuum: 70%), plus 15% void fill.
 * - The box is about 1.6 : 1.2 : 1, each side rounded up to a whole centimetre, at least 15 x 10 x 5.
 * - Box and filler add `shareBp` basis points of the goods' weight, rounded up to a gram (section 10: 6-12% by
 *   default, drawn per packing from the operator's figures: shipping/packed-weight-draw.ts).
 */
export interface PackingInput {
  weight: number;
  /** Basis points of the package's natural volume once packed (10000: unchanged). */
  volumeBp: number;
}

export interface PackedParcel {
  weight: number;
  length: number;
  width: number;
  height: number;
}

const CM3_PER_GRAM = 6;
const VOID_FILL = 1.15;

export function packParcel(packages: readonly PackingInput[], shareBp: number): PackedParcel {
  if (packages.length === 0) throw new RangeError('nothing to pack');
  const goods = packages.reduce((sum, p) => sum + p.weight, 0);
  const volume = packages.reduce((sum, p) => sum + p.weight * CM3_PER_GRAM * (p.volumeBp / 10_000), 0) * VOID_FILL;
  const h = Math.cbrt(volume / (1.6 * 1.2));
  return {
    weight: goods + Math.ceil((goods * shareBp) / 10_000),
    length: Math.max(15, Math.ceil(h * 1.6)),
    width: Math.max(10, Math.ceil(h * 1.2)),
    height: Math.max(5, Math.ceil(h)),
  };
}
