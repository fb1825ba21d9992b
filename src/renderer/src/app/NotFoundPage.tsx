import { Anchor, Stack, Text, Title } from '@mantine/core';
import { paths } from './router';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <Stack gap="xs">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">Nothing lives at {path}.</Text>
      <Anchor href={paths.shop()}>Go to the shop</Anchor>
    </Stack>
  );
}
