import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { orderCharges } from './OrderExtras';
import { servicesMessages } from './servicesMessages';

const order = {
  status: 'pending' as const,
  shippingFee: 141.75,
  couponDiscount: 15,
  insurancePremium: 0,
  storageFees: 0,
  totalCharge: 126.75,
  supplements: [] as { id: number; shippingOrderNo: string; amount: number; status: 'pending' | 'paid' | 'expired'; createdAt: string; expiresAt: string; resolvedAt: string | null }[],
};
const supplement = (amount: number, status: 'pending' | 'paid' | 'expired') => ({ id: 1, shippingOrderNo: 'SO1', amount, status, createdAt: '', expiresAt: '', resolvedAt: null });
const sum = (lines: { amount: number }[]) => lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) / 100;

describe('orderCharges (the Charges box of a shipping order)', () => {
  it('shows the shipping coupon as a negative line, so the lines add up to the total', () => {
    const charges = orderCharges(order);
    expect(charges.lines).toContainEqual({ key: 'couponDiscount', amount: -15 });
    expect(charges.total).toBe(126.75);
    expect(sum(charges.lines)).toBe(charges.total);
  });

  it('has no coupon line without a coupon', () => {
    const charges = orderCharges({ ...order, couponDiscount: 0, totalCharge: 141.75 });
    expect(charges.lines.map((l) => l.key)).toEqual(['freight', 'insurancePremium', 'storageFees']);
    expect(sum(charges.lines)).toBe(charges.total);
  });

  it('adds each paid extra postage to what was charged, and leaves out pending and expired ones', () => {
    const charges = orderCharges({ ...order, status: 'shipped', supplements: [supplement(18.9, 'paid'), supplement(5, 'expired')] });
    expect(charges.lines.at(-1)).toEqual({ key: 'extraPostagePaid', amount: 18.9 });
    expect(charges.total).toBe(145.65);
    expect(sum(charges.lines)).toBe(charges.total);
    expect(orderCharges({ ...order, status: 'awaiting_payment', supplements: [supplement(18.9, 'pending')] }).total).toBe(126.75);
  });

  it('says held for every status before dispatch, charged after it, released on cancel', () => {
    expect(orderCharges({ ...order, status: 'pending' }).totalKey).toBe('total');
    expect(orderCharges({ ...order, status: 'awaiting_payment' }).totalKey).toBe('total');
    for (const status of ['shipped', 'delivered', 'exception', 'lost'] as const) expect(orderCharges({ ...order, status }).totalKey).toBe('totalCharged');
    expect(orderCharges({ ...order, status: 'cancelled' }).totalKey).toBe('totalReleased');
  });
});

describe('the declared value and duties lines', () => {
  it('use the full-width colon in Chinese and the ASCII one in English', () => {
    expect(translate(servicesMessages, 'zh-CN', 'declaredValueLine', { amount: '¥1.00' })).toBe('申报价值：¥1.00');
    expect(translate(servicesMessages, 'zh-CN', 'estimatedDutiesLine', { amount: '¥0.00' })).toBe('预估进口关税（目的地支付，此处不收取）：¥0.00');
    expect(translate(servicesMessages, 'en', 'declaredValueLine', { amount: 'CN¥1.00' })).toBe('Declared value: CN¥1.00');
  });
});
