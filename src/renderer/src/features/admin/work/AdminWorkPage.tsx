import { SimpleGrid, Stack } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { AutopilotPanel } from './AutopilotPanel';
import { ClockPanel } from './ClockPanel';
import { workMessages } from './messages';
import { OrdersPanel } from './OrdersPanel';
import { PendingReturnsPanel } from './after-sales/PendingReturnsPanel';
import { ShippingPanel } from './ShippingPanel';
import { WarehouseWorkPanel } from './WarehouseWorkPanel';
import { WalletPanel } from './WalletPanel';
import { PageHeader } from '../../../shared/PageHeader';

/** The back office's work page: the staff's side of the service, played by the operator. */
export function AdminWorkPage() {
  const t = useT(workMessages);
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} intro={t('intro')} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <ClockPanel />
        <AutopilotPanel />
        <WalletPanel />
      </SimpleGrid>
      <OrdersPanel />
      <PendingReturnsPanel />
      <ShippingPanel />
      <WarehouseWorkPanel />
    </Stack>
  );
}
