import { describe, expect, it } from 'vitest';
import { adminOrderSchemas } from '../../../src/contract/admin/orders.js';
import { orderSchemas } from '../../../src/contract/open/orders.js';
import { convertForSchema, fillTemplate, parseReference, readPath, isMissing, referencesIn } from '../../../src/main/core/worlds/file/references.js';
import { findRoute } from '../../../src/main/core/worlds/file/route-lookup.js';

const answers: Record<string, unknown> = {
  hoodie: { data: { items: [{ id: 132, skus: [{ skuId: '4300340517-1', stock: 5 }] }] } },
  order: { data: { orderNo: 'PO1', items: [{ itemId: 7 }], count: '12' } },
};
const lookup = (ref: ReturnType<typeof parseReference>) => readPath(ref.source === 'vars' ? { n: 3 } : answers[ref.source], ref.segments);

describe('references', () => {
  it('parses a step name and a path of .name and [n] parts', () => {
    expect(parseReference('hoodie.data.items[0].skus[1].skuId')).toMatchObject({ source: 'hoodie', segments: ['data', 'items', 0, 'skus', 1, 'skuId'] });
    expect(parseReference('vars.x')).toMatchObject({ source: 'vars', segments: ['x'] });
    expect(() => parseReference('order..x')).toThrow(/not a path/);
    expect(referencesIn({ a: ['x ${a.b} y ${c[0]}'], b: 1 }).map((r) => r.source)).toEqual(['a', 'c']);
  });

  it('a whole-string reference keeps the JSON type, converted where the schema asks for the other', () => {
    const body = orderSchemas['POST /orders'].body;
    const filled = fillTemplate({ items: [{ productId: '${hoodie.data.items[0].id}', skuId: '${hoodie.data.items[0].skus[0].skuId}', quantity: '${vars.n}' }] }, lookup, body);
    // productId is a string of digits in the contract: the number becomes its text; quantity stays a number.
    expect(filled).toEqual({ items: [{ productId: '132', skuId: '4300340517-1', quantity: 3 }] });
    // digits where an integer is asked for become the integer
    const returnBody = orderSchemas['POST /orders/:id/returns'].body;
    expect(fillTemplate({ itemId: '${order.data.count}', type: 'return', reason: 'r' }, lookup, returnBody)).toEqual({ itemId: 12, type: 'return', reason: 'r' });
    // without a schema nothing is converted
    expect(fillTemplate('${hoodie.data.items[0].id}', lookup)).toBe(132);
    // a union (body or no body) is looked through
    const advance = adminOrderSchemas['POST /orders/:id/advance'].body;
    expect(fillTemplate({ marketplaceOrderNo: '${hoodie.data.items[0].id}' }, lookup, advance)).toEqual({ marketplaceOrderNo: '132' });
  });

  it('embedded references become text', () => {
    expect(fillTemplate('POST /admin/orders/${order.data.orderNo}/advance', lookup)).toBe('POST /admin/orders/PO1/advance');
    expect(fillTemplate('n=${vars.n} items=${order.data.items}', lookup)).toBe('n=3 items=[{"itemId":7}]');
  });

  it('converts only where the other type alone is asked for', () => {
    expect(convertForSchema(5, { type: 'string' })).toBe('5');
    expect(convertForSchema(5, { anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBe(5);
    expect(convertForSchema('0042', { type: 'integer' })).toBe(42);
    expect(convertForSchema('4x', { type: 'integer' })).toBe('4x');
    expect(convertForSchema(true, { type: 'string' })).toBe(true);
  });

  it('a missing path reads as missing, never as undefined data', () => {
    expect(isMissing(readPath(answers.order, ['data', 'nothing']))).toBe(true);
    expect(isMissing(readPath(answers.order, ['data', 'items', 3]))).toBe(true);
    expect(readPath(answers.order, ['data', 'items', 0, 'itemId'])).toBe(7);
  });

  it('finds the route of a call, a static segment before a parameter', () => {
    expect(findRoute('open', 'GET', '/products/search')?.url).toBe('/products/search');
    expect(findRoute('open', 'GET', '/products/12')?.url).toBe('/products/:id');
    expect(findRoute('admin', 'POST', '/orders/PO1/returns/3/decide')?.url).toBe('/orders/:id/returns/:rid/decide');
    expect(findRoute('open', 'GET', '/nowhere')).toBeNull();
  });
});
