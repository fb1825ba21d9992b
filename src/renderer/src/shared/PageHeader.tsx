import { Stack, Text, Title } from '@mantine/core';

/** A page's title (the level-2 heading every page has) with an optional line of introduction. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <Stack gap={4}>
      <Title order={2}>{title}</Title>
      {intro ? (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      ) : null}
    </Stack>
  );
}
