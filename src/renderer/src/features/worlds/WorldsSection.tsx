import { Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import { DEFAULT_WORLD, switcherOrder, useWorldStore } from '../../api/worldStore';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format/useFormat';
import { Section } from '../admin/Section';
import { worldMessages } from './messages';
import { NewWorldModal } from './NewWorldModal';
import { useSwitchWorld, worldFetchers, worldKeys, worldLabel } from './queries';
import { WorldActionModal, type WorldAction, type ActedWorld } from './WorldActionModal';

/**
 * Whether a world is frozen and when it expires (unused that long), from the list, under its name; the
 * selected world's clock too, read from the world itself (the list carries no clock: describing a world
 * opens it, so only the one in use is asked, not every row of the page).
 */
function WorldClockLine({ id, frozen, expiresAt, withClock }: { id: string; frozen?: boolean; expiresAt?: string | null; withClock: boolean }) {
  const t = useT(worldMessages);
  const format = useFormat();
  const one = useQuery({ queryKey: worldKeys.one(id), queryFn: () => worldFetchers.one(id), staleTime: 30_000, enabled: withClock });
  const clock = one.data?.clock;
  const parts = [
    clock ? t('clockLine', { clock: format.date(clock) }) : null,
    (one.data?.frozen ?? frozen) ? t('frozen') : null,
    (one.data?.expiresAt ?? expiresAt) ? t('expires', { at: format.date(one.data?.expiresAt ?? expiresAt) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? (
    <Text size="xs" c="dimmed" data-testid="world-clock" style={{ maxWidth: 220 }}>
      {parts.join(' · ')}
    </Text>
  ) : null;
}

/** The worlds of this server on the Server & data page: select, snapshot, reset, fork, delete; "New world". */
export function WorldsSection() {
  const t = useT(worldMessages);
  const selected = useWorldStore((s) => s.selected);
  const switchWorld = useSwitchWorld();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ action: WorldAction; world: ActedWorld } | null>(null);
  // The dialogs unmount when they close, so Mantine's return of focus finds nothing: the button that opened
  // one gets it back (a deleted world's row is gone: then the table does), never the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const open = (action: WorldAction, world: ActedWorld) => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setPending({ action, world });
  };
  const closeAction = (done: boolean) => {
    // A deleted world's row is about to go (the list is read again): its button would take the focus with it.
    if (done && pending?.action === 'delete') opener.current = null;
    setPending(null);
    // After a fork or the selected world's deletion the page is mounted anew for the other world: its table.
    requestAnimationFrame(() => (opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-testid="worlds-table"]'))?.focus());
  };
  const defaultWorld = useQuery({ queryKey: worldKeys.one(DEFAULT_WORLD), queryFn: () => worldFetchers.one(DEFAULT_WORLD), staleTime: 60_000 });
  const list = useQuery({ queryKey: worldKeys.list, queryFn: worldFetchers.list });
  const worlds = switcherOrder(defaultWorld.data, list.data?.items ?? []);
  const error = list.error ?? defaultWorld.error;

  return (
    <Section
      title={t('worldsTitle')}
      actions={
        <Button size="xs" onClick={() => setCreating(true)}>
          {t('newWorld')}
        </Button>
      }
    >
      <Text size="sm">{t('worldsIntro')}</Text>
      {error ? (
        <ErrorAlert title={t('worldsLoadError')} error={error} />
      ) : list.isPending || defaultWorld.isPending ? (
        <Skeleton height={80} />
      ) : (
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ type: 'auto' }}>
          <Table data-testid="worlds-table" verticalSpacing="xs" tabIndex={-1}>
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th>{t('columnName')}</Table.Th>
                <Table.Th>{t('columnId')}</Table.Th>
                <Table.Th>{t('columnSeed')}</Table.Th>
                <Table.Th>{t('columnActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {worlds.map((world) => {
                const label = worldLabel(world, t('defaultWorld'));
                const target = { id: world.id, label };
                const isDefault = world.id === DEFAULT_WORLD;
                return (
                  <Table.Tr key={world.id} data-world={world.id}>
                    {/* A long unbroken name is capped in width and may break anywhere (a table sizes its columns
                        by what cannot break: it pushed Id, Seed and the actions out of view); 7em keeps short words
                        whole (the column shrank until "Default world" split mid-word at 900 px); the badge goes
                        under the name when both do not fit. */}
                    <Table.Td style={{ minWidth: 140 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: '7em', maxWidth: 220 }} data-testid="world-name">
                          {label}
                        </Text>
                        {world.id === selected ? (
                          <Badge size="sm" variant="light" styles={wholeBadgeStyles}>
                            {t('selectedBadge')}
                          </Badge>
                        ) : null}
                      </Group>
                      <WorldClockLine id={world.id} frozen={world.frozen} expiresAt={world.expiresAt} withClock={world.id === selected} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" translate="no">
                        {world.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{world.seed}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} role="group" aria-label={t('actionsOf', { name: label })}>
                        <Button size="compact-xs" variant="default" disabled={world.id === selected} onClick={() => switchWorld(world.id)}>
                          {t('select')}
                        </Button>
                        {/* The default world is the data folder itself: its backups and reset are the sections below. */}
                        {(isDefault ? (['fork'] as const) : (['snapshot', 'reset', 'fork'] as const)).map((action) => (
                          <Button key={action} size="compact-xs" variant="default" onClick={open(action, target)}>
                            {t(action)}
                          </Button>
                        ))}
                        <Button
                          size="compact-xs"
                          variant="default"
                          color="red"
                          disabled={isDefault}
                          title={isDefault ? t('defaultNotDeletable') : undefined}
                          onClick={open('delete', target)}
                        >
                          {t('delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewWorldModal opened={creating} onClose={() => setCreating(false)} />
      {pending ? <WorldActionModal key={`${pending.action}-${pending.world.id}`} action={pending.action} world={pending.world} onClose={closeAction} /> : null}
    </Section>
  );
}
