import { describe, expect, it } from 'vitest';
import { groupByPlatform, orderLineOf, pickGroup } from './grouping';

const line = (id: number, productId: number, remark = '') => ({ id, productId, skuId: `${productId}-1`, quantity: 1, remark });

describe('one platform per order', () => {
  const platforms: Record<number, string> = { 10: 'taobao', 20: '1688', 30: 'taobao', 40: 'weidian' };
  const platformOf = (productId: number) => platforms[productId];

  it('groups lines by their product platform in first-seen order', () => {
    const { groups, unknown } = groupByPlatform([line(1, 20), line(2, 10), line(3, 30), line(4, 20)], platformOf);
    expect(unknown).toBe(0);
    expect(groups.map((g) => [g.platform, g.lines.map((l) => l.id)])).toEqual([
      ['1688', [1, 4]],
      ['taobao', [2, 3]],
    ]);
  });

  it('leaves out lines whose product is not loaded yet and counts them', () => {
    const { groups, unknown } = groupByPlatform([line(1, 10), line(2, 99)], platformOf);
    expect(groups).toHaveLength(1);
    expect(unknown).toBe(1);
  });

  it('gives one group for a single-platform selection and none for an empty one', () => {
    expect(groupByPlatform([line(1, 10), line(2, 30)], platformOf).groups).toHaveLength(1);
    expect(groupByPlatform([], platformOf).groups).toEqual([]);
  });

  it('picks the chosen platform, falling back to the first group', () => {
    const { groups } = groupByPlatform([line(1, 10), line(2, 40)], platformOf);
    expect(pickGroup(groups, 'weidian')?.platform).toBe('weidian');
    expect(pickGroup(groups, '1688')?.platform).toBe('taobao');
    expect(pickGroup(groups, null)?.platform).toBe('taobao');
    expect(pickGroup([], null)).toBeNull();
  });

  it('turns a cart line into an order line: id as a string, remark only when given', () => {
    expect(orderLineOf(line(1, 10))).toEqual({ productId: '10', skuId: '10-1', quantity: 1 });
    expect(orderLineOf(line(1, 10, '  size M please '))).toEqual({ productId: '10', skuId: '10-1', quantity: 1, remark: 'size M please' });
  });
});
