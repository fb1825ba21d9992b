import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { adminApi, data } from '../../../api/client';
import { downloadText } from '../../../shared/download';
import { ErrorTextBody, useErrorText } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { requestsMessages } from './messages';

/** The file a recorded session is saved as: crossbuy-world-key-3-2026-11-26.json. */
export function worldFileName(keyId: number, now: Date = new Date()): string {
  return `crossbuy-world-key-${keyId}-${now.toISOString().slice(0, 10)}.json`;
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
      downloadText(`${JSON.stringify(file, null, 2)}\n`, worldFileName(id), 'application/json');
    } catch (error) {
      notifications.show({ color: 'red', title: t('saveWorldFileFailed'), message: <ErrorTextBody text={errorText(error)} /> });
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button variant="default" size="xs" loading={busy} disabled={keyId === null} onClick={() => keyId !== null && void save(keyId)}>
      {t('saveWorldFile')}
    </Button>
  );
  return keyId === null ? (
    <Tooltip label={t('saveWorldFileNeedsKey')}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
