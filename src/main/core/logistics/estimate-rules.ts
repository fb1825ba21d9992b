/**
 * What goods weigh and take up before anyone has weighed them (extensions.md section 14), pure: a
 * product's catalog weight when it has one, else its category's default; a default volume per unit per
 * category (goods are not measured before they reach the warehouse), from which each channel's
 * volumetric weight follows with its own divisor. Figures are typical packed units of each category of the
 * simulated marketplace (marketplace/vocabulary.ts); anything else takes the general default.
 */
export interface CategoryDefault {
  /** Grams per unit. */
  weight: number;
  /** Cubic centimetres per unit, as packed for the trip to the warehouse. */
  volume: number;
}

export const GENERAL_DEFAULT: CategoryDefault = { weight: 500, volume: 2000 };

export const CATEGORY_DEFAULTS: Readonly<Record<string, CategoryDefault>> = {
  Apparel: { weight: 500, volume: 2000 },
  Shoes: { weight: 1000, volume: 6000 },
  Bags: { weight: 600, volume: 4000 },
  Electronics: { weight: 400, volume: 1500 },
  'Phone Accessories': { weight: 120, volume: 400 },
  Beauty: { weight: 200, volume: 500 },
  Home: { weight: 700, volume: 3000 },
  'Toys & Hobbies': { weight: 500, volume: 2500 },
  Sports: { weight: 500, volume: 2500 },
  Kitchen: { weight: 900, volume: 3000 },
};

export function categoryDefault(category: string): CategoryDefault {
  return CATEGORY_DEFAULTS[category] ?? GENERAL_DEFAULT;
}

export interface EstimateLine {
  productId: number;
  category: string;
  /** The catalog's grams per unit; null or 0 when the catalog does not know. */
  catalogWeight: number | null;
  quantity: number;
}

export interface EstimateBasis {
  productId: number;
  quantity: number;
  weight: number;
  source: 'catalog' | 'category_default';
}

export interface GoodsEstimate {
  basis: EstimateBasis[];
  /** Grams, all lines. */
  weight: number;
  /** Cubic centimetres, all lines. */
  volume: number;
}

export function estimateGoods(lines: readonly EstimateLine[]): GoodsEstimate {
  let weight = 0;
  let volume = 0;
  const basis = lines.map((line): EstimateBasis => {
    const fallback = categoryDefault(line.category);
    const known = line.catalogWeight !== null && line.catalogWeight > 0;
    const unit = known ? line.catalogWeight! : fallback.weight;
    weight += unit * line.quantity;
    volume += fallback.volume * line.quantity;
    return { productId: line.productId, quantity: line.quantity, weight: unit, source: known ? 'catalog' : 'category_default' };
  });
  return { basis, weight, volume };
}

/** Volumetric grams of a volume at a divisor (cm^3 per kg), rounded up as the freight engine does. */
export function volumetricGrams(volume: number, divisor: number): number {
  return Math.ceil((volume * 1000) / divisor);
}
