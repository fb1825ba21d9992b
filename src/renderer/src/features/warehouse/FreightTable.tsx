import { Badge, Button, Group, Radio, Table, Text } from '@mantine/core';
import { Fragment, useState, type MouseEvent } from 'react';
import { useFormat } from '../../shared/format';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { useWarehouseT, WRAPPING } from './bits';
import { formatWeight, type FreightRow } from './logic';

interface Props {
  rows: FreightRow[];
  selectedId: string | null;
  onSelect: (channelId: string) => void;
  /** True when the quotes include dimensions: the volumetric weight is then worth showing. */
  withDimensions: boolean;
}

/**
 * Channels side by side: one price, the fee a shipping order on the channel will freeze (rows come sorted by
 * it), and the delivery time; the weights behind that price on demand, per row. Channels that cannot take
 * the shipment are flagged.
 */
export function FreightTable({ rows, selectedId, onSelect, withDimensions }: Props) {
  const fmt = useFormat();
  const t = useWarehouseT();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const cheapestId = rows.find((r) => r.carriable)?.quote.channelId;
  const toggle = (channelId: string) => (event: MouseEvent) => {
    event.stopPropagation();
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(channelId)) next.add(channelId);
      return next;
    });
  };
  return (
    <Table.ScrollContainer minWidth={560}>
      <Radio.Group value={selectedId} onChange={onSelect} aria-label={t('freightLabel')}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('freightLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t('colChannel')}</Table.Th>
              <Table.Th>{t('colCarrier')}</Table.Th>
              <Table.Th ta="right">{t('colPrice')}</Table.Th>
              <Table.Th>{t('colDelivery')}</Table.Th>
              <Table.Th>{t('colWeights')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const { quote, carriable, problem, fee } = row;
              const selected = quote.channelId === selectedId;
              const expanded = open.has(quote.channelId);
              const detailsId = `freight-weights-${quote.channelId}`;
              return (
                <Fragment key={quote.channelId}>
                  <Table.Tr
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
                          <Badge size="xs" color="green" variant="light" styles={wholeBadgeStyles}>
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
                    <Table.Td ta="right">
                      <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {fee === null ? t('notYet') : fmt.money(fee, quote.currency)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('deliveryDays', { days: quote.deliveryDays })}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={toggle(quote.channelId)}
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        aria-label={t('weightsOf', { name: quote.name })}
                      >
                        {expanded ? t('hideWeights') : t('showWeights')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {expanded ? (
                    <Table.Tr id={detailsId}>
                      <Table.Td />
                      <Table.Td colSpan={5}>
                        <WeightBreakdown row={row} withDimensions={withDimensions} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Radio.Group>
    </Table.ScrollContainer>
  );
}

/**
 * The weights behind a row's price: the billed quote's actual and charge weight, and the volumetric
 * weight only when dimensions were given (said to be unbilled when the order is priced on weight alone).
 */
function WeightBreakdown({ row, withDimensions }: { row: FreightRow; withDimensions: boolean }) {
  const t = useWarehouseT();
  const billed = row.billed ?? row.quote;
  const volumetricBilled = row.billed === row.quote;
  return (
    <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('weightsOf', { name: row.quote.name })}>
      <Text component="li" size="sm">
        {t('weightActual', { weight: formatWeight(billed.actualWeight) })}
      </Text>
      {withDimensions && row.quote.volumetricWeight > 0 ? (
        <Text component="li" size="sm">
          {t(volumetricBilled ? 'weightVolumetric' : 'weightVolumetricUnbilled', { weight: formatWeight(row.quote.volumetricWeight) })}
        </Text>
      ) : null}
      <Text component="li" size="sm" fw={600}>
        {t('weightCharge', { weight: formatWeight(billed.chargeWeight) })}
      </Text>
    </Group>
  );
}
