import { Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { commonMessages } from '../messages';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { useNumberError } from '../numberRange';
import { AUTOPILOT_PACES, type Pace } from '../types';
import { workMessages, type WorkKey } from './messages';
import { useRunAutopilot, useSaveAutopilot } from './mutations';
import { ScenarioRatesForm } from './after-sales/ScenarioRatesForm';
import { LabelledSegmentedControl } from '../../../shared/LabelledSegmentedControl';
import { DEFAULT_WORLD, useWorldStore } from '../../../api/worldStore';
import { worldFetchers, worldKeys } from '../../worlds/queries';

const PACE_LABEL: Record<Pace, WorkKey> = { off: 'paceOff', realistic: 'paceRealistic', demo: 'paceDemo' };
const PACE_HINT: Record<Pace, WorkKey> = { off: 'paceOffHint', realistic: 'paceRealisticHint', demo: 'paceDemoHint' };

function isPace(value: string): value is Pace {
  return (AUTOPILOT_PACES as readonly string[]).includes(value);
}

function RefundRateForm({ saved }: { saved: number }) {
  const t = useT(workMessages);
  const tc = useT(commonMessages);
  const save = useSaveAutopilot();
  const [rate, setRate] = useState<number | string>(saved);
  const numberError = useNumberError();
  const rateError = numberError(rate, { min: 0, max: 100 });
  const dirty = typeof rate === 'number' && rate !== saved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof rate !== 'number' || rateError) return;
    save.mutate(
      { refundRate: rate },
      { onSuccess: (view) => notifications.show({ color: 'green', message: t('rateSaved', { rate: view.refundRate }) }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label={t('refundRate')}
          description={t('refundRateHint')}
          value={rate}
          onChange={setRate}
          decimalScale={2}
          clampBehavior="none"
          error={rateError}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" disabled={!dirty || rateError !== null} loading={save.isPending}>
          {tc('save')}
        </Button>
      </Group>
      {save.isError ? <ErrorAlert title={t('autopilotNotSaved')} error={save.error} /> : null}
    </form>
  );
}

export function AutopilotPanel() {
  const t = useT(workMessages);
  const autopilot = useQuery({ queryKey: adminKeys.autopilot, queryFn: fetchers.autopilot });
  // A frozen world's autopilot runs only as its clock is advanced: the pace's own hint would promise movement.
  const selected = useWorldStore((s) => s.selected);
  const world = useQuery({ queryKey: worldKeys.one(selected), queryFn: () => worldFetchers.one(selected), enabled: selected !== DEFAULT_WORLD, staleTime: 30_000 });
  const frozen = selected !== DEFAULT_WORLD && world.data?.frozen === true;
  const savePace = useSaveAutopilot();
  const run = useRunAutopilot();
  const pace = autopilot.data && isPace(autopilot.data.pace) ? autopilot.data.pace : null;

  return (
    <Section title={t('autopilotTitle')}>
      {autopilot.isPending ? (
        <Skeleton height={80} />
      ) : autopilot.isError ? (
        <ErrorAlert title={t('autopilotLoadError')} error={autopilot.error} />
      ) : (
        <Stack gap="sm">
          <LabelledSegmentedControl
            label={t('pace')}
            value={pace ?? ''}
            onChange={(value) =>
              savePace.mutate(
                { pace: value },
                { onSuccess: (view) => notifications.show({ color: 'green', message: t('paceSaved', { pace: isPace(view.pace) ? t(PACE_LABEL[view.pace]) : view.pace }) }) },
              )
            }
            disabled={savePace.isPending}
            data={AUTOPILOT_PACES.map((p) => ({ value: p, label: t(PACE_LABEL[p]) }))}
            fullWidth
            hint={
              pace ? (
                <Text size="xs" c="dimmed">
                  {t(frozen && pace !== 'off' ? 'paceFrozenHint' : PACE_HINT[pace])}
                </Text>
              ) : null
            }
          />
          {savePace.isError ? <ErrorAlert title={t('autopilotNotSaved')} error={savePace.error} /> : null}
          <RefundRateForm key={autopilot.data.refundRate} saved={autopilot.data.refundRate} />
          <ScenarioRatesForm />
          <Group justify="flex-start">
            <Button
              variant="default"
              size="compact-sm"
              loading={run.isPending}
              onClick={() => run.mutate(undefined, { onSuccess: (r) => notifications.show({ message: t('ran', { steps: r.steps }) }) })}
            >
              {t('runNow')}
            </Button>
          </Group>
          {run.isError ? <ErrorAlert title={t('runFailed')} error={run.error} /> : null}
        </Stack>
      )}
    </Section>
  );
}
