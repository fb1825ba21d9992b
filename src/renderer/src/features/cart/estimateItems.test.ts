import { describe, expect, it } from 'vitest';
import { estimateItems } from './estimateItems';

describe('estimateItems (the cart’s shipping estimate)', () => {
  const line = (productId: string, selected: boolean) => ({ productId, skuId: `${productId}-a`, quantity: 2, title: `P${productId}`, selected });

  it('estimates the ticked lines only', () => {
    expect(estimateItems([line('1', true), line('2', false), line('3', true)])).toEqual([
      { productId: 1, skuId: '1-a', quantity: 2, title: 'P1' },
      { productId: 3, skuId: '3-a', quantity: 2, title: 'P3' },
    ]);
  });

  it('is empty when nothing is ticked, so the estimate says nothing', () => {
    expect(estimateItems([line('1', false)])).toEqual([]);
  });
});
