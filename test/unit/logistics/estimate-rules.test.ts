import { describe, expect, it } from 'vitest';
import { categoryDefault, estimateGoods, GENERAL_DEFAULT, volumetricGrams } from '../../../src/main/core/logistics/estimate-rules.js';

describe('shipping estimate rules', () => {
  it('takes the catalog weight, else the category default, times the quantity', () => {
    const e = estimateGoods([
      { productId: 1, category: 'Shoes', catalogWeight: 850, quantity: 2 },
      { productId: 2, category: 'Shoes', catalogWeight: null, quantity: 1 },
      { productId: 3, category: 'Unheard Of', catalogWeight: 0, quantity: 3 },
    ]);
    expect(e.basis).toEqual([
      { productId: 1, quantity: 2, weight: 850, source: 'catalog' },
      { productId: 2, quantity: 1, weight: 1000, source: 'category_default' },
      { productId: 3, quantity: 3, weight: GENERAL_DEFAULT.weight, source: 'category_default' },
    ]);
    expect(e.weight).toBe(1700 + 1000 + 1500);
    expect(e.volume).toBe(3 * categoryDefault('Shoes').volume + 3 * GENERAL_DEFAULT.volume);
  });

  it('volumetric grams round up at the divisor', () => {
    expect(volumetricGrams(6000, 6000)).toBe(1000);
    expect(volumetricGrams(6001, 6000)).toBe(1001);
    expect(volumetricGrams(100, 5000)).toBe(20);
  });
});
