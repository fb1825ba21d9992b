import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { adminApi, data } from '../../../api/client';
import { downloadText } from '../../../shared/download';
import { ErrorTextBody, useErrorText } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { requestsMessages } from './messages';

/**
 * The file a recorded session is saved as: crossbuy-world-key-3-2026-03-02.json, dated by the world's
 * clock (the file's `clockStart`, where the session began in the world) when it has one, else today.
 */
export function worldFileName(keyId: number, clockStart?: string | null, now: Date = new Date()): string {
  const worldDate = clockStart && /^\d{4}-\d{2}-\d{2}/.test(clockStart) ? clockStart.slice(0, 10) : null;
  return `crossbuy-world-key-${keyId}-${worldDate ?? now.toISOString().slice(0, 10)}.json`;
}

/** The world file's `clockStart`, when it has one. */
function clockStartOf(file: unknown): string | null {
  const clockStart = typeof file === 'object' && file !== null ? (file as { clockStart?: unknown }).clockStart : undefined;
  return typeof clockStart === 'string' ? clockStart : null;
}

/**
 * "Save as world file": the chosen key's logged session as a world file (GET /admin/requests/world-file),
 * saved as a file to replay with `crossbuy world apply` or POST /admin/worlds.
 */
export function SaveWorldFileButton({ keyId }: { keyId: number | null }) {
  const t = useT(requestsMessages);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const save = async (id: number) => {
    setBusy(true);
    try {
      const file = await data(adminApi().GET('/requests/world-file', { params: { query: { keyId: id } } }));
      downloadText(`${JSON.stringify(file, null, 2)}\n`, worldFileName(id, clockStartOf(file)), 'application/json');
    } catch (error) {
      notifications.show({ color: 'red', title: t('saveWorldFileFailed'), message: <ErrorTextBody text={errorText(error)} /> });
    } finally {
      setBusy(false);
    }
  };
  const reasonId = useId();
  const button = (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      disabled={keyId === null}
      aria-describedby={keyId === null ? reasonId : undefined}
      onClick={() => keyId !== null && void save(keyId)}
    >
      {t('saveWorldFile')}
    </Button>
  );
  // Disabled, it says why beside it (a tooltip reaches neither the keyboard nor a glance).
  return keyId === null ? (
    <Group gap="xs" wrap="nowrap" align="center">
      {button}
      <Text id={reasonId} size="xs" c="dimmed" maw={240} data-testid="save-world-file-reason">
        {t('saveWorldFileNeedsKey')}
      </Text>
    </Group>
  ) : (
    button
  );
}
