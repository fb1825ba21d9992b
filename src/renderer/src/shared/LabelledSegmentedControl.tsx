import { SegmentedControl, Stack, Text, type SegmentedControlProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A segmented control with a visible label above it (Mantine's has none): the label names the control for
 * assistive technology through aria-labelledby, on an id of its own so two on a page never share one.
 */
export function LabelledSegmentedControl({ label, hint, ...control }: SegmentedControlProps & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...control} />
      {hint}
    </Stack>
  );
}
