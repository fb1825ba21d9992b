import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminApi, data } from '../api/client';
import { adminKeys, fetchers } from '../features/admin/queries';
import { ErrorTextBody, useErrorText } from '../shared/ErrorAlert';
import { useDisplayCurrencyStore } from '../shared/format';
import { useT } from '../shared/i18n';
import { navigate } from './router';
import { navMessages } from './navMessages';

const LEDGER_ONLY = '';
/** Not a currency: the option that takes the operator to the rates (settings page). */
const SET_RATES = 'set-rates';

/**
 * The display currency beside ledger amounts ("¥458.10 (≈ $63.22)"), chosen among the currencies the
 * operator set a rate for (settings page / PUT /settings). Feeds the formatter's store; nothing converted
 * is ever sent to the server. Before any rate is set it still shows, offering to set rates (issue 26 item 15);
 * the last option always leads there. Reads and writes the one settings
 * cache entry (adminKeys.settings) every settings reader shares, so a change anywhere reaches them all.
 */
export function DisplayCurrencyPicker() {
  const t = useT(navMessages);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: fetchers.settings, staleTime: 60_000 });
  const set = useDisplayCurrencyStore((s) => s.set);
  const code = settings.data?.displayCurrency ?? null;
  const rate = code ? settings.data?.displayRates[code] : undefined;
  useEffect(() => {
    set(settings.data?.currency, code && rate ? { code, rate } : null);
  }, [set, settings.data?.currency, code, rate]);

  const choose = useMutation({
    mutationFn: (next: string | null) => data(adminApi().PUT('/settings', { body: { displayCurrency: next } })),
    onSuccess: (next) => queryClient.setQueryData(adminKeys.settings, next),
    // The picker shows the saved choice again; the refusal says why, worded as every error surface words
    // it (an ended UI session included), and the settings are read again in case they moved.
    onError: (error) => {
      notifications.show({ color: 'red', title: t('displayCurrencyFailed'), message: <ErrorTextBody text={errorText(error)} /> });
      return queryClient.invalidateQueries({ queryKey: adminKeys.settings });
    },
  });

  const codes = Object.keys(settings.data?.displayRates ?? {}).sort();
  if (!settings.data) return null;
  return (
    <Select
      size="xs"
      w={{ base: 96, sm: 80, md: 96 }}
      aria-label={t('displayCurrency')}
      allowDeselect={false}
      value={code ?? LEDGER_ONLY}
      onChange={(value) => (value === SET_RATES ? navigate('#/settings') : choose.mutate(value ? value : null))}
      disabled={choose.isPending}
      data={[
        { value: LEDGER_ONLY, label: settings.data.currency },
        ...codes.map((c) => ({ value: c, label: `≈ ${c}` })),
        { value: SET_RATES, label: t('displayCurrencySetRates') },
      ]}
      comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-end' }}
    />
  );
}
