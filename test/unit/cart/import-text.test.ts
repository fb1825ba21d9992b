import { describe, expect, it } from 'vitest';
import { entriesOf, importLines, MAX_IMPORT_LINES, pickSku } from '../../../src/main/core/cart/import-text.js';

describe('pasted text for the cart', () => {
  it('reads links, quantities and hints from spreadsheet and chat lines', () => {
    expect(entriesOf(1, 'Hoodie\thttps://weidian.com/item.html?itemID=4300007919\t2\tBlack\tXL')).toEqual([
      { line: 1, input: 'https://weidian.com/item.html?itemID=4300007919', quantity: 2, hints: ['hoodie', 'black', 'xl'] },
    ]);
    expect(entriesOf(2, 'https://item.taobao.com/item.htm?id=1, https://item.taobao.com/item.htm?id=2 x3')).toEqual([
      { line: 2, input: 'https://item.taobao.com/item.htm?id=1', quantity: 3, hints: [] },
      { line: 2, input: 'https://item.taobao.com/item.htm?id=2', quantity: 3, hints: [] },
    ]);
    expect(entriesOf(3, 'item.taobao.com/item.htm?id=1 qty: 4 white')[0]).toMatchObject({ input: 'item.taobao.com/item.htm?id=1', quantity: 4, hints: ['white'] });
    expect(entriesOf(4, '数量2 https://detail.1688.com/offer/1.html 红色')[0]).toMatchObject({ quantity: 2, hints: ['红色'] });
    expect(entriesOf(5, '2 pcs https://detail.1688.com/offer/1.html')[0]).toMatchObject({ quantity: 2 });
    expect(entriesOf(6, 'just some words')).toEqual([{ line: 6, input: '', quantity: null, hints: ['just', 'some', 'words'] }]);
  });

  it('counts non-blank lines and refuses more than the limit', () => {
    expect(importLines('a\n\n  \r\nb')).toEqual([
      { line: 1, text: 'a' },
      { line: 4, text: 'b' },
    ]);
    expect(importLines(Array.from({ length: MAX_IMPORT_LINES }, () => 'x').join('\n'))).toHaveLength(MAX_IMPORT_LINES);
    expect(importLines(Array.from({ length: MAX_IMPORT_LINES + 1 }, () => 'x').join('\n'))).toBeNull();
  });

  it('picks the SKU: the only one, the linked one, else the one the hints name', () => {
    const skus = [
      { skuId: 'a', name: 'Black / M' },
      { skuId: 'b', name: 'Black / XL' },
      { skuId: 'c', name: 'White / XL' },
    ];
    expect(pickSku([skus[0]!], [], null)).toBe(skus[0]);
    expect(pickSku(skus, [], 'c')).toBe(skus[2]);
    expect(pickSku(skus, ['black', 'xl'], null)).toBe(skus[1]);
    expect(pickSku(skus, ['black'], null)).toBeNull();
    expect(pickSku(skus, ['green'], null)).toBeNull();
    expect(pickSku(skus, [], null)).toBeNull();
  });
});
