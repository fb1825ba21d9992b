import { Badge, Group, Radio, Table, Text } from '@mantine/core';
import { formatMoney } from '../../shared/money';
import { NO_SHRINK, useWarehouseT, WRAPPING } from './bits';
import { formatWeight, type FreightRow } from './logic';

interface Props {
  rows: FreightRow[];
  selectedId: string | null;
  onSelect: (channelId: string) => void;
  /** True when the quotes include dimensions: the billed fee may then differ from the quoted price. */
  withDimensions: boolean;
}

/** Channels side by side: weights, price, delivery time; those that cannot take the shipment flagged. */
export function FreightTable({ rows, selectedId, onSelect, withDimensions }: Props) {
  const t = useWarehouseT();
  const cheapestId = rows.find((r) => r.carriable)?.quote.channelId;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Radio.Group value={selectedId} onChange={onSelect} aria-label={t('freightLabel')}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('freightLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t('colChannel')}</Table.Th>
              <Table.Th>{t('colCarrier')}</Table.Th>
              <Table.Th ta="right">{t('colActual')}</Table.Th>
              <Table.Th ta="right">{t('colVolumetric')}</Table.Th>
              <Table.Th ta="right">{t('colCharge')}</Table.Th>
              <Table.Th ta="right">{t('colPrice')}</Table.Th>
              {withDimensions ? <Table.Th ta="right">{t('colFee')}</Table.Th> : null}
              <Table.Th>{t('colDelivery')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ quote, carriable, problem, fee }) => {
              const selected = quote.channelId === selectedId;
              return (
                <Table.Tr
                  key={quote.channelId}
                  aria-label={quote.name}
                  aria-disabled={!carriable || undefined}
                  bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ cursor: carriable ? 'pointer' : 'not-allowed', opacity: carriable ? 1 : 0.6 }}
                  onClick={() => carriable && onSelect(quote.channelId)}
                >
                  <Table.Td>
                    <Radio value={quote.channelId} disabled={!carriable} aria-label={t('chooseChannel', { name: quote.name })} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {quote.name}
                    </Text>
                    <Group gap={4} mt={2}>
                      {quote.channelId === cheapestId ? (
                        <Badge size="xs" color="green" variant="light" styles={NO_SHRINK}>
                          {t('cheapest')}
                        </Badge>
                      ) : null}
                      {problem ? (
                        <Badge size="xs" color="red" variant="light" styles={WRAPPING}>
                          {problem === 'cargo' ? t('problemCargo') : t('problemWeight')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{quote.carrier ?? ''}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatWeight(quote.actualWeight)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatWeight(quote.volumetricWeight)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatWeight(quote.chargeWeight)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={withDimensions ? undefined : 700} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(quote.totalPrice, quote.currency)}
                    </Text>
                  </Table.Td>
                  {withDimensions ? (
                    <Table.Td ta="right">
                      <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {fee === null ? t('notYet') : formatMoney(fee, quote.currency)}
                      </Text>
                    </Table.Td>
                  ) : null}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('deliveryDays', { days: quote.deliveryDays })}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Radio.Group>
    </Table.ScrollContainer>
  );
}
