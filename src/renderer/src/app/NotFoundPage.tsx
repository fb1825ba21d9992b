import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useT } from '../shared/i18n';
import { appMessages } from './appMessages';
import { paths } from './router';

export function NotFoundPage({ path }: { path: string }) {
  const t = useT(appMessages);
  return (
    <Stack gap="xs">
      <Title order={2}>{t('notFound')}</Title>
      <Text c="dimmed">{t('nothingAt', { path })}</Text>
      <Anchor href={paths.shop()}>{t('goToShop')}</Anchor>
    </Stack>
  );
}
