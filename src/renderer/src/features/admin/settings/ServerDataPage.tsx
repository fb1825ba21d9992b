import { Alert, Anchor, Button, Code, Group, NumberInput, SimpleGrid, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { adminApi, data } from '../../../api/client';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { CopyValue } from '../CopyValue';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { useNumberError } from '../numberRange';
import { useIntent } from '../../../shared/useIntent';
import type { BackupInfo, SettingsView } from '../types';
import { RestoreBackupModal } from './RestoreBackupModal';
import { ConnectAssistantSection } from './ConnectAssistantSection';
import { WorldsSection } from '../../worlds/WorldsSection';
import { settingsMessages } from './messages';
import { formatRates, parseRates } from './displayRates';
import { PageHeader } from '../../../shared/PageHeader';
import { formatBytes, useFormat } from '../../../shared/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function ServerSection() {
  const t = useT(settingsMessages);
  const server = useQuery({ queryKey: adminKeys.server, queryFn: fetchers.server, staleTime: Infinity });
  return (
    <Section title={t('serverTitle')}>
      {server.isPending ? (
        <Skeleton height={96} />
      ) : server.isError ? (
        <ErrorAlert title={t('serverLoadError')} error={server.error} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Field label={t('origin')}>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="server-origin">{server.data.origin}</Code>
              <CopyValue value={server.data.origin} label={t('copyOrigin')} />
            </Group>
          </Field>
          <Field label={t('docs')}>
            <Group gap="md">
              {/* A normal link in a new window: Electron hands it to the system browser. */}
              <Anchor href={server.data.docsUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('openDocs')}
              </Anchor>
              <Anchor href={server.data.openapiUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('openapi')}
              </Anchor>
            </Group>
          </Field>
          <Field label={t('dataDir')}>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} translate="no">{server.data.dataDir}</Code>
              <CopyValue value={server.data.dataDir} label={t('copyDataDir')} />
            </Group>
          </Field>
          <Field label={t('databaseFile')}>
            <Code style={{ wordBreak: 'break-all' }}>{server.data.databaseFile}</Code>
          </Field>
          <Field label={t('version')}>
            <Text size="sm">{server.data.version}</Text>
          </Field>
        </SimpleGrid>
      )}
    </Section>
  );
}

const CURRENCY = /^[A-Z]{3}$/;

function SettingsForm({ saved }: { saved: SettingsView }) {
  const t = useT(settingsMessages);
  const queryClient = useQueryClient();
  const [feeRate, setFeeRate] = useState<number | string>(saved.serviceFeeRate);
  const [threshold, setThreshold] = useState<number | string>(saved.lowBalanceThreshold);
  const [currency, setCurrency] = useState(saved.currency);
  const [allowRemote, setAllowRemote] = useState(saved.webhooksAllowRemote);
  const [ratesText, setRatesText] = useState(formatRates(saved.displayRates));
  const save = useMutation({
    mutationFn: (patch: Partial<SettingsView>) => data(adminApi().PUT('/settings', { body: patch })),
    onSuccess: (next) => {
      queryClient.setQueryData(adminKeys.settings, next);
      notifications.show({ color: 'green', message: t('settingsSaved') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });

  const numberError = useNumberError();
  const feeError = numberError(feeRate, { min: 0, max: 50 }, t('required'));
  const thresholdError = numberError(threshold, { min: 0 }, t('required'));
  const currencyError = !saved.currencyLocked && !CURRENCY.test(currency) ? t('currencyInvalid') : null;
  const patch: Partial<SettingsView> = {};
  if (typeof feeRate === 'number' && !feeError && feeRate !== saved.serviceFeeRate) patch.serviceFeeRate = feeRate;
  if (typeof threshold === 'number' && !thresholdError && threshold !== saved.lowBalanceThreshold) patch.lowBalanceThreshold = threshold;
  if (!saved.currencyLocked && currency !== saved.currency) patch.currency = currency;
  if (allowRemote !== saved.webhooksAllowRemote) patch.webhooksAllowRemote = allowRemote;
  const rates = parseRates(ratesText);
  const ratesError = rates === null ? t('displayRatesInvalid') : rates && saved.displayCurrency && !(saved.displayCurrency in rates) ? t('displayRatesChosen', { code: saved.displayCurrency }) : null;
  if (rates && formatRates(rates) !== formatRates(saved.displayRates)) patch.displayRates = rates;
  const dirty = Object.keys(patch).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || feeError || thresholdError || currencyError || ratesError) return;
    save.mutate(patch);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('settingsTitle')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('serviceFeeRate')}
            description={t('serviceFeeHint')}
            value={feeRate}
            onChange={setFeeRate}
            clampBehavior="none"
            decimalScale={2}
            error={feeError}
          />
          <NumberInput
            label={t('lowBalance', { currency: saved.currency })}
            description={t('lowBalanceHint')}
            value={threshold}
            onChange={setThreshold}
            clampBehavior="none"
            decimalScale={2}
            thousandSeparator=","
            error={thresholdError}
          />
          <TextInput
            label={t('currency')}
            description={saved.currencyLocked ? t('currencyLocked') : t('currencyOpen')}
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())}
            disabled={saved.currencyLocked}
            maxLength={3}
            error={currencyError}
          />
        </SimpleGrid>
        <TextInput
          label={t('displayRates', { currency: saved.currency })}
          description={t('displayRatesHint', { currency: saved.currency })}
          placeholder="USD 0.1381, EUR 0.1302"
          value={ratesText}
          onChange={(e) => setRatesText(e.currentTarget.value)}
          error={ratesError}
        />
        <Switch
          label={t('webhooksAllowRemote')}
          description={t('webhooksAllowRemoteHint')}
          checked={allowRemote}
          onChange={(e) => setAllowRemote(e.currentTarget.checked)}
        />
        {save.isError ? <ErrorAlert title={t('settingsNotSaved')} error={save.error} /> : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!dirty || feeError !== null || thresholdError !== null || currencyError !== null || ratesError !== null} loading={save.isPending}>
            {t('saveSettings')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SettingsSection() {
  const t = useT(settingsMessages);
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: fetchers.settings });
  return (
    <Section title={t('settingsTitle')}>
      {settings.isPending ? (
        <Skeleton height={96} />
      ) : settings.isError ? (
        <ErrorAlert title={t('settingsLoadError')} error={settings.error} />
      ) : (
        // A fresh form whenever the saved values change (after a save or from another window).
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </Section>
  );
}

function BackupSection() {
  const t = useT(settingsMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso);
  const queryClient = useQueryClient();
  const backups = useQuery({ queryKey: adminKeys.backups, queryFn: fetchers.backups });
  const backup = useMutation({
    mutationFn: () => data(adminApi().POST('/data/backup')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.backups }),
  });
  // One backup per click: a double click before the button shows its pending state made two.
  const once = useIntent(null);
  const runBackup = () => once.run((_key, done) => backup.mutate(undefined, { onSettled: () => done(true) }));
  const rows = [...(backups.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [restoring, setRestoring] = useState<BackupInfo | null>(null);

  return (
    <Section
      title={t('backupTitle')}
      actions={
        <Button onClick={runBackup} loading={backup.isPending || once.busy} variant="light">
          {t('backupNow')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('backupHint')}
      </Text>
      {backup.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {t('backedUp', { file: backup.data.file, size: formatBytes(backup.data.bytes) })}
        </Alert>
      ) : null}
      {backup.isError ? <ErrorAlert title={t('backupFailed')} error={backup.error} /> : null}
      {backups.isPending ? (
        <Skeleton height={48} />
      ) : backups.isError ? (
        <ErrorAlert title={t('backupsLoadError')} error={backups.error} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noBackups')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped aria-label={t('backupTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colFile')}</Table.Th>
                <Table.Th ta="right">{t('colSize')}</Table.Th>
                <Table.Th>{t('colCreated')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.file}>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {row.file}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(row.bytes)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" color="red" aria-label={t('restoreLabel', { id: row.id })} onClick={() => setRestoring(row)}>
                      {t('restore')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RestoreBackupModal backup={restoring} onClose={() => setRestoring(null)} />
    </Section>
  );
}

function ResetSection() {
  const t = useT(settingsMessages);
  const queryClient = useQueryClient();
  const [confirmText, setConfirmText] = useState('');
  const reset = useMutation({
    mutationFn: () => data(adminApi().POST('/data/reset', { body: { confirm: 'RESET' } })),
    onSuccess: () => {
      setConfirmText('');
      // The answer's message is in English: the UI says it in its own language.
      notifications.show({ color: 'green', title: t('resetDone'), message: t('resetDoneText') });
      // Everything the app shows may have changed.
      void queryClient.invalidateQueries();
    },
  });
  const once = useIntent(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmText === 'RESET') once.run((_key, done) => reset.mutate(undefined, { onSettled: () => done(true) }));
  };

  return (
    <Section title={t('resetTitle')}>
      <Text size="sm">{t('resetText')}</Text>
      <form onSubmit={submit} noValidate aria-label={t('resetTitle')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('resetConfirmLabel')}
            value={confirmText}
            onChange={(e) => setConfirmText(e.currentTarget.value)}
            placeholder="RESET"
            autoComplete="off"
            w={240}
          />
          <Button type="submit" color="red" disabled={confirmText !== 'RESET'} loading={reset.isPending}>
            {t('resetButton')}
          </Button>
        </Group>
      </form>
      {reset.isError ? <ErrorAlert title={t('resetFailed')} error={reset.error} /> : null}
    </Section>
  );
}

export function ServerDataPage() {
  const t = useT(settingsMessages);
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} intro={t('intro')} />
      <ServerSection />
      <WorldsSection />
      <ConnectAssistantSection />
      <SettingsSection />
      <BackupSection />
      <ResetSection />
    </Stack>
  );
}
