import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { checkDuration, DURATION_PRESETS, formatSpan } from '../duration';
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

/** The service time runs on: wall time plus the offset, read once and ticked locally. */
function useTicking(now: string | undefined, readAt: number): Date | null {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
  return new Date(Date.parse(now) + Math.max(0, tick - readAt));
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
  const serviceNow = useTicking(clock.data?.now, clock.dataUpdatedAt);

  const run = (by: string) => advance.mutate(by, { onSuccess: setLast });

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
            {offset > 0 ? t('ahead', { span: formatSpan(offset) }) : t('inStep')}
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
              disabled={advance.isPending}
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
          <Button type="submit" mt={25} loading={advance.isPending}>
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
