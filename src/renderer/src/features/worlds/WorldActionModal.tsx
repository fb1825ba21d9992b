import { Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi, data } from '../../api/client';
import { DEFAULT_WORLD, useWorldStore } from '../../api/worldStore';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format/useFormat';
import { worldMessages } from './messages';
import { useSwitchWorld, worldFetchers, worldKeys } from './queries';

export type WorldAction = 'snapshot' | 'reset' | 'fork' | 'delete';
export interface ActedWorld {
  id: string;
  /** As shown (the default world by its role). */
  label: string;
}

const INITIAL = '';

/**
 * One action on a world, in a dialog that asks what it needs and confirms what cannot be undone:
 * snapshot (a name), reset (to which snapshot), fork (the copy's name, selected at once), delete.
 * Resetting or deleting the world on screen reloads every page's data (deleting it moves to the default).
 */
/** `onClose(done)`: done when the action was carried out, not when the dialog was dismissed. */
export function WorldActionModal({ action, world, onClose }: { action: WorldAction; world: ActedWorld; onClose: (done: boolean) => void }) {
  const t = useT(worldMessages);
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const selected = useWorldStore((s) => s.selected);
  const switchWorld = useSwitchWorld();
  const [name, setName] = useState('');
  const [snapshot, setSnapshot] = useState<string>(INITIAL);
  const path = { params: { path: { id: world.id } } };
  const snapshots = useQuery({ queryKey: worldKeys.snapshots(world.id), queryFn: () => worldFetchers.snapshots(world.id), enabled: action === 'reset' });

  const run = useMutation({
    mutationFn: async (): Promise<string> => {
      const typed = name.trim() ? { name: name.trim() } : {};
      switch (action) {
        case 'snapshot':
          return t('snapshotTaken', { name: (await data(adminApi().POST('/worlds/{id}/snapshots', { ...path, body: typed }))).name });
        case 'reset':
          await data(adminApi().POST('/worlds/{id}/reset', { ...path, body: snapshot ? { snapshot } : {} }));
          return t('resetDone', { name: world.label });
        case 'fork': {
          const fork = await data(adminApi().POST('/worlds/{id}/fork', { ...path, body: typed }));
          switchWorld(fork.id);
          return t('forkDone', { name: world.label, copy: fork.name });
        }
        case 'delete': {
          const answer = await adminApi().DELETE('/worlds/{id}', path);
          if (!answer.response.ok) await data(Promise.resolve(answer as never));
          // Only once it is gone: the page's reads start again after the deletion, so none lists it.
          if (selected === world.id) switchWorld(DEFAULT_WORLD);
          return t('deleteDone', { name: world.label });
        }
      }
    },
    onSuccess: (message) => {
      notifications.show({ color: 'green', message });
      // A reset world shows other data everywhere; the registry's lists change with every action.
      if (action === 'reset' && selected === world.id) void queryClient.resetQueries();
      else void queryClient.invalidateQueries({ queryKey: worldKeys.all });
      onClose(true);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const title = { snapshot: t('takeSnapshot'), reset: t('resetTitle', { name: world.label }), fork: t('fork'), delete: t('deleteTitle', { name: world.label }) }[action];
  const danger = action === 'reset' || action === 'delete';
  // While the action runs the dialog stays: closing it would hide the answer (and a second try would race it).
  const close = () => (run.isPending ? undefined : onClose(false));

  return (
    <Modal opened onClose={close} title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {action === 'snapshot' ? <TextInput label={t('snapshotName')} placeholder={t('namePlaceholder')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-autofocus /> : null}
          {action === 'fork' ? <TextInput label={t('forkName')} placeholder={t('namePlaceholder')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-autofocus /> : null}
          {action === 'reset' ? (
            <Select
              label={t('resetTo')}
              value={snapshot}
              onChange={(value) => setSnapshot(value ?? INITIAL)}
              allowDeselect={false}
              data={[
                { value: INITIAL, label: t('resetInitial') },
                // Two snapshots may share a name: each also says when it was taken (the world's clock then).
                ...(snapshots.data ?? []).filter((s) => s.id !== 'initial').map((s) => ({ value: s.id, label: t('snapshotOption', { name: s.name, clock: fmt.date(s.clock) }) })),
              ]}
              comboboxProps={{ withinPortal: true }}
              rightSection={snapshots.isPending ? <Loader size="xs" role="progressbar" aria-label={t('snapshotsLoading')} /> : undefined}
              data-testid="reset-snapshot"
            />
          ) : null}
          {action === 'reset' && snapshots.isError ? <ErrorAlert title={t('snapshotsLoadError')} error={snapshots.error} /> : null}
          {action === 'reset' ? <Text size="sm">{t('resetConfirm')}</Text> : null}
          {action === 'delete' ? <Text size="sm">{t('deleteConfirm')}</Text> : null}
          {run.isError ? <ErrorAlert title={t('actionFailed')} error={run.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={run.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={run.isPending}>
              {{ snapshot: t('takeSnapshot'), reset: t('reset'), fork: t('fork'), delete: t('delete') }[action]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
