import { Badge, Button, Checkbox, Group, Radio, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { hasErrors, useAddressFieldErrors, type AddressFieldErrors } from '../../shared/addressRules';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useWarehouseT } from './bits';
import { RecipientFixForm } from './RecipientFixForm';
import { useCountryNames } from '../account/countries';
import { useCreateAddress } from './queries';
import type { Address, NewAddress } from './types';

export const NEW_ADDRESS = 'new';

/** One line per saved address, as the recipient will read it; the country named in the UI's language. */
function addressLines(address: Pick<Address, 'state' | 'city' | 'address' | 'zipCode' | 'country'>, countryName: (code: string) => string): string {
  return [address.address, address.city, address.state, address.zipCode, countryName(address.country)].filter(Boolean).join(', ');
}

const EMPTY = { name: '', phone: '', country: '', state: '', city: '', address: '', zipCode: '' };
type Draft = typeof EMPTY;

/** POST /user/addresses; the country drives the quotes while it is being filled in. */
function NewAddressForm({ onSaved, onCountry, first }: { onSaved: (address: Address) => void; onCountry: (code: string | null) => void; first: boolean }) {
  const t = useWarehouseT();
  // Named in the UI's language and sorted by that name, as on the Addresses page.
  const countries = useCountryNames();
  const create = useCreateAddress();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [makeDefault, setMakeDefault] = useState(false);
  const [tried, setTried] = useState(false);

  const { errorsOf, serverFieldError } = useAddressFieldErrors();

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (create.isError) create.reset();
  };
  // Blank fields and the shared address rules, marked on their field once the form was sent.
  const errors = { ...(tried ? errorsOf(draft) : {}), ...serverFieldError(create.error) };
  const missing = (field: keyof Draft) => errors[field as keyof typeof errors];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setTried(true);
    if (hasErrors(errorsOf(draft))) return;
    const body: NewAddress = {
      name: draft.name.trim(),
      phone: draft.phone.trim(),
      country: draft.country,
      city: draft.city.trim(),
      address: draft.address.trim(),
      zipCode: draft.zipCode.trim(),
      ...(draft.state.trim() ? { state: draft.state.trim() } : {}),
      ...(makeDefault ? { isDefault: true } : {}),
    };
    create.mutate(body, {
      onSuccess: (address) => {
        setDraft(EMPTY);
        setTried(false);
        onSaved(address);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('newAddress')} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('name')} required value={draft.name} onChange={(e) => set('name')(e.currentTarget.value)} error={missing('name')} maxLength={100} />
          <TextInput label={t('phone')} required value={draft.phone} onChange={(e) => set('phone')(e.currentTarget.value)} error={missing('phone')} maxLength={32} type="tel" />
          <Select
            label={t('country')}
            required
            searchable
            placeholder={t('countryPlaceholder')}
            data={countries.countries.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            value={draft.country || null}
            onChange={(value) => {
              set('country')(value ?? '');
              onCountry(value);
            }}
            error={missing('country') ?? (countries.error instanceof Error ? countries.error.message : undefined)}
            nothingFoundMessage="—"
          />
          <TextInput label={t('state')} value={draft.state} onChange={(e) => set('state')(e.currentTarget.value)} maxLength={100} />
          <TextInput label={t('city')} required value={draft.city} onChange={(e) => set('city')(e.currentTarget.value)} error={missing('city')} maxLength={100} />
          <TextInput label={t('zipCode')} required value={draft.zipCode} onChange={(e) => set('zipCode')(e.currentTarget.value)} error={missing('zipCode')} maxLength={20} />
        </SimpleGrid>
        <TextInput label={t('street')} required value={draft.address} onChange={(e) => set('address')(e.currentTarget.value)} error={missing('address')} maxLength={300} />
        <Group justify="space-between">
          {first ? <span /> : <Checkbox label={t('makeDefault')} checked={makeDefault} onChange={(e) => setMakeDefault(e.currentTarget.checked)} />}
          <Button type="submit" loading={create.isPending} variant="light">
            {t('saveAddress')}
          </Button>
        </Group>
        {create.isError && !hasErrors(serverFieldError(create.error)) ? <ErrorAlert title={t('addressNotSaved')} error={create.error} /> : null}
      </Stack>
    </form>
  );
}

interface Props {
  addresses: Address[] | undefined;
  loading: boolean;
  error: unknown;
  /** A saved address id as a string, or NEW_ADDRESS. */
  value: string | null;
  onChange: (value: string) => void;
  onSaved: (address: Address) => void;
  onDraftCountry: (code: string | null) => void;
  /** The chosen saved address's fields the service refused as a recipient (field -> why), to correct in place. */
  refused?: AddressFieldErrors;
  /** The refused address was corrected and saved. */
  onFixed?: () => void;
}

/** Saved addresses (the default first, as the API lists them) or a new one. */
export function AddressPicker({ addresses, loading, error, value, onChange, onSaved, onDraftCountry, refused = {}, onFixed = () => {} }: Props) {
  const t = useWarehouseT();
  const { nameOf } = useCountryNames();
  // Said in place (a toast would cover the page's main button): the new address is then the chosen one.
  const [savedId, setSavedId] = useState<number | null>(null);
  const onAddressSaved = (address: Address) => {
    setSavedId(address.id);
    onSaved(address);
  };
  if (loading) return <Skeleton height={120} />;
  if (error) return <ErrorAlert title={t('addressesError')} error={error} />;
  const saved = addresses ?? [];
  const chosen = saved.find((a) => String(a.id) === value);
  if (saved.length === 0) return <NewAddressForm onSaved={onAddressSaved} onCountry={onDraftCountry} first />;
  return (
    <Stack gap="sm">
      <Radio.Group value={value} onChange={onChange} label={t('savedAddresses')}>
        <Stack gap="xs" mt={4}>
          {saved.map((address) => (
            <Radio.Card key={address.id} value={String(address.id)} radius="md" p="sm" aria-label={`${address.name}, ${addressLines(address, nameOf)}`}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {address.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {address.phone}
                    </Text>
                    {address.isDefault ? (
                      <Badge size="xs" variant="light">
                        {t('defaultAddress')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">{addressLines(address, nameOf)}</Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
          <Radio.Card value={NEW_ADDRESS} radius="md" p="sm" aria-label={t('useNewAddress')}>
            <Group wrap="nowrap">
              <Radio.Indicator />
              <Text size="sm" fw={600}>
                {t('useNewAddress')}
              </Text>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
      {value === NEW_ADDRESS ? <NewAddressForm onSaved={onAddressSaved} onCountry={onDraftCountry} first={false} /> : null}
      {chosen && hasErrors(refused) ? <RecipientFixForm key={chosen.id} address={chosen} errors={refused} onFixed={onFixed} /> : null}
      {savedId !== null && value === String(savedId) ? (
        <Text size="sm" c="green" role="status">
          {t('addressSaved')}
        </Text>
      ) : null}
    </Stack>
  );
}
