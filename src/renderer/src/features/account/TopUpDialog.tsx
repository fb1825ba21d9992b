import { Alert, Button, Group, Modal, Radio, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import type { TopUpScenario } from '../../../../contract/enums';
import { actionHeaders, adminApi, data, openApi } from '../../api/client';
import { useWorldStore } from '../../api/worldStore';
import { AmountInput } from '../../shared/AmountInput';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { useIntent } from '../../shared/useIntent';
import { useNumberError } from '../admin/numberRange';
import { TOP_UP_AMOUNT_RULE, topUpAmount } from './topUpAmount';
import { adminKeys, fetchers } from '../admin/queries';
import { topUpMessages } from './topUpMessages';

type TopUpBody = { method: 'paypal' | 'card' | 'alipay' | 'wechat' | 'bank_transfer'; amount: number; currency?: string };
type Method = TopUpBody['method'];
/** What the top-up does: as its method does, or a sandbox outcome the operator picked (Crossbuy-Scenario). */
type Outcome = TopUpScenario | 'as_method';

/** The operator's figures of each method (the person at the app is also the operator: the back office's list). */
function useTopUpMethods() {
  return useQuery({ queryKey: ['admin', 'top-up-methods'], queryFn: () => data(adminApi().GET('/wallet/top-up-methods')), staleTime: 60_000 });
}

/** Whether the operator lets requests pick a sandbox outcome (the Crossbuy-Scenario header; off: a 400). */
function useScenariosAllowed(): boolean {
  const figures = useQuery({ queryKey: ['admin', 'warehouse-figures'], queryFn: () => data(adminApi().GET('/warehouse/figures')), staleTime: 60_000 });
  return figures.data?.scenarioHeaderEnabled === 1;
}

function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key, outcome }: { body: TopUpBody; key: string; outcome: Outcome }) =>
      data(openApi().POST('/user/wallet/top-ups', { body, ...actionHeaders(key, outcome === 'as_method' ? null : outcome) })),
    onSettled: () => Promise.all(['wallet', 'dashboard'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/**
 * What the top-up being typed would charge and credit: the service's preview (POST /user/wallet/top-ups/preview,
 * the create's own rules), asked once typing pauses. Never figured here.
 */
function useTopUpPreview(body: TopUpBody | null, outcome: Outcome) {
  // The sandbox outcome goes with the preview as with the top-up: the service says what it would do.
  const [settled] = useDebouncedValue(body ? { body, outcome } : null, 250);
  // The dialog belongs to the world it was opened in: a pause in typing that ends after that world was
  // lost (the page falling back to the default world, the dialog about to close) asks no other world.
  const world = useWorldStore((s) => s.selected);
  const [openedIn] = useState(world);
  return useQuery({
    queryKey: ['wallet', 'top-up-preview', settled],
    queryFn: () =>
      data(
        openApi().POST('/user/wallet/top-ups/preview', {
          body: settled!.body,
          ...(settled!.outcome === 'as_method' ? {} : { headers: { 'Crossbuy-Scenario': settled!.outcome } }),
        }),
      ),
    enabled: settled !== null && world === openedIn,
    retry: false,
    staleTime: 10_000,
  });
}

/**
 * The wallet's Top up: a method (its fee and arrival as the operator set them), an amount and a currency.
 * Nothing of the money is computed here: the fee, the rate and what arrives are the service's answer,
 * previewed before paying and confirmed once the top-up is made (a bank transfer is shown pending until it arrives).
 */
export function TopUpButton() {
  const t = useT(topUpMessages);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('open')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('title')} centered size="lg">
        {opened ? <TopUpForm onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function TopUpForm({ onClose }: { onClose: () => void }) {
  const t = useT(topUpMessages);
  const fmt = useFormat();
  const methods = useTopUpMethods();
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: fetchers.settings, staleTime: 60_000 });
  const create = useCreateTopUp();
  const [method, setMethod] = useState<Method | null>(null);
  // What was typed, as the field holds it ("12." while typing a decimal): never cleared or flipped here.
  const [amount, setAmount] = useState<number | string>('');
  const numberError = useNumberError();
  // A minus, zero or too much is shown as an error and nothing is sent (never flipped, rounded or clamped).
  const amountError = numberError(amount, TOP_UP_AMOUNT_RULE);
  const value = topUpAmount(amount);
  // The ledger's currency is the settings' answer, never a guess: until it comes nothing can be sent.
  const ledger = settings.data?.currency ?? null;
  const [currency, setCurrency] = useState<string | null>(null);
  const chosenCurrency = currency ?? ledger;
  const enabled = (methods.data ?? []).filter((m) => m.enabled);
  const chosen = method ?? enabled[0]?.method ?? null;
  const body: TopUpBody | null = chosen && ledger && chosenCurrency && value !== null ? { method: chosen, amount: value, ...(chosenCurrency === ledger ? {} : { currency: chosenCurrency }) } : null;
  const scenariosAllowed = useScenariosAllowed();
  const [chosenOutcome, setOutcome] = useState<Outcome>('as_method');
  const outcome = scenariosAllowed ? chosenOutcome : 'as_method';
  // Another outcome is another intent: a declined try never replays as the credited one.
  const intent = useIntent(body ? { body, outcome } : null);
  const preview = useTopUpPreview(body, outcome);
  // Only the preview of exactly what would be sent (not one of a value still being typed).
  const previewed = preview.data && body && preview.data.method === body.method && preview.data.amount === body.amount && preview.data.currency === (body.currency ?? ledger) ? preview.data : null;
  const currencies = ledger ? [ledger, ...Object.keys(settings.data?.displayRates ?? {}).filter((c) => c !== ledger).sort()] : [];
  const result = create.data;

  if (result) {
    const status = result.status;
    return (
      <Stack gap="md" data-testid="top-up-result">
        <Alert color={status === 'succeeded' ? 'green' : status === 'pending' ? 'yellow' : 'red'} variant="light" title={t('result', { id: result.id })} role="status">
          <Text size="sm">{t(`status_${status}`)}</Text>
          {status === 'pending' && result.expectedAt ? <Text size="sm">{t('expectedAt', { date: fmt.date(result.expectedAt) })}</Text> : null}
          {status === 'failed' && result.failureReason ? (
            <Text size="sm" translate="no">
              {t('reason', { reason: result.failureReason })}
            </Text>
          ) : null}
        </Alert>
        <Table aria-label={t('result', { id: result.id })}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('method')}</Table.Th>
              <Table.Td>{t(`method_${result.method}`)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              {/* A declined top-up took nothing: what was asked, not what was paid. */}
              <Table.Th scope="row">{t(status === 'failed' ? 'asked' : 'paid')}</Table.Th>
              <Table.Td data-testid="top-up-paid">{fmt.moneyOnly(result.amount, result.currency)}</Table.Td>
            </Table.Tr>
            {result.currency !== result.ledgerCurrency ? (
              <Table.Tr>
                <Table.Th scope="row">{t('rate')}</Table.Th>
                <Table.Td data-testid="top-up-rate">{t('rateValue', { rate: result.rate, currency: result.currency, ledger: result.ledgerCurrency })}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Th scope="row">{t('fee')}</Table.Th>
              <Table.Td data-testid="top-up-fee">{fmt.moneyOnly(result.fee, result.ledgerCurrency)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('credited')}</Table.Th>
              <Table.Td data-testid="top-up-credited" fw={600}>
                {fmt.moneyOnly(result.credited, result.ledgerCurrency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => create.reset()}>
            {t('another')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </Group>
      </Stack>
    );
  }

  // A form: Enter in the Amount field tops up as the button does (one intent, the same lock).
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!body) return;
    intent.run((key, done) => create.mutate({ body, key, outcome }, { onSuccess: () => done(true), onError: () => done(false) }));
  };
  return (
    <Stack gap="md" component="form" onSubmit={submit}>
      {methods.isPending || settings.isPending ? <Skeleton height={96} role="progressbar" aria-label={t('loading')} /> : null}
      {methods.isError ? <ErrorAlert title={t('methodsError')} error={methods.error} /> : null}
      {settings.isError ? <ErrorAlert title={t('settingsError')} error={settings.error} /> : null}
      {methods.data && enabled.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noMethods')}
        </Text>
      ) : null}
      <Radio.Group label={t('method')} value={chosen} onChange={(value) => setMethod(value as Method)}>
        <Stack gap={6} mt={4}>
          {enabled.map((m) => (
            <Radio
              key={m.method}
              value={m.method}
              label={t(`method_${m.method}`)}
              description={`${
                m.feeRate === 0 && m.fixedFee === 0
                  ? t('noFee')
                  : m.fixedFee === 0
                    ? t('feePercent', { rate: m.feeRate })
                    : t('feePercentFixed', { rate: m.feeRate, fixed: fmt.moneyOnly(m.fixedFee, m.fixedFeeCurrency) })
              } · ${t(`arrival_${m.arrival}`)}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {scenariosAllowed ? (
        <Select
          label={t('outcome')}
          description={t('outcomeHint')}
          value={outcome}
          onChange={(value) => setOutcome((value as Outcome | null) ?? 'as_method')}
          allowDeselect={false}
          data={[
            { value: 'as_method', label: t('outcome_as_method') },
            { value: 'declined', label: t('outcome_declined') },
            { value: 'pending_review', label: t('outcome_pending_review') },
          ]}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <Group grow align="flex-start">
        <AmountInput label={t('amount')} value={amount} onChange={setAmount} error={amount === '' ? null : amountError} />
        <Select label={t('currency')} value={chosenCurrency} onChange={(v) => setCurrency(v)} data={currencies} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
      </Group>
      {previewed && outcome === 'declined' ? (
        // The service's preview of a declined top-up credits nothing: said in words, not as "0.00 arrives".
        <Text size="sm" data-testid="top-up-preview">
          {t('previewDeclined')}
        </Text>
      ) : previewed ? (
        <Text size="sm" data-testid="top-up-preview">
          {t('previewLine', { fee: fmt.moneyOnly(previewed.fee, previewed.ledgerCurrency), credited: fmt.moneyOnly(previewed.credited, previewed.ledgerCurrency) })}
          {previewed.expectedAt ? ` · ${t('expectedAt', { date: fmt.date(previewed.expectedAt) })}` : ''}
        </Text>
      ) : body && preview.isError ? (
        <ErrorAlert title={t('previewFailed')} error={preview.error} />
      ) : null}
      <Text size="xs" c="dimmed">
        {t('feeNote')}
      </Text>
      {create.isError ? <ErrorAlert title={t('failed')} error={create.error} /> : null}
      <Group justify="flex-end">
        <Button type="submit" disabled={!body} loading={create.isPending || intent.busy}>
          {body ? t('submit', { amount: fmt.moneyOnly(body.amount, body.currency ?? ledger ?? undefined) }) : t('open')}
        </Button>
      </Group>
    </Stack>
  );
}
