import { Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { looksLikeIpEntry, parseIpList } from '../keyStatus';
import { fetchers, adminKeys } from '../queries';
import { scopesForRequest } from '../scopes';
import { Section } from '../Section';
import { useNumberError } from '../numberRange';
import type { CreatedApiKey, NewApiKeyInput } from '../types';
import { keysMessages } from './messages';
import { useCreateKey } from './mutations';
import { ScopePicker } from './ScopePicker';
import { GrowingTextarea } from '../../../shared/GrowingTextarea';

const DEFAULT_RATE_LIMIT = 60;

export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const t = useT(keysMessages);
  const catalog = useQuery({ queryKey: adminKeys.scopes, queryFn: fetchers.scopes, staleTime: Infinity });
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [rateLimit, setRateLimit] = useState<number | string>(DEFAULT_RATE_LIMIT);
  const [allowlist, setAllowlist] = useState('');
  const [expiresInDays, setExpiresInDays] = useState<number | string>('');
  const [touched, setTouched] = useState(false);
  const numberError = useNumberError();

  const ips = parseIpList(allowlist);
  const badIps = ips.filter((entry) => !looksLikeIpEntry(entry));
  const errors = {
    name: name.trim() === '' ? t('nameRequired') : null,
    scopes: scopes.length === 0 ? t('scopesRequired') : null,
    allowlist: badIps.length > 0 ? t('notAnIp', { entries: badIps.join(', ') }) : null,
    rateLimit: numberError(rateLimit, { min: 1, max: 1_000_000, whole: true, optional: true }),
    expiry: numberError(expiresInDays, { min: 1, max: 3650, whole: true, optional: true }),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!catalog.data || errors.name || errors.scopes || errors.allowlist || errors.rateLimit || errors.expiry) return;
    const input: NewApiKeyInput = { name: name.trim(), scopes: scopesForRequest(catalog.data, scopes) };
    if (typeof rateLimit === 'number') input.rateLimit = rateLimit;
    if (ips.length > 0) input.allowedIps = ips;
    if (typeof expiresInDays === 'number') input.expiresInDays = expiresInDays;
    create.mutate(input, {
      onSuccess: (created) => {
        onCreated(created);
        setName('');
        setScopes([]);
        setRateLimit(DEFAULT_RATE_LIMIT);
        setAllowlist('');
        setExpiresInDays('');
        setTouched(false);
      },
    });
  };

  return (
    <Section title={t('createTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('createTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('name')}
            placeholder={t('namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
            error={touched ? errors.name : null}
          />
          {catalog.isPending ? (
            <Skeleton height={120} />
          ) : catalog.isError ? (
            <ErrorAlert title={t('scopesLoadError')} error={catalog.error} />
          ) : (
            <ScopePicker catalog={catalog.data} value={scopes} onChange={setScopes} error={touched ? errors.scopes : null} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t('rateLimit')}
              value={rateLimit}
              onChange={setRateLimit}
              clampBehavior="none"
              thousandSeparator=","
              error={errors.rateLimit}
            />
            <NumberInput
              label={t('expiry')}
              description={t('expiryHint')}
              value={expiresInDays}
              onChange={setExpiresInDays}
              clampBehavior="none"
              error={errors.expiry}
            />
          </SimpleGrid>
          <GrowingTextarea
            label={t('allowlist')}
            description={t('allowlistHint')}
            placeholder={t('allowlistPlaceholder')}
            value={allowlist}
            onChange={(e) => setAllowlist(e.currentTarget.value)}
            minRows={1}
            maxRows={6}
            error={errors.allowlist}
          />
          {create.isError ? <ErrorAlert title={t('notCreated')} error={create.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!catalog.data}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
