import { Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminApi, data } from '../api/client';
import { useDisplayCurrencyStore } from '../shared/format';
import { useT } from '../shared/i18n';
import { navMessages } from './navMessages';

/** The same cache entry the settings page reads and writes. */
const SETTINGS_KEY = ['admin', 'settings'] as const;
const LEDGER_ONLY = '';

/**
 * The display currency beside ledger amounts ("¥458.10 (≈ $63.22)"), chosen among the currencies the
 * operator set a rate for (settings page / PUT /settings). Feeds the formatter's store; nothing converted
 * is ever sent to the server. Hidden until the operator has set a rate.
 */
export function DisplayCurrencyPicker() {
  const t = useT(navMessages);
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => data(adminApi().GET('/settings')), staleTime: 60_000 });
  const set = useDisplayCurrencyStore((s) => s.set);
  const code = settings.data?.displayCurrency ?? null;
  const rate = code ? settings.data?.displayRates[code] : undefined;
  useEffect(() => {
    set(settings.data?.currency, code && rate ? { code, rate } : null);
  }, [set, settings.data?.currency, code, rate]);

  const choose = useMutation({
    mutationFn: (next: string | null) => data(adminApi().PUT('/settings', { body: { displayCurrency: next } })),
    onSuccess: (next) => queryClient.setQueryData(SETTINGS_KEY, next),
  });

  const codes = Object.keys(settings.data?.displayRates ?? {}).sort();
  if (!settings.data || codes.length === 0) return null;
  return (
    <Select
      size="xs"
      w={96}
      aria-label={t('displayCurrency')}
      allowDeselect={false}
      value={code ?? LEDGER_ONLY}
      onChange={(value) => choose.mutate(value ? value : null)}
      disabled={choose.isPending}
      data={[{ value: LEDGER_ONLY, label: settings.data.currency }, ...codes.map((c) => ({ value: c, label: `≈ ${c}` }))]}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
