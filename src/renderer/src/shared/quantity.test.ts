import { describe, expect, it } from 'vitest';
import { quantityProblem } from './quantity';

describe('quantityProblem', () => {
  it('accepts whole numbers from 1 to the limit', () => {
    expect(quantityProblem(1, 56)).toBeNull();
    expect(quantityProblem(56, 56)).toBeNull();
    expect(quantityProblem('12', 56)).toBeNull();
  });
  it('names the limit when the number is above it (57 with 56 in stock), never a clamped value', () => {
    expect(quantityProblem(57, 56)).toEqual({ kind: 'max', max: 56 });
    expect(quantityProblem(9999, 99)).toEqual({ kind: 'max', max: 99 });
  });
  it('refuses nothing, zero and fractions', () => {
    expect(quantityProblem('', 5)).toEqual({ kind: 'whole' });
    expect(quantityProblem(null, 5)).toEqual({ kind: 'whole' });
    expect(quantityProblem('1.5', 5)).toEqual({ kind: 'whole' });
    expect(quantityProblem(0, 5)).toEqual({ kind: 'min' });
  });
});
