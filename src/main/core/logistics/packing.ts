/**
 * What a packed parcel weighs and measures (rehearsal packing, extensions.md section 5), generated
 * plausibly from its packages: pure, so the same packages always pack the same way.
 *
 * - Goods take 6 cm^3 per gram (soft goods and boxed items average ~170 kg/m^3), times each package's
 *   packed-volume factor from its done services (vacuum: 70%), plus 15% void fill.
 * - The box is about 1.6 : 1.2 : 1, each side rounded up to a whole centimetre, at least 15 x 10 x 5.
 * - Packing material adds 120 g plus 5% of the goods' weight (carton, tape, fill).
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
const MATERIAL_BASE_G = 120;
const MATERIAL_SHARE = 0.05;

export function packParcel(packages: readonly PackingInput[]): PackedParcel {
  if (packages.length === 0) throw new RangeError('nothing to pack');
  const goods = packages.reduce((sum, p) => sum + p.weight, 0);
  const volume = packages.reduce((sum, p) => sum + p.weight * CM3_PER_GRAM * (p.volumeBp / 10_000), 0) * VOID_FILL;
  const h = Math.cbrt(volume / (1.6 * 1.2));
  return {
    weight: goods + MATERIAL_BASE_G + Math.round(goods * MATERIAL_SHARE),
    length: Math.max(15, Math.ceil(h * 1.6)),
    width: Math.max(10, Math.ceil(h * 1.2)),
    height: Math.max(5, Math.ceil(h)),
  };
}
