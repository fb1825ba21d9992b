import { Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../../shared/ErrorAlert';
import { useEnumWords } from '../../../../shared/enumWords';
import { useT } from '../../../../shared/i18n';
import { commonMessages } from '../../messages';
import { useNumberError } from '../../numberRange';
import { afterSalesMessages } from './messages';
import type { ScenarioRates } from '../../../../../../contract/admin/simulation';
import { useSaveScenarioRates, useScenarioRates } from './queries';

/** Every rated scenario, order ones then shipping ones, in percent (the autopilot settings hold them all). */
const RATED = ['price_increase', 'price_decrease', 'domestic_freight', 'qc_issue', 'seller_delay', 'customs_hold', 'lost_in_transit', 'customs_seized'] as const;
type Rated = (typeof RATED)[number];

function RatesForm({ saved }: { saved: ScenarioRates }) {
  const t = useT(afterSalesMessages);
  const words = useEnumWords();
  const tc = useT(commonMessages);
  const save = useSaveScenarioRates();
  const [rates, setRates] = useState<Record<Rated, number | string>>(saved);
  const numberError = useNumberError();
  const errorOf = (name: Rated) => numberError(rates[name], { min: 0, max: 100 });
  const invalid = RATED.some((name) => errorOf(name) !== null);
  const changed = (Object.keys(saved) as Rated[]).filter((k) => typeof rates[k] === 'number' && rates[k] !== saved[k]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0 || invalid) return;
    const patch: Partial<ScenarioRates> = {};
    for (const name of changed) patch[name] = rates[name] as number;
    save.mutate(patch, { onSuccess: () => notifications.show({ color: 'green', message: t('ratesSaved') }) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('ratesTitle')}>
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {RATED.map((name) => (
            <NumberInput
              key={name}
              size="xs"
              label={words.scenario(name)}
              value={rates[name]}
              onChange={(value) => setRates((r) => ({ ...r, [name]: value }))}
              decimalScale={2}
              clampBehavior="none"
              error={errorOf(name)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" size="compact-sm" disabled={changed.length === 0 || invalid} loading={save.isPending}>
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
  const autopilot = useScenarioRates();
  if (autopilot.isPending) return <Skeleton height={120} />;
  if (autopilot.isError) return <ErrorAlert title={t('ratesLoadError')} error={autopilot.error} />;
  const saved: ScenarioRates = autopilot.data.scenarioRates;
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
