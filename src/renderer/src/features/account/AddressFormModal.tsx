import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { hasErrors, useAddressFieldErrors, type AddressFieldErrors } from '../../shared/addressRules';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useCreateAddress, useUpdateAddress, type Address, type AddressFormValues } from './api';
import { useCountryNames } from './countries';
import { changedFields } from './logic';
import { addressMessages, commonMessages } from './messages';
import { GrowingTextarea } from '../../shared/GrowingTextarea';

const EMPTY: AddressFormValues = { name: '', phone: '', country: '', state: '', city: '', address: '', zipCode: '', isDefault: false };

function inputOf(address: Address | null): AddressFormValues {
  if (!address) return EMPTY;
  const { id: _id, createdAt: _createdAt, ...input } = address;
  return input;
}

function trimmed(input: AddressFormValues): AddressFormValues {
  return {
    ...input,
    name: input.name.trim(),
    phone: input.phone.trim(),
    state: input.state.trim(),
    city: input.city.trim(),
    address: input.address.trim(),
    zipCode: input.zipCode.trim(),
  };
}

interface FormProps {
  address: Address | null;
  /** No address saved yet: this one becomes the default whatever is sent. */
  first: boolean;
  onDone: () => void;
}

function AddressForm({ address, first, onDone }: FormProps) {
  const t = useT(addressMessages);
  const c = useT(commonMessages);
  const { countries, isPending: countriesPending } = useCountryNames();
  const [form, setForm] = useState<AddressFormValues>(() => ({ ...inputOf(address), ...(first ? { isDefault: true } : {}) }));
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const mutation = address ? update : create;
  const { errorsOf, serverFieldError } = useAddressFieldErrors();
  const [tried, setTried] = useState(false);

  /**
   * What is wrong, per field. Editing checks only the fields being changed (and the postcode when the
   * country changes), as the service does: an address saved before a rule stays editable.
   */
  const fieldErrors = (input: AddressFormValues): AddressFieldErrors => {
    const all = errorsOf(input);
    if (!address) return all;
    const patch = changedFields(inputOf(address), input);
    const checked = new Set<string>(Object.keys(patch));
    if ('country' in patch) checked.add('zipCode');
    return Object.fromEntries(Object.entries(all).filter(([field]) => checked.has(field)));
  };
  const errors: AddressFieldErrors = { ...(tried ? fieldErrors(trimmed(form)) : {}), ...serverFieldError(mutation.error) };
  const fieldRefused = hasErrors(serverFieldError(mutation.error));

  const set = <K extends keyof AddressFormValues>(field: K, value: AddressFormValues[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (mutation.isError) mutation.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = trimmed(form);
    setTried(true);
    if (hasErrors(fieldErrors(input))) return;
    if (address) {
      const patch = changedFields(inputOf(address), input);
      if (Object.keys(patch).length === 0) return onDone();
      update.mutate(
        { id: address.id, patch },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', title: t('updated'), message: input.name });
            onDone();
          },
        },
      );
    } else {
      const { isDefault, state, ...rest } = input;
      create.mutate(
        { ...rest, ...(state ? { state } : {}), ...(isDefault ? { isDefault } : {}) },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', title: t('created'), message: input.name });
            onDone();
          },
        },
      );
    }
  };

  const lockedDefault = address?.isDefault === true || first;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={address ? t('editTitle') : t('addTitle')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('name')} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} required maxLength={100} error={errors.name} data-autofocus />
          <TextInput label={t('phone')} type="tel" value={form.phone} onChange={(e) => set('phone', e.currentTarget.value)} required maxLength={32} error={errors.phone} />
        </SimpleGrid>
        <Select
          label={t('country')}
          placeholder={t('countryPlaceholder')}
          searchable
          required
          disabled={countriesPending}
          data={countries.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }))}
          value={form.country || null}
          onChange={(value) => set('country', value ?? '')}
          error={errors.country}
          nothingFoundMessage="—"
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('state')} value={form.state} onChange={(e) => set('state', e.currentTarget.value)} maxLength={100} />
          <TextInput label={t('city')} value={form.city} onChange={(e) => set('city', e.currentTarget.value)} required maxLength={100} error={errors.city} />
          <TextInput label={t('zipCode')} value={form.zipCode} onChange={(e) => set('zipCode', e.currentTarget.value)} required maxLength={20} error={errors.zipCode} />
        </SimpleGrid>
        <GrowingTextarea label={t('address')} value={form.address} onChange={(e) => set('address', e.currentTarget.value)} required maxLength={500} minRows={2} error={errors.address} />
        <Checkbox
          label={t('isDefault')}
          description={first ? t('firstIsDefault') : address?.isDefault ? t('isDefaultLocked') : undefined}
          checked={form.isDefault}
          disabled={lockedDefault}
          onChange={(e) => set('isDefault', e.currentTarget.checked)}
        />
        {mutation.isError && !fieldRefused ? <ErrorAlert title={t('saveError')} error={mutation.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {address ? c('save') : t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ModalProps {
  opened: boolean;
  address: Address | null;
  first: boolean;
  onClose: () => void;
}

export function AddressFormModal({ opened, address, first, onClose }: ModalProps) {
  const t = useT(addressMessages);
  return (
    <Modal opened={opened} onClose={onClose} title={address ? t('editTitle') : t('addTitle')} size="lg" centered>
      {opened ? <AddressForm key={address?.id ?? 'new'} address={address} first={first} onDone={onClose} /> : null}
    </Modal>
  );
}
