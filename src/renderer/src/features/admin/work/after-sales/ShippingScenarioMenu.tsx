import { Button, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ShippingScenario } from '../../../../../../contract/enums';
import { useEnumWords } from '../../../../shared/enumWords';
import { useT } from '../../../../shared/i18n';
import { useIntent } from '../../../../shared/useIntent';
import { commonMessages, shippingStatusKey } from '../../messages';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useSimulateShipping } from './queries';
import { shippingScenarioFits } from './scenarioFit';

/** The section 8 shipping scenarios for one shipping order: those that do not fit its status are off. */
export function ShippingScenarioMenu({ orderNo, status }: { orderNo: string; status: string }) {
  const t = useT(afterSalesMessages);
  const words = useEnumWords();
  const tc = useT(commonMessages);
  const statusLabel = (s: string) => {
    const key = shippingStatusKey(s);
    return key ? tc(key) : s;
  };
  const simulate = useSimulateShipping(orderNo, (updated, scenario) =>
    notifications.show({
      color: 'orange',
      message: t('shippingFired', { scenario: words.scenario(scenario), orderNo: updated.orderNo, status: statusLabel(updated.status) }),
    }),
  );
  const [chosen, setChosen] = useState<ShippingScenario | null>(null);
  const intent = useIntent({ orderNo, scenario: chosen });
  const fits = shippingScenarioFits(status);
  if (!fits.some((f) => f.fit.ok)) return null;

  const fire = (scenario: ShippingScenario) => {
    setChosen(scenario);
    intent.run((key, finish) =>
      simulate.mutate(
        { scenario, key },
        {
          onError: () => finish(false),
          onSuccess: () => finish(true),
        },
      ),
    );
  };

  return (
    <Stack gap={4}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="subtle" color="orange" loading={intent.busy} aria-label={t('simulateFor', { orderNo })}>
            {t('simulate')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {fits.map(({ scenario, fit }) => (
            <Menu.Item key={scenario} disabled={!fit.ok} onClick={() => fire(scenario)}>
              {words.scenario(scenario)}
              {!fit.ok && 'needs' in fit ? (
                <Text size="xs" c="dimmed">
                  {t('needsStatus', { status: fit.needs.map(statusLabel).join(', ') })}
                </Text>
              ) : null}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Outcome
        done={null}
        error={simulate.isError && !intent.busy ? simulate.error : null}
        errorTitle={t('notFired', { scenario: chosen ? words.scenario(chosen) : '' })}
        conflict={t('shippingConflict', { status: statusLabel(status) })}
      />
    </Stack>
  );
}
