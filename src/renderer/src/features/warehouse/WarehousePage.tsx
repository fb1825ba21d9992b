import { Anchor, Button, Checkbox, Group, Paper, ScrollArea, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { navigate, useHashQuery } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { CargoBadge, PackageStatusBadge, Pages, useLabel, useWarehouseT } from './bits';
import { StorageAlert, StorageCell } from './StorageNotice';
import { formatWeight, oneOf, pageCount, pageFrom, shipHash, totalWeight } from './logic';
import { PhotoThumb } from './PhotoThumb';
import { PAGE_SIZE, usePackageStats, usePackages, useShippable } from './queries';
import { useSelectionStore } from './selectionStore';
import classes from './WarehousePage.module.css';
import { PACKAGE_STATUSES, type PackageStatus, type WarehousePackage } from './types';

function warehouseHash(status: PackageStatus | undefined, page: number): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `#/warehouse?${text}` : '#/warehouse';
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function StatsCards() {
  const t = useWarehouseT();
  const stats = usePackageStats();
  if (stats.isError) return <ErrorAlert title={t('statsError')} error={stats.error} />;
  const s = stats.data;
  const cards = [
    { label: t('statInWarehouse'), value: s ? String(s.inWarehouse) : '' },
    { label: t('statPacking'), value: s ? String(s.packing ?? 0) : '' },
    { label: t('statShipped'), value: s ? String(s.shipped) : '' },
    { label: t('statDelivered'), value: s ? String(s.delivered ?? 0) : '' },
    { label: t('statTotal'), value: s ? String(s.total) : '' },
    { label: t('statWeight'), value: s ? formatWeight(s.inWarehouseWeight ?? s.totalWeight) : '' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" role="region" aria-label={t('statsLabel')}>
      {cards.map((card) => (stats.isPending ? <Skeleton key={card.label} height={68} /> : <StatCard key={card.label} {...card} />))}
    </SimpleGrid>
  );
}

function PackageRow({ pkg, selectable, selected, onSelect }: { pkg: WarehousePackage; selectable: boolean; selected: boolean; onSelect: (on: boolean) => void }) {
  const t = useWarehouseT();
  const checkbox = (
    <Checkbox
      checked={selected}
      disabled={!selectable}
      onChange={(event) => onSelect(event.currentTarget.checked)}
      aria-label={t('selectPackage', { name: pkg.productName })}
    />
  );
  return (
    <Table.Tr aria-label={pkg.productName} bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>{selectable ? checkbox : <Tooltip label={t('notShippable')}>{checkbox}</Tooltip>}</Table.Td>
      <Table.Td>
        <PhotoThumb photos={pkg.inspectionPhotos} name={pkg.productName} />
      </Table.Td>
      {/* The whole name, wrapped (no ellipsis); the order under it, not in a column of its own: at 900 px
          every column fits without sideways scrolling. */}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={500}>
          <span translate="no">{pkg.productName}</span>
        </Text>
        <Text size="xs" c="dimmed">
          #{pkg.id} ·{' '}
          <Anchor href={`#/orders/${encodeURIComponent(pkg.orderId)}`} size="xs" translate="no">
            {pkg.orderId}
          </Anchor>
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{pkg.quantity}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWeight(pkg.weight)}</Table.Td>
      <Table.Td>
        <CargoBadge cargo={pkg.cargoType} />
      </Table.Td>
      <Table.Td>
        <StorageCell pkg={pkg} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <PackageStatusBadge status={pkg.status} />
          {pkg.shippingOrderNo ? (
            <Anchor href={`#/shipping/${encodeURIComponent(pkg.shippingOrderNo)}`} size="xs">
              {t('onShippingOrder', { orderNo: pkg.shippingOrderNo })}
            </Anchor>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function SelectionBar({ shippable }: { shippable: WarehousePackage[] }) {
  const t = useWarehouseT();
  const selected = useSelectionStore((s) => s.selected);
  const clear = useSelectionStore((s) => s.clear);
  // Only packages still in the warehouse count: one may have been shipped elsewhere meanwhile.
  const chosen = selected.map((id) => shippable.find((p) => p.id === id)).filter((p): p is WarehousePackage => p !== undefined);
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label={t('shipSelected')}>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {chosen.length > 0 ? t('selectedSummary', { count: chosen.length, weight: formatWeight(totalWeight(chosen)) }) : t('noneSelected')}
        </Text>
        <Group gap="xs">
          {chosen.length > 0 ? (
            <Button variant="subtle" size="sm" onClick={clear}>
              {t('clearSelection')}
            </Button>
          ) : null}
          <Button size="sm" disabled={chosen.length === 0} onClick={() => navigate(shipHash(chosen.map((p) => p.id)))}>
            {t('shipSelected')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function WarehousePage() {
  const t = useWarehouseT();
  const label = useLabel();
  const query = useHashQuery();
  const status = oneOf(query.get('status'), PACKAGE_STATUSES);
  const page = pageFrom(query.get('page'));
  const packages = usePackages(status, page);
  const shippable = useShippable();
  const selected = useSelectionStore((s) => s.selected);
  const toggle = useSelectionStore((s) => s.toggle);

  const shippableIds = new Set((shippable.data ?? []).map((p) => p.id));
  const items = packages.data?.items ?? [];
  const selectableHere = items.filter((p) => shippableIds.has(p.id)).map((p) => p.id);
  const allHere = selectableHere.length > 0 && selectableHere.every((id) => selected.includes(id));
  const someHere = selectableHere.some((id) => selected.includes(id));

  return (
    <Stack gap="md">
      <Title order={2}>{t('warehouseTitle')}</Title>
      <StatsCards />
      <StorageAlert />
      {/* Ten statuses do not fit a narrow window (800 px): the filter scrolls sideways instead of being cut off. */}
      <ScrollArea type="auto" offsetScrollbars="x" scrollbarSize={6}>
        <SegmentedControl
          aria-label={t('statusFilter')}
          value={status ?? 'all'}
          onChange={(value) => navigate(warehouseHash(oneOf(value, PACKAGE_STATUSES), 1))}
          data={[{ value: 'all', label: t('all') }, ...PACKAGE_STATUSES.map((s) => ({ value: s, label: label('pkg', s) }))]}
        />
      </ScrollArea>
      <SelectionBar shippable={shippable.data ?? []} />
      {shippable.isError ? <ErrorAlert title={t('packagesError')} error={shippable.error} /> : null}
      {packages.isPending ? (
        <Stack aria-busy="true" aria-label={t('loadingPackages')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : packages.isError ? (
        <ErrorAlert title={t('packagesError')} error={packages.error} />
      ) : items.length === 0 ? (
        <EmptyState title={t('noPackages')}>{status ? t('noPackagesOfStatus', { status: label('pkg', status) }) : t('noPackagesHint')}</EmptyState>
      ) : (
        <>
          {/* Fits the 900 px window's content area; narrower windows scroll, with the scrollbar shown. */}
          <Table.ScrollContainer minWidth={600} scrollAreaProps={{ type: 'auto' }}>
            <Table verticalSpacing="xs" horizontalSpacing={8} highlightOnHover aria-label={t('packagesLabel')} aria-busy={packages.isFetching} className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      checked={allHere}
                      indeterminate={someHere && !allHere}
                      disabled={selectableHere.length === 0}
                      onChange={(event) => toggle(selectableHere, event.currentTarget.checked)}
                      aria-label={t('selectPage')}
                    />
                  </Table.Th>
                  <Table.Th w={64}>{t('colPhoto')}</Table.Th>
                  <Table.Th>{t('colProduct')}</Table.Th>
                  <Table.Th>{t('colQuantity')}</Table.Th>
                  <Table.Th>{t('colWeight')}</Table.Th>
                  <Table.Th>{t('colCargo')}</Table.Th>
                  <Table.Th>{t('colStorage')}</Table.Th>
                  <Table.Th>{t('colStatus')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((pkg) => (
                  <PackageRow
                    key={pkg.id}
                    pkg={pkg}
                    selectable={shippableIds.has(pkg.id)}
                    selected={selected.includes(pkg.id) && shippableIds.has(pkg.id)}
                    onSelect={(on) => toggle([pkg.id], on)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pages page={page} pages={pageCount(packages.data.total, PAGE_SIZE)} onChange={(next) => navigate(warehouseHash(status, next))} />
        </>
      )}
    </Stack>
  );
}
