import { describe, expect, it } from 'vitest';
import { DEFAULT_METHOD_FIGURES, fromLedgerMinor, nextBusinessDay, quoteTopUp, settlesAt, toLedgerMinor } from '../../../src/main/core/wallet/top-up-rules.js';

const rates = { USD: 0.1381, EUR: 0.1302 };
const quote = (method: keyof typeof DEFAULT_METHOD_FIGURES, amount: number, currency = 'CNY') =>
  quoteTopUp({ amount, currency, ledgerCurrency: 'CNY', rates, figures: DEFAULT_METHOD_FIGURES[method] });

describe('top-up arithmetic', () => {
  it('converts at the display rate exactly, half up (no float noise)', () => {
    expect(toLedgerMinor(10_000, 0.1381)).toBe(72_411); // 100.00 USD / 0.1381 = 724.1130...
    expect(fromLedgerMinor(72_411, 0.1381)).toBe(10_000);
    expect(toLedgerMinor(100, 1)).toBe(100);
    expect(toLedgerMinor(1, 2e-7)).toBe(5_000_000);
  });

  it('PayPal in USD: 4.4% + 0.30 USD in USD, then both converted', () => {
    const q = quote('paypal', 10_000, 'USD');
    expect(q.feeInCurrency).toBe(440 + 30);
    expect(q.converted).toBe(72_411);
    expect(q.fee).toBe(toLedgerMinor(470, 0.1381)); // 3403.3 fen -> 3403
    expect(q.fee).toBe(3403);
    expect(q.credited).toBe(72_411 - 3403);
    expect(q.rate).toBe(0.1381);
  });

  it('PayPal in the ledger currency: the 0.30 USD is brought into CNY first', () => {
    const q = quote('paypal', 100_000);
    expect(q.rate).toBe(1);
    expect(q.fee).toBe(4400 + 217); // 4.4% of 1000.00 + 0.30 USD (2.17 CNY)
    expect(q.credited).toBe(100_000 - 4617);
  });

  it('PayPal in EUR: the USD fee goes through the ledger currency into EUR', () => {
    const q = quote('paypal', 5000, 'EUR');
    expect(q.feeInCurrency).toBe(220 + fromLedgerMinor(217, 0.1302)); // 0.30 USD = 2.17 CNY = 0.28 EUR
    expect(q.credited).toBe(toLedgerMinor(5000, 0.1302) - toLedgerMinor(q.feeInCurrency, 0.1302));
  });

  it('card takes 3%, Alipay/WeChat/bank transfer nothing', () => {
    expect(quote('card', 10_000).fee).toBe(300);
    for (const m of ['alipay', 'wechat', 'bank_transfer'] as const) expect(quote(m, 10_000)).toMatchObject({ fee: 0, credited: 10_000 });
  });

  it('a currency without a rate, or a fee eating the amount, is a 422', () => {
    expect(() => quote('card', 1000, 'GBP')).toThrow(expect.objectContaining({ statusCode: 422 }));
    expect(() => quote('paypal', 1)).toThrow(expect.objectContaining({ statusCode: 422 }));
  });

  it('too small: an amount converting to 0.00 is named as such (not a 0% fee); a fee eating all of it names the fee', () => {
    const jpy = (method: keyof typeof DEFAULT_METHOD_FIGURES, amount: number) =>
      quoteTopUp({ amount, currency: 'JPY', ledgerCurrency: 'CNY', rates: { JPY: 21.5 }, figures: DEFAULT_METHOD_FIGURES[method] });
    for (const method of ['alipay', 'wechat', 'bank_transfer', 'card'] as const) {
      expect(() => jpy(method, 10)).toThrow(
        expect.objectContaining({ statusCode: 422, message: 'amount is too small: 0.10 JPY is 0.00 CNY once converted at 21.5 JPY/CNY' }),
      );
    }
    // 0.11 JPY = 0.0051 CNY, half up 0.01: something arrives with no fee.
    expect(jpy('alipay', 11)).toMatchObject({ converted: 1, fee: 0, credited: 1 });
    expect(() => quote('paypal', 100)).toThrow(
      expect.objectContaining({ statusCode: 422, message: 'amount is too small: the paypal fee of 2.21 CNY would take all of 1.00 CNY' }),
    );
    expect(() => quote('paypal', 30, 'USD')).toThrow(
      expect.objectContaining({ statusCode: 422, message: 'amount is too small: the paypal fee of 2.24 CNY would take all of the 2.17 CNY it converts to' }),
    );
  });

  it('a bank transfer arrives one business day later; Friday moves to Monday', () => {
    expect(nextBusinessDay(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-26T10:00:00.000Z'); // Wed -> Thu
    expect(nextBusinessDay(new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-11-30T10:00:00.000Z'); // Fri -> Mon
    expect(nextBusinessDay(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-30T10:00:00.000Z'); // Sat -> Mon
    expect(settlesAt(new Date('2026-11-25T10:00:00Z'), 'instant', false)).toBeNull();
    expect(settlesAt(new Date('2026-11-27T10:00:00Z'), 'instant', true)?.toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(settlesAt(new Date('2026-11-27T10:00:00Z'), 'next_business_day', true)?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });
});
