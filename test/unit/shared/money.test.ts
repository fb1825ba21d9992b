import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, formatAmount, parseAmount, roundHalfUp, toAmount } from '../../../src/main/core/shared/money.js';

describe('money', () => {
  it.each([
    [129.5, 12950],
    ['0.07', 7],
    [10000, 1_000_000],
    ['-3.1', -310],
    ['1.005', null],
    ['1e3', null],
    [Number.NaN, null],
    ['', null],
  ])('parseAmount(%j) = %j', (input, expected) => {
    expect(parseAmount(input as number | string)).toBe(expected);
  });

  it('toAmount emits at most two decimals for every integer of minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const text = String(toAmount(minor));
        expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(parseAmount(text)).toBe(minor);
      }),
    );
  });

  it('rounds half up at the minor unit', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(15, 10)).toBe(2);
    expect(applyBasisPoints(12345, 500)).toBe(617); // 617.25 -> 617
    expect(applyBasisPoints(12350, 500)).toBe(618); // 617.5 -> 618
    expect(applyBasisPoints(10, 500)).toBe(1); // 0.5 -> 1
  });

  it('formats amounts for messages', () => {
    expect(formatAmount(12950, 'CNY')).toBe('129.50 CNY');
    expect(formatAmount(-7, 'CNY')).toBe('-0.07 CNY');
  });
});
