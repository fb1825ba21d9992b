import { Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { adminApi, data } from '../../../api/client';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { defineMessages, useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useEnumWords } from '../../../shared/enumWords';
import { Section } from '../Section';

/**
 * v1.1 back office: the warehouse's work list (requested services to mark done, rehearsals to pack).
 * The shipping scenarios of section 8 are in after-sales/ShippingScenarioMenu.tsx.
 */
const messages = defineMessages(
  {
    title: 'Warehouse work',
    services: 'Requested services',
    rehearsals: 'Rehearsals to pack',
    none: 'Nothing waiting.',
    done: 'Mark done',
    pack: 'Pack',
    doneOk: 'Service {id} done: the package now weighs {weight} g',
    packedOk: 'Rehearsal {id} packed',
    failed: 'Not done',
    colPackage: 'Package',
    colService: 'Service',
    colPrice: 'Price',
    colRehearsal: 'Rehearsal',
    colPackages: 'Packages',
    colAction: 'Action',
  },
  {
    title: '仓库作业',
    services: '待办增值服务',
    rehearsals: '待预打包',
    none: '暂无待办。',
    done: '标记完成',
    pack: '打包',
    doneOk: '服务 {id} 已完成：包裹现重 {weight} 克',
    packedOk: '预打包 {id} 已完成',
    failed: '未完成',
    colPackage: '包裹',
    colService: '服务',
    colPrice: '价格',
    colRehearsal: '预打包',
    colPackages: '包裹',
    colAction: '操作',
  },
);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all(['warehouse-work', 'packages', 'shipping', 'wallet', 'rehearsals'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
}

/**
 * One request per row at a time: the ref locks synchronously on the first click (before React re-renders
 * with a pending state), so a double click sends one request, not a success and a "changed" error.
 */
function useRowLock<Id>() {
  const locked = useRef(new Set<Id>());
  const [busy, setBusy] = useState<ReadonlySet<Id>>(new Set());
  const sync = () => setBusy(new Set(locked.current));
  const run = (id: Id, send: (done: () => void) => void) => {
    if (locked.current.has(id)) return;
    locked.current.add(id);
    sync();
    send(() => {
      locked.current.delete(id);
      sync();
    });
  };
  return { run, busy };
}

export function WarehouseWorkPanel() {
  const fmt = useFormat();
  const t = useT(messages);
  const words = useEnumWords();
  const refresh = useRefresh();
  const services = useQuery({ queryKey: ['warehouse-work', 'services'], queryFn: () => data(adminApi().GET('/warehouse/service-requests', { params: { query: { limit: 50 } } })) });
  const rehearsals = useQuery({ queryKey: ['warehouse-work', 'rehearsals'], queryFn: () => data(adminApi().GET('/shipping/rehearsals', { params: { query: { limit: 50 } } })) });
  const done = useMutation({
    mutationFn: (id: number) => data(adminApi().POST('/warehouse/service-requests/{id}/done', { params: { path: { id } } })),
    onSuccess: (r) => notifications.show({ color: 'green', message: t('doneOk', { id: r.requestId, weight: r.weight }) }),
    onSettled: refresh,
  });
  const pack = useMutation({
    mutationFn: (id: string) => data(adminApi().POST('/shipping/rehearsals/{id}/pack', { params: { path: { id } } })),
    onSuccess: (r) => notifications.show({ color: 'green', message: t('packedOk', { id: r.id }) }),
    onSettled: refresh,
  });
  const doneLock = useRowLock<number>();
  const packLock = useRowLock<string>();
  // mutateAsync: its promise settles for every call (mutate's own callbacks fire for the latest one only).
  const markDone = (id: number) => doneLock.run(id, (release) => void done.mutateAsync(id).then(release, release));
  const packOne = (id: string) => packLock.run(id, (release) => void pack.mutateAsync(id).then(release, release));
  return (
    <Section title={t('title')}>
      {done.isError || pack.isError ? <ErrorAlert title={t('failed')} error={done.error ?? pack.error} /> : null}
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('services')}
        </Text>
        {services.isError ? <ErrorAlert title={t('failed')} error={services.error} /> : null}
        {(services.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={t('services')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colPackage')}</Table.Th>
                <Table.Th>{t('colService')}</Table.Th>
                <Table.Th>{t('colPrice')}</Table.Th>
                <Table.Th>{t('colAction')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.data!.map((r) => (
                <Table.Tr key={r.requestId}>
                  <Table.Td>#{r.packageId}</Table.Td>
                  <Table.Td>{words.service(r.serviceId)}{r.photoCount > 0 ? ` ×${r.photoCount}` : ''}</Table.Td>
                  <Table.Td>{fmt.money(r.price)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="light" loading={doneLock.busy.has(r.requestId)} onClick={() => markDone(r.requestId)}>
                      {t('done')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text fw={600} size="sm">
          {t('rehearsals')}
        </Text>
        {(rehearsals.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={t('rehearsals')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colRehearsal')}</Table.Th>
                <Table.Th>{t('colPackages')}</Table.Th>
                <Table.Th>{t('colAction')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rehearsals.data!.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td ff="monospace">{r.id}</Table.Td>
                  <Table.Td>{r.inventoryIds.map((id) => `#${id}`).join(', ')}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="light" loading={packLock.busy.has(r.id)} onClick={() => packOne(r.id)}>
                      {t('pack')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Section>
  );
}
