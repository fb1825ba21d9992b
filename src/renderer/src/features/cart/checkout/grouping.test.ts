import { describe, expect, it } from 'vitest';
import { orderLineOf } from './grouping';

const line = (id: number, productId: number, remark = '') => ({ id, productId, skuId: `${productId}-1`, quantity: 1, remark });

describe('the checkout request', () => {
  it('turns a cart line into an order line: id as a string, remark only when given', () => {
    expect(orderLineOf(line(1, 10))).toEqual({ productId: '10', skuId: '10-1', quantity: 1 });
    expect(orderLineOf(line(1, 10, '  size M please '))).toEqual({ productId: '10', skuId: '10-1', quantity: 1, remark: 'size M please' });
  });
});
