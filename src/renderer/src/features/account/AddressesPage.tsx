import { Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { useT } from '../../shared/i18n';
import { useAddresses, useDeleteAddress, useUpdateAddress, type Address } from './api';
import { AddressFormModal } from './AddressFormModal';
import { useCountryNames } from './countries';
import { addressMessages, commonMessages } from './messages';

function AddressCard({ address, onEdit, onDelete, onMakeDefault, busy }: { address: Address; onEdit: () => void; onDelete: () => void; onMakeDefault: () => void; busy: boolean }) {
  const t = useT(addressMessages);
  const { nameOf } = useCountryNames();
  const place = [address.city, address.state, address.zipCode].filter(Boolean).join(', ');
  return (
    <Paper withBorder radius="md" p="md" role="listitem" aria-label={address.name} style={address.isDefault ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}>
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={2}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            {/* The whole name, wrapped (a long one ended in "…" with no way to read the rest); title for good measure. */}
            <Text fw={700} title={address.name} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {address.name}
            </Text>
            {address.isDefault ? (
              <Badge color="orange" variant="light" styles={wholeBadgeStyles}>
                {t('default')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {address.phone}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {address.address}
          </Text>
          <Text size="sm">{place}</Text>
          <Text size="sm" fw={500}>
            {nameOf(address.country)}
          </Text>
        </Stack>
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={t('editLabel', { name: address.name })}>
            {t('edit')}
          </Button>
          {address.isDefault ? null : (
            <Button size="xs" variant="default" onClick={onMakeDefault} disabled={busy} aria-label={t('setDefaultLabel', { name: address.name })}>
              {t('setDefault')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={busy} aria-label={t('deleteLabel', { name: address.name })}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function AddressesPage() {
  const t = useT(addressMessages);
  const c = useT(commonMessages);
  const addresses = useAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const list = addresses.data ?? [];
  const actionError = update.error ?? remove.error;

  const makeDefault = (address: Address) => {
    remove.reset();
    update.mutate(
      { id: address.id, patch: { isDefault: true } },
      { onSuccess: () => notifications.show({ color: 'green', title: t('updated'), message: t('defaultSet', { name: address.name }) }) },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    update.reset();
    remove.mutate(target.id, {
      onSuccess: () => notifications.show({ color: 'green', title: t('deleted'), message: target.name }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button onClick={() => setEditing({ address: null })}>{t('add')}</Button>
      </Group>
      {actionError ? <ErrorAlert title={t('actionError')} error={actionError} /> : null}
      {addresses.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          <Skeleton height={180} />
          <Skeleton height={180} />
        </SimpleGrid>
      ) : addresses.isError ? (
        <ErrorAlert title={t('loadError')} error={addresses.error} />
      ) : list.length === 0 ? (
        <EmptyState title={t('empty')}>{t('emptyHint')}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label={t('listLabel')}>
          {list.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={update.isPending || remove.isPending}
              onEdit={() => setEditing({ address })}
              onDelete={() => setDeleting(address)}
              onMakeDefault={() => makeDefault(address)}
            />
          ))}
        </SimpleGrid>
      )}
      <AddressFormModal opened={editing !== null} address={editing?.address ?? null} first={editing?.address === null && list.length === 0} onClose={() => setEditing(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('confirmTitle')} centered>
        <Stack>
          <Text size="sm">{deleting ? t('confirmText', { name: deleting.name, city: deleting.city }) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {c('cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
