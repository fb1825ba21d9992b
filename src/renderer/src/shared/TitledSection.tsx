import { Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A titled card: a region named by its heading (checkout's and the ship page's sections). `id`: the
 * heading's id where a page names its sections; else one of React's.
 */
export function TitledSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
