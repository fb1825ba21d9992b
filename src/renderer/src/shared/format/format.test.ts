import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import { formatMessage } from './message';
import { convertAmount, formatMoney, formatMoneyWithDisplay, lineAmount } from './money';

// Intl separates some parts with narrow/no-break spaces; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals (was "51776.24 CNY")', () => {
    expect(formatMoney(51776.24, 'CNY', 'en')).toBe('CN¥51,776.24');
    expect(formatMoney(0, 'CNY', 'en')).toBe('CN¥0.00');
  });
  it('writes yuan as ¥ in Chinese', () => {
    expect(formatMoney(51776.24, 'CNY', 'zh-CN')).toBe('¥51,776.24');
    expect(formatMoney(585.33, 'CNY', 'zh-CN')).toBe('¥585.33');
  });
  it('keeps the exact cents of two-decimal amounts', () => {
    expect(formatMoney(0.1 + 0.2, 'CNY', 'zh-CN')).toBe('¥0.30');
    expect(formatMoney(1.005, 'CNY', 'en')).toBe('CN¥1.01');
    // A real minus sign (U+2212), as every signed amount of the UI writes it, not Intl's hyphen.
    expect(formatMoney(-12.5, 'CNY', 'en')).toBe('\u2212CN¥12.50');
    expect(formatMoney(-12.5, 'CNY', 'zh-CN')).toBe('\u2212¥12.50');
    expect(formatMoney(-0.5, undefined, 'en')).toBe('\u22120.50');
  });
  it('writes only the number without a currency, and an unknown code beside the number', () => {
    expect(formatMoney(1234.5, undefined, 'en')).toBe('1,234.50');
    expect(formatMoney(3, 'XX1', 'en')).toBe('XX1 3.00');
  });
});

describe('display currency', () => {
  it('converts at the operator rate in the display currency minor unit', () => {
    expect(convertAmount(458.1, 0.138, 'USD')).toBe(63.22);
    expect(convertAmount(458.1, 20.5, 'JPY')).toBe(9391);
    expect(convertAmount(-10, 0.1385, 'EUR')).toBe(-1.39);
  });
  it('shows the ledger amount first and the converted one beside it', () => {
    const usd = { code: 'USD', rate: 0.138 };
    expect(formatMoneyWithDisplay(458.1, 'CNY', 'en', usd, 'CNY')).toBe('CN¥458.10 (≈ $63.22)');
    expect(formatMoneyWithDisplay(458.1, 'CNY', 'zh-CN', usd, 'CNY')).toBe('¥458.10 (≈ US$63.22)');
  });
  it('leaves amounts alone without a display currency or in another currency than the ledger', () => {
    expect(formatMoneyWithDisplay(458.1, 'CNY', 'en', null, 'CNY')).toBe('CN¥458.10');
    expect(formatMoneyWithDisplay(458.1, 'EUR', 'en', { code: 'USD', rate: 0.138 }, 'CNY')).toBe('€458.10');
  });
  it('multiplies lines in minor units', () => {
    expect(lineAmount(0.1, 3)).toBe(0.3);
  });
});

describe('formatDate', () => {
  const at = new Date(2026, 2, 4, 14, 5); // local time: the UI shows the viewer's zone
  it('uses one 24-hour clock in both languages', () => {
    expect(plain(formatDate(at, 'en', 'dateTime'))).toBe('Mar 4, 2026, 14:05');
    expect(plain(formatDate(at, 'zh-CN', 'dateTime'))).toBe('2026年3月4日 14:05');
    expect(formatDate(new Date(2026, 2, 4, 0, 7), 'en', 'time')).toBe('00:07');
    expect(plain(formatDate(at, 'en', 'short'))).toBe('Mar 4, 14:05');
  });
  it('dates alone', () => {
    expect(formatDate(at, 'en', 'date')).toBe('Mar 4, 2026');
    expect(formatDate(at, 'zh-CN', 'date')).toBe('2026年3月4日');
  });
  it('is empty for nothing and echoes what is not a date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatMessage', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('Paid {amount} for {what}', { amount: '¥1.00' }, 'en')).toBe('Paid ¥1.00 for {what}');
  });
  it('picks the plural form by the language rules (was "over 1 days")', () => {
    const msg = 'over {count, plural, one {# day} other {# days}}';
    expect(formatMessage(msg, { count: 1 }, 'en')).toBe('over 1 day');
    expect(formatMessage(msg, { count: 30 }, 'en')).toBe('over 30 days');
    expect(formatMessage(msg, { count: 1200 }, 'en')).toBe('over 1,200 days');
  });
  it('prefers exact matches and nests placeholders inside branches', () => {
    const msg = '{n, plural, =0 {no parcels} one {one parcel to {city}} other {# parcels to {city}}}';
    expect(formatMessage(msg, { n: 0, city: 'Oslo' }, 'en')).toBe('no parcels');
    expect(formatMessage(msg, { n: 1, city: 'Oslo' }, 'en')).toBe('one parcel to Oslo');
    expect(formatMessage(msg, { n: 2, city: 'Oslo' }, 'en')).toBe('2 parcels to Oslo');
  });
  it('uses the other form in Chinese', () => {
    expect(formatMessage('{count, plural, other {# 天}}', { count: 1 }, 'zh-CN')).toBe('1 天');
  });
});
