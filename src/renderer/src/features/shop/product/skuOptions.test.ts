import { describe, expect, it } from 'vitest';
import type { Sku } from '../../../api/types';
import { priceRange, skuDimensions, skuOf, valueAvailable } from './skuOptions';

const sku = (name: string, price: number, stock = 10): Sku => ({ skuId: name, name, price, stock });

const shirt = [
  sku('Black / M', 59),
  sku('Black / XXL', 79),
  sku('Navy / M', 59, 0),
  sku('Navy / XXL', 79),
];

describe('SKU option dimensions', () => {
  it('splits "Colour / Size" names into a colour and a size picker', () => {
    expect(skuDimensions(shirt)).toEqual([
      { kind: 'colour', values: ['Black', 'Navy'] },
      { kind: 'size', values: ['M', 'XXL'] },
    ]);
    expect(skuDimensions([sku('iPhone 17 / Clear', 1), sku('Pixel 10 / Black', 1)])).toEqual([
      { kind: 'model', values: ['iPhone 17', 'Pixel 10'] },
      { kind: 'colour', values: ['Clear', 'Black'] },
    ]);
  });

  it('names a dimension of versions, models, editions or shades from its values, never "Option n" (issue 26)', () => {
    const kinds = (names: string[]) => skuDimensions(names.map((n) => sku(n, 1)))?.map((d) => d.kind);
    expect(kinds(['Black / Standard', 'Black / Pro', 'Silver / Pro'])).toEqual(['colour', 'version']);
    expect(kinds(['iPhone 17 Pro / Clear', 'Galaxy S26 / Black'])).toEqual(['model', 'colour']);
    expect(kinds(['Red / Standard', 'Red / Deluxe', 'Red / Collector'])).toEqual(['colour', 'edition']);
    expect(kinds(['Black / 01 Natural', 'Black / 02 Rose'])).toEqual(['colour', 'shade']);
    expect(kinds(['黑色 / 标准版', '黑色 / 专业版'])).toEqual(['colour', 'version']);
    expect(kinds(['Black / Teddy', 'Black / Bunny'])).toEqual(['colour', 'other']);
  });

  it('falls back to one picker when the names do not all split the same way', () => {
    expect(skuDimensions([sku('Black', 1), sku('White', 1)])).toBeNull();
    expect(skuDimensions([sku('Black / M', 1), sku('White', 1)])).toBeNull();
    expect(skuDimensions([sku('Black / M', 1), sku('Black / M', 2)])).toBeNull();
    expect(skuDimensions([sku('Black / M', 1)])).toBeNull();
  });

  it('finds the SKU of a full selection and disables values with no stock beside the other choices', () => {
    expect(skuOf(shirt, ['Navy', 'XXL'])?.price).toBe(79);
    expect(skuOf(shirt, ['Navy', null])).toBeNull();
    expect(valueAvailable(shirt, ['Navy', null], 1, 'M')).toBe(false);
    expect(valueAvailable(shirt, ['Black', null], 1, 'M')).toBe(true);
    expect(valueAvailable(shirt, [null, 'M'], 0, 'Navy')).toBe(false);
    expect(valueAvailable(shirt, [null, null], 0, 'Navy')).toBe(true);
  });

  it('prices range over the SKUs', () => {
    expect(priceRange(shirt, 59)).toEqual({ min: 59, max: 79 });
    expect(priceRange([], 12)).toEqual({ min: 12, max: 12 });
  });
});
