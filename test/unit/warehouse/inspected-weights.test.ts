import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectedWeights } from '../../../src/main/core/warehouse/receive.js';

/** An order's inspected weight over its packages (audit s14: six lines at 1,000 g became 1,002 g, a dearer freight step). */
describe('inspectedWeights', () => {
  it('six equal lines weighed at 1,000 g: packages of 167 and 166 g that add up to 1,000', () => {
    const weights = inspectedWeights([200, 200, 200, 200, 200, 200], 1_000);
    expect(weights).toEqual([167, 167, 167, 167, 166, 166]);
  });

  it('follows the estimate exactly when it divides', () => {
    expect(inspectedWeights([100, 900], 1_000)).toEqual([100, 900]);
    expect(inspectedWeights([250], 1_234)).toEqual([1_234]);
  });

  it('no package of 0 g: a line that would get none takes a gram from the heaviest', () => {
    expect(inspectedWeights([1, 10_000], 10)).toEqual([1, 9]);
  });

  it('an order weighed at fewer grams than it has lines: 1 g a package', () => {
    expect(inspectedWeights([300, 300, 300], 1)).toEqual([1, 1, 1]);
  });

  it('always adds up to the inspected weight, every package at least 1 g (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: 5_000_000 }), (estimates, inspected) => {
        const weights = inspectedWeights(estimates, inspected);
        expect(weights).toHaveLength(estimates.length);
        for (const w of weights) expect(w).toBeGreaterThanOrEqual(1);
        if (inspected >= estimates.length) expect(weights.reduce((a, b) => a + b, 0)).toBe(inspected);
      }),
    );
  });
});
