import { describe, expect, it } from 'vitest';
import { formatRates, parseRates } from './displayRates';

describe('display rates text', () => {
  it('reads codes and rates, in any case and separator', () => {
    expect(parseRates('USD 0.1381, eur=0.1302\nGBP: 0.11')).toEqual({ USD: 0.1381, EUR: 0.1302, GBP: 0.11 });
    expect(parseRates('  ')).toEqual({});
  });
  it('refuses what is not a code and a positive rate', () => {
    expect(parseRates('USD')).toBeNull();
    expect(parseRates('USD 0')).toBeNull();
    expect(parseRates('DOLLAR 1')).toBeNull();
    expect(parseRates('USD -1')).toBeNull();
  });
  it('writes them back sorted', () => {
    expect(formatRates({ USD: 0.1381, EUR: 0.1302 })).toBe('EUR 0.1302, USD 0.1381');
    expect(parseRates(formatRates({ USD: 0.1381, JPY: 20.5 }))).toEqual({ USD: 0.1381, JPY: 20.5 });
  });
});
