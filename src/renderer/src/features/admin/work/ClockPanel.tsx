import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useLanguageStore, useT } from '../../../shared/i18n';
import { useIntent } from '../../../shared/useIntent';
import { useWorldStore } from '../../../api/worldStore';
import { worldFetchers, worldKeys } from '../../worlds/queries';
import { checkDuration, clockStanding, DURATION_PRESETS, formatSpan, type ClockStanding } from '../duration';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import type { ClockAdvanceResult } from '../types';
import { workMessages, type WorkKey } from './messages';
import { useAdvanceClock } from './mutations';
import { useFormat } from '../../../shared/format';

const REASON_KEY: Record<'empty' | 'format' | 'zero' | 'tooLong', WorkKey> = {
  empty: 'durationEmpty',
  format: 'durationFormat',
  zero: 'durationZero',
  tooLong: 'durationTooLong',
};

const STANDING_KEY: Record<ClockStanding, WorkKey> = {
  ahead: 'ahead',
  behind: 'behind',
  inStep: 'inStep',
  frozen: 'clockFrozen',
  frozenAtStart: 'clockFrozenAtStart',
};

/** The service time runs on: wall time plus the offset, read once and ticked locally. */
function useTicking(now: string | undefined, readAt: number, frozen: boolean): Date | null {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
  // A frozen clock stands still between advances.
  return new Date(Date.parse(now) + (frozen ? 0 : Math.max(0, tick - readAt)));
}

export function ClockPanel() {
  const t = useT(workMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso);
  const clock = useQuery({ queryKey: adminKeys.clock, queryFn: fetchers.clock });
  const advance = useAdvanceClock();
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [last, setLast] = useState<ClockAdvanceResult | null>(null);
  const language = useLanguageStore((s) => s.language);
  // The clock's answer does not say whether it is frozen: the selected world does.
  const selected = useWorldStore((s) => s.selected);
  const world = useQuery({ queryKey: worldKeys.one(selected), queryFn: () => worldFetchers.one(selected), staleTime: 60_000 });
  const frozen = world.data?.frozen ?? false;
  const serviceNow = useTicking(clock.data?.now, clock.dataUpdatedAt, frozen);

  // One move per click: a double click on "+1h" before the buttons disabled moved the clock 2 h.
  const once = useIntent(null);
  const run = (by: string) => once.run((_key, done) => advance.mutate(by, { onSuccess: setLast, onSettled: () => done(true) }));

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const check = checkDuration(custom);
    if (!check.ok) {
      setCustomError(t(REASON_KEY[check.reason]));
      return;
    }
    setCustomError(null);
    run(check.text);
  };

  const offset = clock.data?.offsetMs ?? 0;

  return (
    <Section title={t('clockTitle')}>
      {clock.isPending ? (
        <Skeleton height={44} />
      ) : clock.isError ? (
        <ErrorAlert title={t('clockLoadError')} error={clock.error} />
      ) : (
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('serviceTime')}
          </Text>
          <Text fw={700} size="lg">
            <time dateTime={serviceNow?.toISOString()} aria-label={t('serviceTime')}>
              {serviceNow ? formatDate(serviceNow.toISOString()) : ''}
            </time>
          </Text>
          <Text size="xs" c="dimmed" data-testid="clock-offset">
            {t(STANDING_KEY[clockStanding(offset, frozen)], { span: formatSpan(offset, language) })}
          </Text>
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('advanceBy')}
        </Text>
        <Group gap="xs">
          {DURATION_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="compact-sm"
              variant="light"
              onClick={() => run(preset)}
              disabled={advance.isPending || once.busy}
              aria-label={t('advanceByPreset', { duration: preset })}
            >
              +{preset}
            </Button>
          ))}
        </Group>
      </Stack>
      <form onSubmit={submitCustom} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('custom')}
            placeholder={t('customPlaceholder')}
            value={custom}
            onChange={(e) => {
              setCustom(e.currentTarget.value);
              setCustomError(null);
            }}
            error={customError}
            maxLength={20}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={advance.isPending || once.busy}>
            {t('advance')}
          </Button>
        </Group>
      </form>
      {advance.isError ? <ErrorAlert title={t('clockNotMoved')} error={advance.error} /> : null}
      {last && !advance.isError ? (
        <Text size="sm" role="status">
          {t(last.steps === 1 ? 'advancedOne' : 'advanced', { from: formatDate(last.from), to: formatDate(last.to), steps: last.steps })}
        </Text>
      ) : null}
    </Section>
  );
}
