import { describe, expect, it } from 'vitest';
import { topUpAmount } from './topUpAmount';

describe('topUpAmount (the Top up dialog’s Amount field)', () => {
  it('reads two-decimal amounts, as numbers or as the text the field keeps', () => {
    expect(topUpAmount(12.5)).toBe(12.5);
    expect(topUpAmount('12.50')).toBe(12.5);
    expect(topUpAmount('0.5')).toBe(0.5);
    expect(topUpAmount('12.')).toBe(12);
    expect(topUpAmount('1,234.56')).toBe(1234.56);
    expect(topUpAmount(0.01)).toBe(0.01);
  });

  it('refuses a minus, zero, nothing and too much instead of changing them', () => {
    expect(topUpAmount(-5)).toBeNull();
    expect(topUpAmount('-5')).toBeNull();
    expect(topUpAmount('-')).toBeNull();
    expect(topUpAmount(0)).toBeNull();
    expect(topUpAmount('0.00')).toBeNull();
    expect(topUpAmount('')).toBeNull();
    expect(topUpAmount('.')).toBeNull();
    expect(topUpAmount(10_000_000.01)).toBeNull();
  });

  it('never rounds 0.001 up to a yuan, nor keeps a third decimal', () => {
    expect(topUpAmount(0.001)).toBeNull();
    expect(topUpAmount('0.001')).toBeNull();
    expect(topUpAmount('12.345')).toBeNull();
  });
});
