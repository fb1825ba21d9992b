import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { fetchCsv } from '../api/client';
import type { ExportKind } from '../../../contract/open/exports';
import { downloadText } from './download';
import { ErrorTextBody, useErrorText } from './ErrorAlert';
import { defineMessages, useT } from './i18n';

const messages = defineMessages(
  { exportCsv: 'Export CSV', failed: 'The export failed' },
  { exportCsv: '导出 CSV', failed: '导出失败' },
);

/** The file a download is saved as: crossbuy-orders-2026-11-24.csv (as the server names it). */
export function exportFileName(kind: ExportKind, now: Date = new Date()): string {
  return `crossbuy-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The query string of an export's filters, the empty ones left out. */
export function exportQuery(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * "Export CSV": fetches `/exports/<kind>.csv` through the page's transport (so the session, or the
 * desktop bridge, authenticates it as any other call) and saves it as a file.
 */
export function ExportCsvButton({ kind, filters = {} }: { kind: ExportKind; filters?: Record<string, string | undefined> }) {
  const t = useT(messages);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const text = await fetchCsv(`/exports/${kind}.csv${exportQuery(filters)}`);
      downloadText(text, exportFileName(kind), 'text/csv;charset=utf-8');
    } catch (error) {
      // Worded as an alert words it: a lost session, a refused export or an unreachable service.
      notifications.show({ color: 'red', title: t('failed'), message: <ErrorTextBody text={errorText(error)} /> });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" size="xs" loading={busy} onClick={() => void run()}>
      {t('exportCsv')}
    </Button>
  );
}
