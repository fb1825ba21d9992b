import { Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AmountInput } from '../../../shared/AmountInput';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useIntent } from '../../../shared/useIntent';
import { useFormat } from '../../../shared/format';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { numberValue, useNumberError } from '../numberRange';
import { workMessages } from './messages';
import { useWalletEntry } from './mutations';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* Wraps: with a display currency ("CN¥10,008,883.04 (≈ $1,382,226.75)") one line overflowed its column. */}
      <Text fw={strong ? 700 : 500} size={strong ? 'xl' : 'sm'} aria-label={label} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The most one back-office entry moves, either way (a typo of a few zeros is refused, not booked). */
const MAX_AMOUNT = 10_000_000;

/** Deposit (positive) or adjust (signed, with a note): one form, two rules. */
function EntryForm({ kind, currency }: { kind: 'deposit' | 'adjust'; currency: string }) {
  const fmt = useFormat();
  const t = useT(workMessages);
  const entry = useWalletEntry(kind);
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const numberError = useNumberError();

  // Read as the top-up field reads it: a value Mantine keeps as text is still an amount to send.
  const value = numberValue(amount);
  const amountError =
    kind === 'adjust' && value === 0
      ? t('amountNonZero')
      : numberError(amount, kind === 'deposit' ? { min: 0.01, max: MAX_AMOUNT } : { min: -MAX_AMOUNT, max: MAX_AMOUNT }, t('amountRequired'));
  const noteError = kind === 'adjust' && note.trim() === '' ? t('noteRequired') : null;

  const body: { amount: number; note?: string } | null =
    value === null ? null : { amount: Math.round(value * 100) / 100, ...(note.trim() ? { note: note.trim() } : {}) };
  const intent = useIntent(body);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || noteError || body === null) return;
    intent.run((key, done) =>
      entry.mutate(
        { body, key },
        {
          onError: () => done(false),
          onSuccess: (result) => {
            done(true);
            const message = t(kind === 'deposit' ? 'deposited' : 'adjusted', {
              amount: fmt.money(result.amount, result.currency),
              balance: fmt.money(result.balance, result.currency),
            });
            notifications.show({ color: 'green', message });
            setAmount('');
            setNote('');
            setTouched(false);
          },
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t(kind)}>
      <Stack gap="xs">
        <AmountInput
          label={t(kind === 'deposit' ? 'amountCurrency' : 'signedAmount', { currency })}
          value={amount}
          onChange={setAmount}
          error={touched ? amountError : null}
        />
        <TextInput
          label={t(kind === 'deposit' ? 'noteOptional' : 'note')}
          placeholder={t(kind === 'deposit' ? 'notePlaceholder' : 'adjustNotePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          error={touched ? noteError : null}
        />
        {entry.isError ? <ErrorAlert title={t('walletNotChanged')} error={entry.error} /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={entry.isPending || intent.busy} color={kind === 'adjust' ? 'grape' : undefined}>
            {t(kind === 'deposit' ? 'depositButton' : 'adjustButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function WalletPanel() {
  const fmt = useFormat();
  const t = useT(workMessages);
  const balance = useQuery({ queryKey: adminKeys.balance, queryFn: fetchers.balance });
  const currency = balance.data?.currency ?? '';

  return (
    <Section title={t('walletTitle')}>
      {balance.isPending ? (
        <Skeleton height={44} />
      ) : balance.isError ? (
        <ErrorAlert title={t('walletLoadError')} error={balance.error} />
      ) : (
        <Stack gap={6}>
          <Figure label={t('balance')} value={fmt.money(balance.data.balance, currency)} strong />
          <SimpleGrid cols={2} spacing="xs">
            <Figure label={t('available')} value={fmt.money(balance.data.availableBalance, currency)} />
            <Figure label={t('frozen')} value={fmt.money(balance.data.frozenBalance, currency)} />
          </SimpleGrid>
        </Stack>
      )}
      <Tabs defaultValue="deposit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="deposit">{t('deposit')}</Tabs.Tab>
          <Tabs.Tab value="adjust">{t('adjust')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deposit" pt="xs">
          <EntryForm kind="deposit" currency={currency} />
        </Tabs.Panel>
        <Tabs.Panel value="adjust" pt="xs">
          <EntryForm kind="adjust" currency={currency} />
        </Tabs.Panel>
      </Tabs>
    </Section>
  );
}
