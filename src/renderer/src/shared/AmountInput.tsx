import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A money amount as the user types it: two decimals, thousands separated, a minus kept (the form says it
 * is wrong rather than flipping it) and nothing clamped. One component for every amount field (the top-up,
 * the staff deposit and adjustment), so they cannot drift apart: a field that dropped a typed decimal point
 * once topped up 345.00 for a typed 12.345.
 */
export function AmountInput(props: Omit<NumberInputProps, 'decimalScale' | 'allowNegative' | 'clampBehavior' | 'thousandSeparator'>) {
  return <NumberInput decimalScale={2} allowNegative clampBehavior="none" thousandSeparator="," {...props} />;
}
