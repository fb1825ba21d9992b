import { describe, expect, it } from 'vitest';
import { numberProblem, numberValue } from './numberRange';

describe('numberProblem', () => {
  it('keeps out-of-range values as an error instead of a clamped value', () => {
    expect(numberProblem(0, { min: 0.01, max: 10_000_000 })).toBe('range');
    expect(numberProblem(99_999_999, { min: 0.01, max: 10_000_000 })).toBe('range');
    expect(numberProblem(75, { min: 0, max: 50 })).toBe('range');
    expect(numberProblem(-100, { min: 0 })).toBe('range');
    expect(numberProblem(0, { min: 1, max: 1_000_000, whole: true })).toBe('range');
    expect(numberProblem(99999, { min: 1, max: 3650, whole: true, optional: true })).toBe('range');
    expect(numberProblem(0, { min: 0, minExclusive: true })).toBe('range');
  });
  it('accepts the edges and in-range values', () => {
    expect(numberProblem(0.01, { min: 0.01, max: 10_000_000 })).toBeNull();
    expect(numberProblem(10_000_000, { min: 0.01, max: 10_000_000 })).toBeNull();
    expect(numberProblem(50, { min: 0, max: 50 })).toBeNull();
    expect(numberProblem(0.5, { min: 0, minExclusive: true })).toBeNull();
  });
  it('asks for a whole number instead of dropping the decimal point', () => {
    expect(numberProblem(12.7, { min: 1, whole: true })).toBe('whole');
    expect(numberProblem(12, { min: 1, whole: true })).toBeNull();
  });
  it('tells empty, optional and half-typed values apart', () => {
    expect(numberProblem('', {})).toBe('required');
    expect(numberProblem('', { optional: true })).toBeNull();
    expect(numberProblem('-', {})).toBe('notNumber');
    expect(numberProblem('12.', { whole: true })).toBeNull();
  });
});

describe('numberValue', () => {
  it('reads the text Mantine keeps for a number it cannot hold as one', () => {
    expect(numberValue('12.50')).toBe(12.5);
    expect(numberValue('1,234.5')).toBe(1234.5);
    expect(numberValue(7)).toBe(7);
  });
  it('is null for no number', () => {
    expect(numberValue('')).toBeNull();
    expect(numberValue('-')).toBeNull();
    expect(numberValue('12.5.1')).toBeNull();
  });
});
