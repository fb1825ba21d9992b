import { describe, expect, it } from 'vitest';
import { chargeBreakdown, estimatePremium } from './charges';

describe('ship flow charges', () => {
  it('premium: 3% half up, at least 5.00', () => {
    expect(estimatePremium(100)).toBe(5);
    expect(estimatePremium(166.67)).toBe(5.0);
    expect(estimatePremium(1000)).toBe(30);
    expect(estimatePremium(250.5)).toBe(7.52); // 7.515 rounds half up
  });
  it('total = freight + premium + storage, exact in cents', () => {
    expect(chargeBreakdown({ freight: 127.44, fuel: 9.44, insured: true, declaredValue: 300, storageFees: [0.5, 1.5] })).toEqual({
      freight: 127.44,
      fuel: 9.44,
      insurance: 9,
      storage: 2,
      total: 138.44,
    });
    expect(chargeBreakdown({ freight: 0.1, fuel: 0, insured: false, declaredValue: 300, storageFees: [0.2] }).total).toBe(0.3);
  });
});
