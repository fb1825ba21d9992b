import { Anchor, Popover, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { data, openApi } from '../../api/client';
import { useCountryNames } from '../account/countries';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { estimateMessages } from './estimateMessages';
import { formatWeight } from './logic';
import { useAddresses } from './queries';

export interface EstimateItem {
  productId: number;
  skuId?: string;
  quantity: number;
  /** The product's title, for the basis (the estimate names products by id only). */
  title: string;
}

/** Where the shopper ships: the default address's country, else the first address's, else the United States. */
function useHomeCountry(): string {
  const addresses = useAddresses();
  const list = addresses.data ?? [];
  return (list.find((a) => a.isDefault) ?? list[0])?.country ?? 'US';
}

/**
 * "About ¥86 to ship to Germany": the cheapest quote of POST /logistics/estimate for these items, the basis
 * (each product's weight and where it came from) a click away. Every figure is the service's.
 */
export function ShipEstimate({ items }: { items: readonly EstimateItem[] }) {
  const t = useT(estimateMessages);
  const fmt = useFormat();
  const { countries, nameOf } = useCountryNames();
  const home = useHomeCountry();
  const [chosen, setChosen] = useState<string | null>(null);
  const countryCode = chosen ?? home;
  const body = { countryCode, items: items.map(({ productId, skuId, quantity }) => ({ productId, quantity, ...(skuId ? { skuId } : {}) })) };
  const estimate = useQuery({
    queryKey: ['logistics', 'estimate', body],
    queryFn: () => data(openApi().POST('/logistics/estimate', { body })),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
  });
  if (items.length === 0) return null;
  if (estimate.isError) return <ErrorAlert title={t('failed')} error={estimate.error} />;
  if (!estimate.data) {
    return (
      <Text size="sm" c="dimmed">
        {t('estimating')}
      </Text>
    );
  }
  const e = estimate.data;
  const country = nameOf(e.countryCode);
  const cheapest = e.quotes[0];
  const titleOf = new Map(items.map((i) => [i.productId, i.title]));
  return (
    <Popover width={420} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Anchor component="button" type="button" size="sm" data-testid="ship-estimate">
          {cheapest ? t('about', { amount: fmt.money(cheapest.totalPrice, cheapest.currency), country }) : t('none', { country })}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown data-testid="ship-estimate-basis">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('basisTitle')}
          </Text>
          <Select
            size="xs"
            label={t('country')}
            value={countryCode}
            onChange={(v) => v && setChosen(v)}
            data={countries.map((c) => ({ value: c.code, label: nameOf(c.code) }))}
            allowDeselect={false}
            searchable
            // The popover's focus trap lands here: opening on focus would cover the basis with the country list.
            openOnFocus={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Table aria-label={t('basisLabel')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colProduct')}</Table.Th>
                <Table.Th>{t('colQuantity')}</Table.Th>
                <Table.Th>{t('colWeight')}</Table.Th>
                <Table.Th>{t('colSource')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.basis.map((b) => (
                <Table.Tr key={b.productId}>
                  <Table.Td>
                    <Text size="xs" translate="no" lineClamp={2}>
                      {titleOf.get(b.productId) ?? `#${b.productId}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{b.quantity}</Table.Td>
                  <Table.Td>{formatWeight(b.weight)}</Table.Td>
                  <Table.Td>{t(`source_${b.source}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">{t('totalWeight', { weight: formatWeight(e.estimatedWeight) })}</Text>
          <Text size="sm">{t('volumetric', { weight: formatWeight(e.estimatedVolumetricWeight) })}</Text>
          {cheapest ? (
            <Text size="sm">
              {t('cheapest', { channel: cheapest.name, days: cheapest.deliveryDays })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('note')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
