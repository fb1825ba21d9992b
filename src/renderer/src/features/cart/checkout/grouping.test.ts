import { describe, expect, it } from 'vitest';
import { groupBySeller, orderLineOf, platformsOf, type Seller } from './grouping';

const line = (id: number, productId: number, remark = '') => ({ id, productId, skuId: `${productId}-1`, quantity: 1, remark });

describe('one order, lines grouped by seller', () => {
  const sellers: Record<number, Seller> = {
    10: { platform: 'taobao', shopName: 'A' },
    20: { platform: '1688', shopName: 'B' },
    30: { platform: 'taobao', shopName: 'A' },
    40: { platform: 'weidian', shopName: 'C' },
    50: { platform: 'taobao', shopName: 'D' },
  };
  const sellerOf = (productId: number) => sellers[productId];

  it('groups lines by platform and shop in first-seen order', () => {
    const groups = groupBySeller([line(1, 20), line(2, 10), line(3, 30), line(4, 20), line(5, 50)], sellerOf);
    expect(groups.map((g) => [g.seller, g.lines.map((l) => l.id)])).toEqual([
      [{ platform: '1688', shopName: 'B' }, [1, 4]],
      [{ platform: 'taobao', shopName: 'A' }, [2, 3]],
      [{ platform: 'taobao', shopName: 'D' }, [5]],
    ]);
  });

  it('keeps every line: those of an unknown seller form a last group', () => {
    const groups = groupBySeller([line(1, 99), line(2, 10), line(3, 98)], sellerOf);
    expect(groups.map((g) => [g.seller?.shopName ?? null, g.lines.map((l) => l.id)])).toEqual([
      ['A', [2]],
      [null, [1, 3]],
    ]);
  });

  it('names the distinct platforms of a mixed selection', () => {
    expect(platformsOf(groupBySeller([line(1, 10), line(2, 20), line(3, 40), line(4, 50)], sellerOf))).toEqual(['taobao', '1688', 'weidian']);
    expect(platformsOf(groupBySeller([line(1, 10), line(2, 50)], sellerOf))).toEqual(['taobao']);
    expect(groupBySeller([], sellerOf)).toEqual([]);
  });

  it('turns a cart line into an order line: id as a string, remark only when given', () => {
    expect(orderLineOf(line(1, 10))).toEqual({ productId: '10', skuId: '10-1', quantity: 1 });
    expect(orderLineOf(line(1, 10, '  size M please '))).toEqual({ productId: '10', skuId: '10-1', quantity: 1, remark: 'size M please' });
  });
});
