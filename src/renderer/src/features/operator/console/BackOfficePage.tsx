import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { AutopilotPanel } from './AutopilotPanel';
import { ClockPanel } from './ClockPanel';
import { consoleMessages } from './messages';
import { OrdersPanel } from './OrdersPanel';
import { ShippingPanel } from './ShippingPanel';
import { WalletPanel } from './WalletPanel';

/** The back office console: the staff's side of the service, played by the operator. */
export function BackOfficePage() {
  const t = useT(consoleMessages);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ClockPanel />
        <AutopilotPanel />
        <WalletPanel />
      </SimpleGrid>
      <OrdersPanel />
      <ShippingPanel />
    </Stack>
  );
}
