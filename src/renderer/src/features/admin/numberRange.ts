import { useT } from '../../shared/i18n';
import { commonMessages } from './messages';

/**
 * The rule of a number field. The NumberInputs keep what was typed (clampBehavior="none"): a value out
 * of range is shown as an error and nothing is sent, instead of being silently changed on blur.
 */
export interface NumberRule {
  min?: number;
  max?: number;
  /** The smallest value is excluded (an amount "more than 0"). */
  minExclusive?: boolean;
  whole?: boolean;
  /** Empty is allowed (the field is optional). */
  optional?: boolean;
}

export type NumberProblem = 'required' | 'notNumber' | 'whole' | 'range';

/** What is wrong with a NumberInput's value (a number, or the string it holds while not one), or null. */
export function numberProblem(value: number | string, rule: NumberRule): NumberProblem | null {
  if (value === '') return rule.optional ? null : 'required';
  const n = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
  if (!Number.isFinite(n)) return 'notNumber';
  if (rule.whole && !Number.isInteger(n)) return 'whole';
  if (rule.min !== undefined && (rule.minExclusive ? n <= rule.min : n < rule.min)) return 'range';
  if (rule.max !== undefined && n > rule.max) return 'range';
  return null;
}

/**
 * A NumberInput's value as a number: Mantine hands back a string while the text is not a plain number
 * ("12." while typing, and "12.50", whose trailing zero a number would lose). Null when it is no number.
 */
export function numberValue(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const n = Number(value.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const plain = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The problem as words naming the allowed range, in the UI's language (null when the value is fine). */
export function useNumberError() {
  const t = useT(commonMessages);
  return (value: number | string, rule: NumberRule, requiredText?: string): string | null => {
    const problem = numberProblem(value, rule);
    if (problem === null) return null;
    if (problem === 'required') return requiredText ?? t('numberRequired');
    if (problem === 'notNumber') return t('numberInvalid');
    if (problem === 'whole') return t('numberWhole');
    const { min, max } = rule;
    if (min !== undefined && max !== undefined) return t(rule.minExclusive ? 'numberAboveTo' : 'numberRange', { min: plain(min), max: plain(max) });
    if (min !== undefined) return t(rule.minExclusive ? 'numberAbove' : 'numberAtLeast', { min: plain(min) });
    return t('numberAtMost', { max: plain(max ?? 0) });
  };
}
