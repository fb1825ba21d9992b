import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A bordered section with a heading that names it (role region, for screen readers and tests). */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
