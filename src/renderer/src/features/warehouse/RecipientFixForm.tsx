import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AddressFieldErrors } from '../../shared/addressRules';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useWarehouseT } from './bits';
import { useUpdateAddress } from './queries';
import type { Address } from './types';

type Field = 'name' | 'phone' | 'city' | 'zipCode' | 'address';
const FIELDS: readonly Field[] = ['name', 'phone', 'city', 'zipCode', 'address'];

/**
 * The chosen saved address as the shipping order's recipient, when the service refused it (400
 * address_invalid): its fields, the refused one marked with the reason, saved back to the address (PUT), so
 * the order can be created again with it. The service may know a rule this build does not, or the address
 * may predate the rules.
 */
export function RecipientFixForm({ address, errors, onFixed }: { address: Address; errors: AddressFieldErrors; onFixed: () => void }) {
  const t = useWarehouseT();
  const update = useUpdateAddress();
  const [draft, setDraft] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, address[f]])) as Record<Field, string>);
  // A field is marked until it is changed: what is typed there has not been refused.
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const errorOf = (field: Field) => (edited.has(field) ? undefined : errors[field]);
  const input = (field: Field, label: string, maxLength: number) => (
    <TextInput
      label={label}
      required
      value={draft[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [field]: value }));
        setEdited((s) => new Set(s).add(field));
      }}
      error={errorOf(field)}
      maxLength={maxLength}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const patch = Object.fromEntries(FIELDS.filter((f) => draft[f].trim() !== address[f]).map((f) => [f, draft[f].trim()]));
    update.mutate({ id: address.id, patch }, { onSuccess: onFixed });
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('recipientForm')} noValidate>
      <Stack gap="sm">
        <Alert color="red" variant="light" p="xs">
          {t('recipientRefused')}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('name', t('name'), 100)}
          {input('phone', t('phone'), 32)}
          {input('city', t('city'), 100)}
          {input('zipCode', t('zipCode'), 20)}
        </SimpleGrid>
        {input('address', t('street'), 300)}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            {t('saveAddress')}
          </Button>
        </Group>
        {update.isError ? <ErrorAlert title={t('addressNotSaved')} error={update.error} /> : null}
      </Stack>
    </form>
  );
}
