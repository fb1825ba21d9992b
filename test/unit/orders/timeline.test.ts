import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { cancelOrder } from '../../../src/main/core/orders/cancel.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { applyTransition } from '../../../src/main/core/orders/lifecycle.js';
import { englishNote } from '../../../src/main/core/orders/timeline.js';
import { getOrderDetail, getOrderInspection, getOrderLogistics } from '../../../src/main/core/orders/views.js';
import { ManualClock } from '../../../src/main/core/shared/clock.js';
import { TIMELINE_CODES } from '../../../src/contract/timeline.js';
import { orderableSku } from '../../helpers/fixtures.js';

/**
 * Timeline entries as data (issue 17 item 7): each entry carries its parts (codes and values) beside the
 * English note, and the note is exactly what the parts say, so a client can word the entry itself.
 */
let core: Core;
const clock = new ManualClock(Date.parse('2026-03-01T08:00:00.000Z'));
let sku: { productId: string; skuId: string };

beforeAll(() => {
  core = openCore({ dataDir: ':memory:', clock });
  sku = orderableSku(core.ctx);
});
afterAll(() => core.close());

describe('timeline parts', () => {
  it('writes codes with their values, and the note is the parts in English', () => {
    const ctx = core.ctx;
    const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }] });
    applyTransition(ctx, order.orderNo, 'paid', 'admin');
    applyTransition(ctx, order.orderNo, 'purchased', 'admin', { marketplaceOrderNo: '123' });
    applyTransition(ctx, order.orderNo, 'shipped_to_warehouse', 'admin', { carrier: 'SF Express', trackingNo: 'SF1' });
    applyTransition(ctx, order.orderNo, 'in_warehouse', 'admin', { inspection: { weight: 900 } });
    const { timeline, totalAmount, currency, platform } = getOrderDetail(ctx, order.orderNo, 1);
    expect(timeline.map((t) => t.parts)).toEqual([
      [{ code: 'order.placed', params: { amount: totalAmount, currency } }],
      [{ code: 'order.payment_confirmed', params: {} }],
      [{ code: 'order.bought', params: { platform, marketplaceOrderNo: '123' } }],
      [{ code: 'order.seller_shipped', params: { carrier: 'SF Express', trackingNo: 'SF1' } }],
      [{ code: 'order.arrived_inspected', params: { result: 'passed', weight: 900 } }],
    ]);
    for (const entry of timeline) {
      expect(entry.note).toBe(englishNote(entry.parts!));
      for (const p of entry.parts!) expect(TIMELINE_CODES).toContain(p.code);
    }
    // The note names the marketplace as a sentence does; the part keeps its id.
    const names: Record<string, string> = { taobao: 'Taobao', 1688: '1688', weidian: 'Weidian' };
    expect(timeline[2]!.note).toBe(`Bought on ${names[platform]}, marketplace order 123`);
    expect(englishNote([{ code: 'order.bought', params: { platform: 'taobao', marketplaceOrderNo: '9' } }])).toBe('Bought on Taobao, marketplace order 9');
    const trail = getOrderLogistics(ctx, order.orderNo, 1).events;
    expect(trail.map((e) => [e.code, e.params])).toEqual([
      ['logistics.seller_shipped', { carrier: 'SF Express' }],
      ['logistics.sorting_centre', {}],
      ['logistics.warehouse_signed', {}],
    ]);
    expect(trail[0]!.description).toBe('Shipped by the seller; picked up by SF Express');
    const inspection = getOrderInspection(ctx, order.orderNo, 1);
    expect([inspection.notes, inspection.notesParts]).toEqual(['Items match the order; no damage found', [{ code: 'inspection.passed', params: {} }]]);
    // An order inspected before migration 013 has no parts: the notes are shown as written.
    ctx.db.prepare('UPDATE orders SET inspection_notes_parts = NULL WHERE order_no = ?').run(order.orderNo);
    expect(getOrderInspection(ctx, order.orderNo, 1).notesParts).toBeNull();
    expect(timeline[0]!.note).toMatch(/^Order placed; \d+\.\d{2} CNY paid from the wallet$/);
  });

  it('keeps a typed reason as typed, beside the refund and the coupon', () => {
    const ctx = core.ctx;
    const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }] });
    cancelOrder(ctx, 1, order.orderNo, 'changed my mind');
    const last = getOrderDetail(ctx, order.orderNo, 1).timeline.at(-1)!;
    expect(last.parts?.[0]).toEqual({ code: 'order.reason', params: { text: 'changed my mind' } });
    expect(last.parts?.[1]?.code).toBe('order.refunded_to_wallet');
    expect(last.note).toMatch(/^changed my mind; \d+\.\d{2} CNY refunded to the wallet$/);
  });

  it('an operator note stays free text (no parts), and an older row without parts reads as null', () => {
    const ctx = core.ctx;
    const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }] });
    applyTransition(ctx, order.orderNo, 'paid', 'admin', { note: 'checked by Li' });
    ctx.db.prepare("INSERT INTO order_timeline (order_no, status, at, note) VALUES (?, 'paid', ?, 'an old entry')").run(order.orderNo, ctx.nowIso());
    const timeline = getOrderDetail(ctx, order.orderNo, 1).timeline;
    expect(timeline.at(-2)).toMatchObject({ note: 'checked by Li', parts: null });
    expect(timeline.at(-1)).toMatchObject({ note: 'an old entry', parts: null });
  });
});
