import { Button, FileInput, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, data } from '../../api/client';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { worldMessages } from './messages';
import { isClockStart, newWorldBody, TTL_PATTERN, type WorldClockMode, type WorldSource } from './newWorld';
import { useSwitchWorld, worldFetchers, worldKeys } from './queries';
import { LabelledSegmentedControl } from '../../shared/LabelledSegmentedControl';
import { useIntent } from '../../shared/useIntent';
import { useNumberError } from '../admin/numberRange';

/** The text of an uploaded file, parsed: the file, or why it is not JSON. */
async function readJsonFile(file: File): Promise<{ file: unknown } | { error: string }> {
  try {
    return { file: JSON.parse(await file.text()) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A world file's own `clockStart`, when it names one. */
function ownClockStart(file: unknown): string | undefined {
  if (typeof file !== 'object' || file === null) return undefined;
  const start = (file as { clockStart?: unknown }).clockStart;
  return typeof start === 'string' ? start : undefined;
}

/**
 * "New world": from a world file shipped with crossbuy, one of the operator's own, or the demo data a
 * fresh data folder gets; a name, a seed, an expiry and the clock (where it starts, frozen or running). The new world is selected at once. A world file that fails
 * answers 422 naming the failing step, shown as the service words it.
 */
export function NewWorldModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT(worldMessages);
  const switchWorld = useSwitchWorld();
  const [source, setSource] = useState<WorldSource>('shipped');
  const [shippedName, setShippedName] = useState<string | null>(null);
  const [upload, setUpload] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [seed, setSeed] = useState<number | string>('');
  const [ttl, setTtl] = useState('');
  const ttlError = ttl.trim() && !TTL_PATTERN.test(ttl.trim()) ? t('ttlInvalid') : null;
  const [clockStart, setClockStart] = useState('');
  const clockStartError = isClockStart(clockStart) ? null : t('clockStartInvalid');
  const [clock, setClock] = useState<WorldClockMode>('default');
  const files = useQuery({ queryKey: worldKeys.files, queryFn: worldFetchers.files, staleTime: Infinity, enabled: opened });
  const shipped = files.data?.find((f) => f.fileName === shippedName) ?? files.data?.[0];
  // What an empty clock start means: the chosen shipped file's own start, else the moment of creation.
  const fileClockStart = source === 'shipped' ? ownClockStart(shipped?.file) : undefined;

  const create = useMutation({
    mutationFn: async () => {
      let file: unknown;
      if (source === 'shipped') file = shipped?.file;
      if (source === 'upload') {
        if (!upload) throw new Error(t('uploadMissing'));
        const read = await readJsonFile(upload);
        if ('error' in read) throw new Error(t('uploadUnreadable', { message: read.error }));
        file = read.file;
      }
      return data(adminApi().POST('/worlds', { body: newWorldBody({ source, file, name, seed, ttl, clockStart, clock }) }));
    },
    onSuccess: (world) => {
      switchWorld(world.id);
      notifications.show({ color: 'green', message: t('created', { name: world.name }) });
      close();
    },
  });

  // The service's refusal was of what was sent: once a field changes it no longer says anything true.
  const { reset: forgetRefusal } = create;
  useEffect(() => forgetRefusal(), [forgetRefusal, source, shippedName, upload, name, seed, ttl, clockStart, clock]);

  function close() {
    create.reset();
    setUploadError(null);
    onClose();
  }

  const numberError = useNumberError();
  const seedError = numberError(seed, { min: 0, max: Number.MAX_SAFE_INTEGER, whole: true, optional: true });
  // One world per click: a double click on Create made two.
  const once = useIntent(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (source === 'upload' && !upload) {
      setUploadError(t('uploadMissing'));
      return;
    }
    if (seedError || ttlError || clockStartError) return;
    once.run((_key, done) => create.mutate(undefined, { onSettled: () => done(true) }));
  };

  return (
    <Modal opened={opened} onClose={close} title={t('newWorldTitle')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={submit} noValidate aria-label={t('newWorldTitle')} data-testid="new-world-form">
        <Stack gap="sm">
          <Text size="sm">{t('newWorldIntro')}</Text>
          <LabelledSegmentedControl
            label={t('source')}
            value={source}
            onChange={(value) => setSource(value as WorldSource)}
            data={[
              { value: 'shipped', label: t('sourceShipped') },
              { value: 'upload', label: t('sourceUpload') },
              { value: 'empty', label: t('sourceEmpty') },
            ]}
          />
          {source === 'shipped' ? (
            <>
              <Select
                label={t('shippedFile')}
                data={(files.data ?? []).map((f) => ({ value: f.fileName, label: f.name }))}
                value={shipped?.fileName ?? null}
                onChange={setShippedName}
                allowDeselect={false}
                disabled={!files.data}
                data-testid="shipped-file"
                comboboxProps={{ withinPortal: true }}
              />
              {shipped?.description ? (
                <Text size="xs" c="dimmed" translate="no">
                  {shipped.description}
                </Text>
              ) : null}
              {files.isError ? <ErrorAlert title={t('createFailed')} error={files.error} /> : null}
            </>
          ) : null}
          {source === 'upload' ? (
            <FileInput
              label={t('uploadFile')}
              placeholder={t('uploadPlaceholder')}
              accept="application/json,.json"
              value={upload}
              onChange={(file) => {
                setUpload(file);
                setUploadError(null);
              }}
              error={uploadError}
              clearable
              data-testid="upload-world-file"
            />
          ) : null}
          <TextInput label={t('name')} placeholder={t('namePlaceholder')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
          <NumberInput
            label={t('seed')}
            description={t('seedHint')}
            placeholder={source === 'shipped' && shipped?.seed !== null && shipped?.seed !== undefined ? String(shipped.seed) : undefined}
            value={seed}
            onChange={setSeed}
            clampBehavior="none"
            error={seedError}
          />
          <TextInput
            label={t('ttl')}
            description={t('ttlHint')}
            placeholder="2h"
            value={ttl}
            onChange={(e) => setTtl(e.currentTarget.value)}
            error={ttlError}
            maxLength={12}
            data-testid="new-world-ttl"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('clockStart')}
              description={t('clockStartHint')}
              placeholder={fileClockStart ?? '2026-03-02T09:00:00Z'}
              value={clockStart}
              onChange={(e) => setClockStart(e.currentTarget.value)}
              error={clockStartError}
              maxLength={40}
              translate="no"
            />
            <Select
              label={t('clockMode')}
              description={t('clockModeHint')}
              value={clock}
              onChange={(value) => setClock((value as WorldClockMode | null) ?? 'default')}
              allowDeselect={false}
              data={[
                { value: 'default', label: t('clockModeDefault') },
                { value: 'frozen', label: t('clockModeFrozen') },
                { value: 'running', label: t('clockModeRunning') },
              ]}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          {create.isError ? <ErrorAlert title={t('createFailed')} error={create.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || once.busy} disabled={source === 'shipped' && !shipped}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
