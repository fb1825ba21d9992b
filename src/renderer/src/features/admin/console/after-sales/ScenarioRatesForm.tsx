import { Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../../shared/ErrorAlert';
import { useT } from '../../../../shared/i18n';
import { commonMessages } from '../../messages';
import { afterSalesMessages, type AfterSalesKey } from './messages';
import { useSaveScenarioRates, useScenarioRates, type OrderRates, type ShippingRatesBp } from './queries';

/** Every rated scenario, in percent on the form; the shipping ones are kept in basis points by the service. */
const ORDER_RATED = ['price_increase', 'price_decrease', 'domestic_freight', 'qc_issue', 'seller_delay'] as const;
const SHIPPING_RATED = [
  ['customs_hold', 'customsHoldRateBp'],
  ['lost_in_transit', 'lostInTransitRateBp'],
  ['customs_seized', 'customsSeizedRateBp'],
] as const;
type Rated = (typeof ORDER_RATED)[number] | (typeof SHIPPING_RATED)[number][0];
type Rates = Record<Rated, number>;

function RatesForm({ saved }: { saved: Rates }) {
  const t = useT(afterSalesMessages);
  const tc = useT(commonMessages);
  const save = useSaveScenarioRates();
  const [rates, setRates] = useState<Record<Rated, number | string>>(saved);
  const changed = (Object.keys(saved) as Rated[]).filter((k) => typeof rates[k] === 'number' && rates[k] !== saved[k]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const order: Partial<OrderRates> = {};
    const shipping: Partial<ShippingRatesBp> = {};
    for (const name of ORDER_RATED) if (changed.includes(name)) order[name] = rates[name] as number;
    for (const [name, field] of SHIPPING_RATED) if (changed.includes(name)) shipping[field] = Math.round((rates[name] as number) * 100);
    save.mutate(
      { order: Object.keys(order).length > 0 ? order : null, shipping: Object.keys(shipping).length > 0 ? shipping : null },
      { onSuccess: () => notifications.show({ color: 'green', message: t('ratesSaved') }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('ratesTitle')}>
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {([...ORDER_RATED, ...SHIPPING_RATED.map(([name]) => name)] as Rated[]).map((name) => (
            <NumberInput
              key={name}
              size="xs"
              label={t(`scenario_${name}` as AfterSalesKey)}
              value={rates[name]}
              onChange={(value) => setRates((r) => ({ ...r, [name]: value }))}
              min={0}
              max={100}
              decimalScale={2}
              allowNegative={false}
              clampBehavior="strict"
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" size="compact-sm" disabled={changed.length === 0} loading={save.isPending}>
            {tc('save')}
          </Button>
        </Group>
        {save.isError ? <ErrorAlert title={t('ratesNotSaved')} error={save.error} /> : null}
      </Stack>
    </form>
  );
}

/** The autopilot's per-scenario rates (extensions.md section 8), seen and set in one form. */
export function ScenarioRatesForm() {
  const t = useT(afterSalesMessages);
  const { autopilot, figures } = useScenarioRates();
  if (autopilot.isPending || figures.isPending) return <Skeleton height={120} />;
  if (autopilot.isError || figures.isError) return <ErrorAlert title={t('ratesLoadError')} error={autopilot.error ?? figures.error} />;
  const saved: Rates = {
    ...autopilot.data.scenarioRates,
    customs_hold: figures.data.customsHoldRateBp / 100,
    lost_in_transit: figures.data.lostInTransitRateBp / 100,
    customs_seized: figures.data.customsSeizedRateBp / 100,
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('ratesTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('ratesHint')}
      </Text>
      <RatesForm key={JSON.stringify(saved)} saved={saved} />
    </Stack>
  );
}
