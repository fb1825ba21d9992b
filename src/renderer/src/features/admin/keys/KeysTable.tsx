import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../shared/EmptyState';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { keyStatus, type KeyStatus } from '../keyStatus';
import { fetchers, adminKeys } from '../queries';
import { hasAllScopes, matchingPreset } from '../scopes';
import { Section } from '../Section';
import { wholeBadgeStyles } from '../../../shared/wholeBadge';
import type { ApiKeyInfo, ScopeCatalog } from '../types';
import { keysMessages } from './messages';
import { useRevokeKey } from './mutations';
import { useFormat } from '../../../shared/format';

const STATUS_COLOR: Record<KeyStatus, string> = { active: 'green', revoked: 'red', expired: 'gray' };

function ScopesCell({ scopes, catalog }: { scopes: string[]; catalog: ScopeCatalog | undefined }) {
  const t = useT(keysMessages);
  if (hasAllScopes(catalog, scopes)) {
    return (
      <Badge variant="light" tt="none" styles={wholeBadgeStyles}>
        {t('allScopes')}
      </Badge>
    );
  }
  if (catalog && scopes.length > 0 && matchingPreset(catalog, scopes) === 'readOnly') {
    return (
      <Tooltip label={scopes.join(', ')} multiline w={280} withArrow>
        <Badge variant="light" color="cyan" tt="none" styles={wholeBadgeStyles}>
          {t('readOnlyScopes')}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Group gap={4} maw={320}>
      {scopes.map((scope) => (
        <Badge key={scope} size="xs" variant="outline" tt="none" ff="monospace" styles={wholeBadgeStyles} translate="no">
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

function RevokeModal({ target, onClose }: { target: ApiKeyInfo | null; onClose: () => void }) {
  const t = useT(keysMessages);
  const revoke = useRevokeKey();
  const confirm = () => {
    if (!target) return;
    revoke.mutate(target.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('revoked', { name: target.name }) });
        onClose();
      },
    });
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('revokeTitle', { name: target?.name ?? '' })} centered>
      <Stack gap="sm">
        <Text size="sm">{t('revokeText', { preview: target?.preview ?? '' })}</Text>
        {revoke.isError ? <ErrorAlert title={t('notRevoked')} error={revoke.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('keepKey')}
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending}>
            {t('confirmRevoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function KeysTable() {
  const t = useT(keysMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso);
  const keys = useQuery({ queryKey: adminKeys.apiKeys, queryFn: fetchers.apiKeys });
  const catalog = useQuery({ queryKey: adminKeys.scopes, queryFn: fetchers.scopes, staleTime: Infinity });
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const now = new Date();

  const rows = [...(keys.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

  return (
    <Section title={t('listTitle')}>
      {keys.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : keys.isError ? (
        <ErrorAlert title={t('listLoadError')} error={keys.error} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('noKeys')}>{t('noKeysHint')}</EmptyState>
      ) : (
        // The name (wrapped, however long) with its key under it, the status with Revoke under it, then the
        // details two facts to a cell (limits; expiry and use): every column fits at 1280 and at the desktop
        // window's least width, 900 px. Narrower than 600 px the table scrolls sideways, scrollbar shown.
        <Table.ScrollContainer minWidth={600} scrollAreaProps={{ type: 'auto' }}>
          <Table verticalSpacing="xs" striped aria-label={t('listTitle')}>
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th>{t('colName')}</Table.Th>
                <Table.Th>{t('colStatus')}</Table.Th>
                <Table.Th>{t('colScopes')}</Table.Th>
                <Table.Th>{t('colLimits')}</Table.Th>
                <Table.Th>{t('colDates')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((key) => {
                const status = keyStatus(key, now);
                return (
                  <Table.Tr key={key.id} data-key-id={key.id}>
                    <Table.Td style={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={600}>
                        {key.name}
                      </Text>
                      <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {key.preview}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={6} align="flex-start">
                        <Badge color={STATUS_COLOR[status]} variant="light" tt="none" styles={wholeBadgeStyles}>
                          {t(`status_${status}`)}
                        </Badge>
                        {status === 'active' ? (
                          <Button size="compact-sm" variant="light" color="red" onClick={() => setRevoking(key)} aria-label={t('revokeNamed', { name: key.name })}>
                            {t('revoke')}
                          </Button>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <ScopesCell scopes={key.scopes} catalog={catalog.data} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {t('perMinute', { count: key.rateLimit })}
                      </Text>
                      {key.allowedIps.length === 0 ? (
                        <Text size="xs" c="dimmed">
                          {t('anyAddress')}
                        </Text>
                      ) : (
                        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {key.allowedIps.join(', ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ minWidth: 120 }}>
                      <Text size="sm">{key.expiresAt ? t('expiresOn', { date: formatDate(key.expiresAt) }) : t('neverExpires')}</Text>
                      <Text size="xs" c="dimmed">
                        {key.lastUsedAt ? t('lastUsedOn', { date: formatDate(key.lastUsedAt) }) : t('neverUsed')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.some((key) => key.expiresAt) ? (
        <Text size="xs" c="dimmed">
          {t('realTimeNote')}
        </Text>
      ) : null}
      <RevokeModal target={revoking} onClose={() => setRevoking(null)} />
    </Section>
  );
}
