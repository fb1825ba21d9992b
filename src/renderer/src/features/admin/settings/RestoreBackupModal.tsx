import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, data } from '../../../api/client';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useFormat } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import type { BackupInfo } from '../types';
import { settingsMessages } from './messages';

/**
 * Asks before a restore replaces every row (on the desktop the main process asks again, natively:
 * desktop/confirm.ts), then restores and refreshes everything the app shows.
 */
export function RestoreBackupModal({ backup, onClose }: { backup: BackupInfo | null; onClose: () => void }) {
  const t = useT(settingsMessages);
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: (backupId: string) => data(adminApi().POST('/data/restore', { body: { backupId, confirm: 'RESTORE' } })),
    onSuccess: (result) => {
      // Worded here from the answer's ids: the service's own sentence is English.
      const dropped = result.worldsDropped.length > 0 ? ` ${t('restoreWorldsDropped', { worlds: result.worldsDropped.join(', ') })}` : '';
      notifications.show({ color: 'green', title: t('restoreDone'), message: t('restoreDoneText', { id: result.restoredFrom, before: result.backupBefore.id }) + dropped });
      onClose();
      // Everything the app shows may have changed.
      void queryClient.invalidateQueries();
    },
  });
  // While the restore runs the dialog stays: closing it would drop its result or error (reset below).
  const pending = restore.isPending;
  const close = () => {
    if (pending) return;
    restore.reset();
    onClose();
  };
  return (
    <Modal opened={backup !== null} onClose={close} title={t('restoreTitle')} closeOnClickOutside={!pending} closeOnEscape={!pending} withCloseButton={!pending}>
      {backup ? (
        <Stack gap="md">
          <Code style={{ wordBreak: 'break-all' }}>{backup.id}</Code>
          <Text size="sm">{t('restoreText', { id: backup.id, date: fmt.date(backup.createdAt) })}</Text>
          {restore.isError ? <ErrorAlert title={t('restoreFailed')} error={restore.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={pending} onClick={() => restore.mutate(backup.id)}>
              {t('restoreButton')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
