/**
 * What is wrong with a typed quantity (issue 17 item 2). The fields never clamp or rewrite what the user
 * typed: they show the limit and this problem, and send nothing until it is fixed.
 */
export type QuantityProblem = { kind: 'whole' } | { kind: 'min' } | { kind: 'max'; max: number };

/** Mantine's NumberInput gives a number, or the raw string while the text is not one ('' or '1.5'). */
export function quantityProblem(value: number | string | null, max: number): QuantityProblem | null {
  const n = typeof value === 'number' ? value : value === null || value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(n)) return { kind: 'whole' };
  if (n < 1) return { kind: 'min' };
  if (n > max) return { kind: 'max', max };
  return null;
}
