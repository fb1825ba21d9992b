import { describe, expect, it } from 'vitest';
import { addressProblems, isInternationalPhone, POSTCODE_FORMATS } from '../../../src/contract/address-rules.js';
import { COUNTRIES } from '../../../src/main/core/logistics/countries.js';

describe('address rules (shared by the core and the UI)', () => {
  it('know the postcode format of every served country, and each example passes its own format', () => {
    for (const { code } of COUNTRIES) {
      const format = POSTCODE_FORMATS[code];
      expect(format, code).toBeDefined();
      expect(format!.pattern.test(format!.example), `${code} ${format!.example}`).toBe(true);
    }
  });

  it('refuse the issue\'s examples: a one-letter name, a one-letter street, 16 letters as a German postcode', () => {
    expect(addressProblems({ name: 'A', address: 'x', country: 'DE', zipCode: 'ABCDEFGHIJKLMNOP' })).toEqual([
      { field: 'name', rule: 'too_short', min: 2 },
      { field: 'address', rule: 'too_short', min: 3 },
      { field: 'zipCode', rule: 'postcode_format', country: 'DE', example: '10115' },
    ]);
  });

  it('accept real addresses', () => {
    expect(addressProblems({ name: '王芳', phone: '+86 138 0013 8000', country: 'de', city: 'Berlin', address: 'Unter den Linden 1', zipCode: '10117' })).toEqual([]);
    expect(addressProblems({ name: 'Jo', phone: '+81 3-1234-5678', country: 'JP', city: 'Tokyo', address: '1-1 Chiyoda', zipCode: '1000001' })).toEqual([]);
  });

  it('want a phone number with its country code', () => {
    expect(isInternationalPhone('+1 (555) 010-2030')).toBe(true);
    expect(isInternationalPhone('+44 20 7946 0000')).toBe(true);
    expect(isInternationalPhone('555 010 2030')).toBe(false);
    expect(isInternationalPhone('+1 23')).toBe(false);
    expect(isInternationalPhone('+0 555 010 2030')).toBe(false);
    expect(isInternationalPhone('+1234567890123456')).toBe(false);
  });
});
