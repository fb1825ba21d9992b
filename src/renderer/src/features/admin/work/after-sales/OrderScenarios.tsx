import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import type { OrderScenario } from '../../../../../../contract/enums';
import { useEnumWords } from '../../../../shared/enumWords';
import { useT } from '../../../../shared/i18n';
import { useFormat } from '../../../../shared/format';
import { useIntent } from '../../../../shared/useIntent';
import { commonMessages, orderStatusKey } from '../../messages';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useSimulateOrder } from './queries';
import { orderScenarioFits, type Fit } from './scenarioFit';

/** The six order scenarios of the sandbox; only those that fit the order as it stands are on. */
export function OrderScenarios({ order }: { order: AdminOrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const words = useEnumWords();
  const tc = useT(commonMessages);
  const simulate = useSimulateOrder(order.orderNo);
  const [chosen, setChosen] = useState<OrderScenario | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const intent = useIntent({ orderNo: order.orderNo, scenario: chosen });
  const statusLabel = (status: string) => {
    const key = orderStatusKey(status);
    return key ? tc(key) : status;
  };
  const why = (fit: Fit) =>
    fit.ok ? null : 'fired' in fit ? t('alreadyFired') : 'supplementPending' in fit ? t('supplementPending') : t('needsStatus', { status: fit.needs.map(statusLabel).join(', ') });

  const fire = (scenario: OrderScenario) => {
    setChosen(scenario);
    setDone(null);
    intent.run((key, finish) =>
      simulate.mutate(
        { scenario, key },
        {
          onError: () => finish(false),
          onSuccess: (updated) => {
            finish(true);
            setDone(
              t('fired', {
                scenario: words.scenario(scenario),
                orderNo: updated.orderNo,
                status: statusLabel(updated.status),
                due: fmt.money(updated.amountDue, updated.currency),
              }),
            );
          },
        },
      ),
    );
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('scenariosTitle')}>
      <Title order={4} size="h5">
        {t('scenariosTitle')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('scenariosHint')}
      </Text>
      <Group gap="xs">
        {orderScenarioFits(order).map(({ scenario, fit }) => {
          const reason = why(fit);
          const button = (
            <Button
              key={scenario}
              size="compact-sm"
              variant={fit.ok ? 'light' : 'default'}
              color="orange"
              disabled={!fit.ok || intent.busy}
              loading={intent.busy && chosen === scenario}
              onClick={() => fire(scenario)}
              aria-description={reason ?? undefined}
            >
              {words.scenario(scenario)}
            </Button>
          );
          return reason ? (
            <Tooltip key={scenario} label={reason} withinPortal>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          );
        })}
      </Group>
      <Outcome
        done={done}
        error={simulate.isError && !intent.busy ? simulate.error : null}
        errorTitle={t('notFired', { scenario: chosen ? words.scenario(chosen) : '' })}
      />
    </Stack>
  );
}
