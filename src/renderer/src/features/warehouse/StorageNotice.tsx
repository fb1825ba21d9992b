import { Alert, Anchor, Badge, Stack, Text } from '@mantine/core';
import { useFormat } from '../../shared/format';
import { useWarehouseT, WRAPPING } from './bits';
import { storageAtRisk, storageLevel } from './logic';
import { useShippable, useWallet } from './queries';
import type { WarehousePackage } from './types';

/**
 * Free storage as the API counts it (issue 26 item 11): one line per package, never the days left twice,
 * dates in the app's format. The days left, the end date, the fee so far and the disposal date are the
 * package's own fields; the UI only decides when to warn.
 */
function useStorageState() {
  const fmt = useFormat();
  const t = useWarehouseT();
  // Fees are in the ledger currency, which the wallet query (cached app-wide) names.
  const currency = useWallet().data?.currency;
  return (pkg: WarehousePackage): string =>
    pkg.freeStorageDaysLeft < 0
      ? t('storageOverdue', { n: -pkg.freeStorageDaysLeft, fee: fmt.money(pkg.storageFee, currency), date: fmt.date(pkg.disposalAt, 'date') })
      : t('storageWarning', { n: pkg.freeStorageDaysLeft, date: fmt.date(pkg.freeStorageUntil, 'date') });
}

/** The warehouse table's storage cell: days stored, then the free period's end, a warning, or the fee so far. */
export function StorageCell({ pkg }: { pkg: WarehousePackage }) {
  const t = useWarehouseT();
  const fmt = useFormat();
  const state = useStorageState();
  const level = storageLevel(pkg);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" aria-label={t('daysLong', { n: pkg.storageDays })}>
        {t('days', { n: pkg.storageDays })}
      </Text>
      {level === 'ok' ? (
        <Text size="xs" c="dimmed">
          {t('storageFreeUntil', { date: fmt.date(pkg.freeStorageUntil, 'date') })}
        </Text>
      ) : level === 'none' ? null : (
        <Badge color={level === 'overdue' ? 'red' : 'yellow'} variant="filled" size="sm" styles={WRAPPING}>
          {state(pkg)}
        </Badge>
      )}
    </Stack>
  );
}

/**
 * On the Dashboard and the Warehouse page: the packages whose free storage ends within the warning margin or
 * has ended, before a storage fee or a disposal surprises the customer. Nothing while none is.
 */
export function StorageAlert({ withLink = false }: { withLink?: boolean }) {
  const t = useWarehouseT();
  const state = useStorageState();
  const shippable = useShippable();
  const atRisk = storageAtRisk(shippable.data ?? []);
  if (atRisk.length === 0) return null;
  return (
    <Alert color={atRisk.some((p) => p.freeStorageDaysLeft < 0) ? 'red' : 'yellow'} variant="light" title={t('storageAlertTitle', { count: atRisk.length })} data-testid="storage-alert" role="alert">
      <Stack gap={2}>
        {atRisk.map((pkg) => (
          <Text key={pkg.id} size="sm">
            {t('storageAlertLine', { name: pkg.productName, id: pkg.id, state: state(pkg) })}
          </Text>
        ))}
        {withLink ? (
          <Anchor href="#/warehouse" size="sm">
            {t('storageAlertAction')}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
