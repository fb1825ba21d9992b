import { couponMessages } from './messages';
import { formatMoneyWithDisplay } from '../../shared/format';
import { describe, expect, it } from 'vitest';
import {
  serviceChargeKind,
  changedFields,
  couponTerms,
  formatCouponValue,
  formatSignedMoney,
  localDayKey,
  orderHref,
  pageCount,
  spendingByDay,
  totalSpent,
  transactionReferenceHref,
  utcDayKey,
} from './logic';

const tx = (amount: number, createdAt: string, type = amount < 0 ? 'order_payment' : 'deposit', reference = '') => ({ amount, createdAt, type, reference });

describe('spendingByDay', () => {
  it('sums the debits of each day as positive amounts, oldest day first', () => {
    const days = spendingByDay(
      [
        tx(-30, '2026-11-03T15:00:00.000Z'),
        tx(-12.5, '2026-11-01T09:00:00.000Z'),
        tx(-7.5, '2026-11-01T23:59:59.000Z'),
        tx(-20, '2026-11-02T00:00:00.000Z'),
      ],
      { dayKey: utcDayKey },
    );
    expect(days).toEqual([
      { day: '2026-11-01', spent: 20 },
      { day: '2026-11-02', spent: 20 },
      { day: '2026-11-03', spent: 30 },
    ]);
  });

  it('leaves out credits: deposits, refunds, positive adjustments, zero', () => {
    const days = spendingByDay([tx(10000, '2026-11-01T01:00:00Z'), tx(-50, '2026-11-01T02:00:00Z'), tx(50, '2026-11-01T03:00:00Z'), tx(0, '2026-11-01T04:00:00Z')], {
      dayKey: utcDayKey,
    });
    expect(days).toEqual([{ day: '2026-11-01', spent: 50 }]);
  });

  it('is empty when nothing was spent', () => {
    expect(spendingByDay([])).toEqual([]);
    expect(spendingByDay([tx(10000, '2026-11-01T00:00:00Z')])).toEqual([]);
  });

  it('fills the days without spending between the first and the last with zero, across a month end', () => {
    const days = spendingByDay([tx(-1, '2026-10-30T12:00:00Z'), tx(-2, '2026-11-02T12:00:00Z')], { dayKey: utcDayKey });
    expect(days.map((d) => d.day)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(days.map((d) => d.spent)).toEqual([1, 0, 0, 2]);
  });

  it('adds in minor units: 0.1 + 0.2 is 0.3', () => {
    const days = spendingByDay([tx(-0.1, '2026-11-01T01:00:00Z'), tx(-0.2, '2026-11-01T02:00:00Z')], { dayKey: utcDayKey });
    expect(days[0]!.spent).toBe(0.3);
    expect(totalSpent([{ day: 'a', spent: 0.1 }, { day: 'b', spent: 0.2 }])).toBe(0.3);
  });

  it('keeps only the latest maxDays days', () => {
    const days = spendingByDay([tx(-1, '2026-01-01T12:00:00Z'), tx(-2, '2026-03-01T12:00:00Z')], { dayKey: utcDayKey, maxDays: 10 });
    expect(days).toHaveLength(10);
    expect(days[0]!.day).toBe('2026-02-20');
    expect(days[9]).toEqual({ day: '2026-03-01', spent: 2 });
  });

  it('counts purchases and fees only: a back-office adjustment and an insurance payout are not spending', () => {
    const days = spendingByDay(
      [
        tx(-8500, '2026-11-01T01:00:00Z', 'adjustment', 'back-office'),
        tx(-20, '2026-11-02T01:00:00Z', 'order_payment', 'PO1'),
        tx(-10, '2026-11-02T02:00:00Z', 'shipping_payment', 'SO1'),
        tx(-3, '2026-11-02T03:00:00Z', 'service_charge', 'PKG7'),
        tx(-2, '2026-11-02T04:00:00Z', 'shipping_supplement', 'SO1'),
        tx(-1, '2026-11-02T05:00:00Z', 'supplement_payment', 'PO1'),
        tx(40, '2026-11-03T01:00:00Z', 'insurance_payout', 'SO1'),
      ],
      { dayKey: utcDayKey },
    );
    expect(days).toEqual([{ day: '2026-11-02', spent: 36 }]);
  });

  it('nets a refund out of the payments of its reference, on the day they were paid', () => {
    const days = spendingByDay(
      [
        tx(-100, '2026-11-01T01:00:00Z', 'order_payment', 'PO1'),
        tx(-5, '2026-11-01T02:00:00Z', 'order_payment', 'PO2'),
        tx(-30, '2026-11-02T01:00:00Z', 'order_payment', 'PO3'),
        tx(-12, '2026-11-02T02:00:00Z', 'supplement_payment', 'PO3'),
        // PO1 cancelled and refunded in full; PO3 partly (one returned item, 20 of the 42 paid)
        tx(100, '2026-11-04T01:00:00Z', 'order_refund', 'PO1'),
        tx(20, '2026-11-05T01:00:00Z', 'order_refund', 'PO3'),
        // a rehearsal's fee given back
        tx(-8, '2026-11-03T01:00:00Z', 'service_charge', 'RH1'),
        tx(8, '2026-11-03T02:00:00Z', 'service_charge', 'RH1'),
      ],
      { dayKey: utcDayKey },
    );
    expect(days).toEqual([
      { day: '2026-11-01', spent: 5 },
      { day: '2026-11-02', spent: 22 },
    ]);
    expect(spendingByDay([tx(-100, '2026-11-01T01:00:00Z', 'order_payment', 'PO1'), tx(100, '2026-11-02T01:00:00Z', 'order_refund', 'PO1')])).toEqual([]);
  });

  it('groups by the viewer’s local day by default', () => {
    const iso = '2026-11-01T12:00:00Z';
    expect(spendingByDay([tx(-5, iso)])).toEqual([{ day: localDayKey(iso), spent: 5 }]);
    expect(localDayKey(iso)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('formatCouponValue', () => {
  it('shows a percentage as "N% off" and a fixed amount as money off', () => {
    expect(formatCouponValue({ type: 'percentage', value: 10 }, 'CNY')).toBe('10% off');
    expect(formatCouponValue({ type: 'percentage', value: 12.5 }, 'CNY')).toBe('12.5% off');
    expect(formatCouponValue({ type: 'fixed', value: 20 }, 'CNY')).toBe('CN¥20.00 off');
    expect(formatCouponValue({ type: 'fixed', value: 1500 }, 'CNY')).toBe('CN¥1,500.00 off');
  });

  it('speaks the Chinese shop convention: 10% off is 9折, 15% off is 8.5折', () => {
    expect(formatCouponValue({ type: 'percentage', value: 10 }, 'CNY', 'zh-CN')).toBe('9折');
    expect(formatCouponValue({ type: 'percentage', value: 15 }, 'CNY', 'zh-CN')).toBe('8.5折');
    expect(formatCouponValue({ type: 'percentage', value: 5 }, 'CNY', 'zh-CN')).toBe('9.5折');
    expect(formatCouponValue({ type: 'fixed', value: 50 }, 'CNY', 'zh-CN')).toBe('减 ¥50.00');
  });

  it('takes its words from the coupon catalog in both languages (issue 17 item 7: no English built in code)', () => {
    expect(couponMessages.en.percentOff).toBe('{value}% off');
    expect(couponMessages['zh-CN'].percentOff).toBe('{value}折');
    expect(couponMessages.en.amountOff).toBe('{amount} off');
    expect(couponMessages['zh-CN'].amountOff).toBe('减 {amount}');
  });
});

describe('couponTerms', () => {
  it("names a purchase coupon's floor on the order and a shipping coupon's on the freight, with its channel limit", () => {
    const purchase = { appliesTo: 'purchase' as const, minOrderAmount: 300, minFee: 0, channelIds: null };
    expect(couponTerms(purchase)).toEqual([{ key: 'minOrder', amount: 300 }]);
    expect(couponTerms({ ...purchase, minOrderAmount: 0 })).toEqual([{ key: 'noMinimum' }]);
    // The demo's "15 off shipping of 100 or more" said "No minimum order": its floor is the fee's.
    const shipping = { appliesTo: 'shipping' as const, minOrderAmount: 0, minFee: 100, channelIds: null };
    expect(couponTerms(shipping)).toEqual([{ key: 'shippingMinFee', amount: 100 }]);
    expect(couponTerms({ ...shipping, minFee: 0, channelIds: ['economy-air'] })).toEqual([{ key: 'shippingNoMinimum' }, { key: 'someChannels' }]);
  });

  it('has every term worded in both languages', () => {
    for (const key of ['minOrder', 'noMinimum', 'shippingMinFee', 'shippingNoMinimum', 'someChannels'] as const) {
      expect(couponMessages.en[key]).toBeTruthy();
      expect(couponMessages['zh-CN'][key]).toBeTruthy();
    }
  });
});

describe('formatSignedMoney', () => {
  it('prefixes credits with + and debits with a minus sign', () => {
    expect(formatSignedMoney(10000, 'CNY')).toBe('+CN¥10,000.00');
    expect(formatSignedMoney(-20.5, 'CNY')).toBe('\u2212CN¥20.50');
    expect(formatSignedMoney(0, 'CNY')).toBe('CN¥0.00');
  });
  it('signs what the given formatter writes: the display currency beside the amount, as beside balance after', () => {
    const withUsd = (magnitude: number) => formatMoneyWithDisplay(magnitude, 'CNY', 'en', { code: 'USD', rate: 0.1381 }, 'CNY');
    expect(formatSignedMoney(-20.5, 'CNY', 'en', withUsd)).toBe(`\u2212${withUsd(20.5)}`);
    expect(withUsd(20.5)).toMatch(/^CN¥20\.50 \(≈ (US)?\$2\.83\)$/);
    expect(formatSignedMoney(100, 'CNY', 'en', withUsd)).toMatch(/^\+CN¥100\.00 \(≈ (US)?\$13\.81\)$/);
  });
});

describe('links and paging', () => {
  it('links order payments and refunds to their order, nothing else', () => {
    expect(transactionReferenceHref({ type: 'order_payment', reference: 'PO2026110100001' })).toBe('#/orders/PO2026110100001');
    expect(transactionReferenceHref({ type: 'order_refund', reference: 'PO1' })).toBe('#/orders/PO1');
    expect(transactionReferenceHref({ type: 'deposit', reference: 'DEMO' })).toBeNull();
    expect(transactionReferenceHref({ type: 'order_payment', reference: '' })).toBeNull();
    expect(orderHref('A/B C')).toBe('#/orders/A%2FB%20C');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(250, 100)).toBe(3);
  });

  it('sends only the fields that changed', () => {
    const before = { username: 'operator', email: 'a@b.c', language: 'en' };
    expect(changedFields(before, { ...before })).toEqual({});
    expect(changedFields(before, { ...before, language: 'zh-CN' })).toEqual({ language: 'zh-CN' });
  });
});

describe('serviceChargeKind (issue 26 defect 8: a service charge says what it paid for)', () => {
  it('reads the reference the service writes, and a rehearsal credit as its refund', () => {
    expect(serviceChargeKind('PKG2', -13)).toEqual({ kind: 'services', packageId: '2' });
    expect(serviceChargeKind('RH20261126AB12', -18)).toEqual({ kind: 'rehearsal', rehearsalId: 'RH20261126AB12' });
    expect(serviceChargeKind('RH20261126AB12', 18)).toEqual({ kind: 'rehearsalRefund', rehearsalId: 'RH20261126AB12' });
    expect(serviceChargeKind('RET7', -15)).toEqual({ kind: 'exchangeFee', requestId: '7' });
    expect(serviceChargeKind('PO20261126XYZ', -6)).toEqual({ kind: 'photos', orderNo: 'PO20261126XYZ' });
    expect(serviceChargeKind('TEST', -1)).toBeNull();
  });
});
