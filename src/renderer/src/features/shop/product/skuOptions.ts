import type { Sku } from '../../../api/types';

/**
 * What one option dimension varies, read from its values (the SKU names are all a product's SKU data says):
 * worded "Colour", "Size", "Version", "Model", "Edition" or "Shade" when its values say so, else "Option n".
 */
export type DimensionKind = 'colour' | 'size' | 'version' | 'model' | 'edition' | 'shade' | 'other';

export interface SkuDimension {
  kind: DimensionKind;
  /** Values in the order the SKUs first use them. */
  values: string[];
}

/** A choice per dimension; null where nothing is chosen yet. */
export type OptionSelection = (string | null)[];

/** Marketplaces name a SKU by its option values joined with " / " ("Black / M"). */
const SEPARATOR = ' / ';

const COLOUR_WORDS =
  /^(black|white|grey|gray|navy|beige|olive|burgundy|sky blue|pink|cream|red|blue|green|yellow|orange|purple|brown|silver|gold|clear|wood|khaki|ivory|charcoal)$|色$/i;
const SIZE_WORDS = /^(x{0,3}s|m|x{0,3}l|\d{1,3}(\.5)?|small|medium|large|free size|均码|[smlx]+码|\d+码)$/i;

/** Product generations and tiers: "Standard / Pro", 标准版 / 专业版. */
const VERSION_WORDS = /^(standard|pro|lite|plus|max|ultra|basic|mini|版本.*|.+版)$/i;
/** Collectors' editions: "Standard / Deluxe / Collector" (a dimension naming both reads as an edition). */
const EDITION_WORDS = /^(standard|deluxe|collector|collector's|limited|special|premium)( edition)?$/i;
/** The device a part fits: "iPhone 17 Pro", "Galaxy S26", "Pixel 10", 适用型号. */
const MODEL_WORDS = /^(iphone|galaxy|pixel|huawei|xiaomi|redmi|oppo|vivo|honor|oneplus|ipad|macbook)\b.*$|型号/i;
/** Make-up shades: "01 Natural", "02 Rose", 色号. */
const SHADE_WORDS = /^\d{2} \S.*$|色号/;

function kindOf(values: string[]): DimensionKind {
  const all = (words: RegExp) => values.every((v) => words.test(v));
  if (all(COLOUR_WORDS)) return 'colour';
  if (all(SIZE_WORDS)) return 'size';
  // Edition before version: "Standard" is both, "Deluxe" / "Collector" only an edition.
  if (all(EDITION_WORDS) && !all(VERSION_WORDS)) return 'edition';
  if (all(VERSION_WORDS)) return 'version';
  if (all(MODEL_WORDS)) return 'model';
  if (all(SHADE_WORDS)) return 'shade';
  return 'other';
}

/**
 * The option dimensions of a product when every SKU name has the same number (two or more) of " / " parts
 * and no two SKUs share a combination; null when the names do not split that way (one picker of whole
 * SKUs then).
 */
export function skuDimensions(skus: Sku[]): SkuDimension[] | null {
  if (skus.length < 2) return null;
  const parts = skus.map((sku) => sku.name.split(SEPARATOR).map((p) => p.trim()));
  const width = parts[0]!.length;
  if (width < 2 || parts.some((p) => p.length !== width || p.some((v) => v === ''))) return null;
  if (new Set(parts.map((p) => p.join('\u0000'))).size !== parts.length) return null;
  const dimensions: SkuDimension[] = [];
  for (let i = 0; i < width; i++) {
    const values = [...new Set(parts.map((p) => p[i]!))];
    dimensions.push({ kind: kindOf(values), values });
  }
  return dimensions;
}

function partsOf(sku: Sku): string[] {
  return sku.name.split(SEPARATOR).map((p) => p.trim());
}

/** The SKU a full selection names, or null while a dimension is unchosen (or no SKU has that combination). */
export function skuOf(skus: Sku[], selection: OptionSelection): Sku | null {
  if (selection.some((v) => v === null)) return null;
  return skus.find((sku) => partsOf(sku).every((v, i) => v === selection[i])) ?? null;
}

/** The selection that names a SKU (every dimension chosen). */
export function selectionOf(sku: Sku): OptionSelection {
  return partsOf(sku);
}

/**
 * Whether choosing `value` in dimension `index` can still lead to a SKU in stock, given what is chosen in
 * the other dimensions (a value sold out with the chosen colour is disabled, as on the marketplaces).
 */
export function valueAvailable(skus: Sku[], selection: OptionSelection, index: number, value: string): boolean {
  return skus.some((sku) => {
    if (sku.stock <= 0) return false;
    const parts = partsOf(sku);
    return parts[index] === value && parts.every((v, i) => i === index || selection[i] === null || selection[i] === v);
  });
}

/** Lowest and highest SKU price: cards say "from" the lowest when they differ. */
export function priceRange(skus: Sku[], fallback: number): { min: number; max: number } {
  if (skus.length === 0) return { min: fallback, max: fallback };
  const prices = skus.map((s) => s.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
