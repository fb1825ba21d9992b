import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { orderCharges, ShippingOrderExtras } from './OrderExtras';
import { SettlementCard, ShippingSupplementBanner } from './ShippingSettlement';
import { useState, type ReactNode } from 'react';
import { useHashQuery } from '../../app/router';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { CargoBadge, ShippingStatusBadge, useLabel, useWarehouseT } from './bits';
import { formatWeight, shippingActions } from './logic';
import { useCountryNames } from '../account/countries';
import { useCancelShipping, useConfirmDelivery, useIdempotencyKey, useShippingOrder, useWallet } from './queries';
import type { CancelShippingResult, ConfirmDeliveryResult, ShippingOrderDetail } from './types';
import { useShippingEventText } from './useShippingEventText';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** The text with each occurrence of a name (data, not prose: a channel, a carrier, a recipient) marked not to be translated. */
function keepNames(text: string, names: readonly unknown[]): ReactNode {
  const name = names.find((n): n is string => typeof n === 'string' && n !== '' && text.includes(n));
  if (name === undefined) return text;
  return text.split(name).flatMap((piece, i) => (i === 0 ? [piece] : [<span key={i} translate="no">{name}</span>, piece]));
}

function WalletCard({ order }: { order: ShippingOrderDetail }) {
  const fmt = useFormat();
  const t = useWarehouseT();
  const wallet = useWallet();
  // The whole hold (freight, insurance, storage): what was frozen, then charged or released.
  const total = fmt.money(order.totalCharge, order.currency);
  // Extra postage is debited apart from the hold: said beside it, with the order's total as the Charges box has it.
  const charges = orderCharges(order);
  const extraPostage = Math.round((charges.total - order.totalCharge) * 100) / 100;
  return (
    <Card title={t('wallet')}>
      {wallet.isError ? <ErrorAlert title={t('wallet')} error={wallet.error} /> : null}
      {wallet.data ? (
        <>
          <Field label={t('walletBalance')}>{fmt.money(wallet.data.balance, wallet.data.currency)}</Field>
          <Field label={t('walletFrozen')}>{fmt.money(wallet.data.frozenBalance, wallet.data.currency)}</Field>
          <Field label={t('walletAvailable')}>{fmt.money(wallet.data.availableBalance, wallet.data.currency)}</Field>
        </>
      ) : wallet.isPending ? (
        <Skeleton height={60} />
      ) : null}
      <Text size="xs" c="dimmed">
        {order.status === 'pending' || order.status === 'awaiting_payment'
          ? t('walletHeld', { total })
          : order.status === 'cancelled'
            ? t('walletReleased', { total })
            : t(order.couponDiscount > 0 ? 'walletCapturedWithCoupon' : 'walletCaptured', { total })}
      </Text>
      {extraPostage > 0 ? (
        <Text size="xs" c="dimmed">
          {t('walletExtraPostage', { amount: fmt.money(extraPostage, order.currency), total: fmt.money(charges.total, order.currency) })}
        </Text>
      ) : null}
    </Card>
  );
}

function Actions({ order, onCancelled, onDelivered }: { order: ShippingOrderDetail; onCancelled: (r: CancelShippingResult) => void; onDelivered: (r: ConfirmDeliveryResult) => void }) {
  const fmt = useFormat();
  const t = useWarehouseT();
  const allowed = shippingActions(order.status);
  const cancel = useCancelShipping(order.orderNo);
  const confirm = useConfirmDelivery(order.orderNo);
  const [asking, setAsking] = useState(false);
  // Confirming delivery completes the purchase orders and cannot be undone: it is asked first.
  const [confirming, setConfirming] = useState(false);
  // One key per order: a repeated click on "Yes, cancel it" can never release the fee twice.
  const cancelKey = useIdempotencyKey({ cancel: order.orderNo });
  const total = fmt.money(order.totalCharge, order.currency);

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {allowed.cancel && !asking ? (
          <Button variant="light" color="red" onClick={() => setAsking(true)}>
            {t('cancelOrder')}
          </Button>
        ) : null}
        {allowed.confirmDelivery ? (
          <Button color="green" onClick={() => setConfirming(true)}>
            {t('confirmDelivery')}
          </Button>
        ) : null}
      </Group>
      <Modal opened={confirming && allowed.confirmDelivery} onClose={() => setConfirming(false)} title={t('confirmDelivery')} centered>
        <Stack gap="md">
          <Text size="sm">{t('confirmDeliveryQuestion', { orderNo: order.orderNo })}</Text>
          {confirm.isError ? <ErrorAlert title={t('confirmError')} error={confirm.error} /> : null}
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={confirm.isPending}>
              {t('confirmDeliveryNo')}
            </Button>
            <Button
              color="green"
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(undefined, {
                  onSuccess: (result) => {
                    setConfirming(false);
                    onDelivered(result);
                  },
                })
              }
            >
              {t('confirmDeliveryYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {allowed.cancel && asking ? (
        <Paper withBorder p="sm" radius="md" role="alertdialog" aria-label={t('cancelOrder')} maw={420}>
          <Stack gap="xs">
            <Text size="sm">{t('cancelConfirm', { total })}</Text>
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setAsking(false)} disabled={cancel.isPending}>
                {t('cancelNo')}
              </Button>
              <Button
                color="red"
                size="xs"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(cancelKey, {
                    onSuccess: (result) => {
                      setAsking(false);
                      onCancelled(result);
                    },
                  })
                }
              >
                {t('cancelYes')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {cancel.isError ? <ErrorAlert title={t('cancelError')} error={cancel.error} /> : null}
    </Stack>
  );
}

export function ShippingOrderPage({ orderNo }: { orderNo: string }) {
  const fmt = useFormat();
  const t = useWarehouseT();
  const describe = useShippingEventText();
  const label = useLabel();
  const dateTime = (iso: string | null | undefined) => fmt.date(iso);
  const query = useHashQuery();
  const order = useShippingOrder(orderNo);
  const wallet = useWallet();
  const { nameOf } = useCountryNames();
  const [cancelled, setCancelled] = useState<CancelShippingResult | null>(null);
  const [delivered, setDelivered] = useState<ConfirmDeliveryResult | null>(null);

  const back = (
    <Anchor href="#/shipping" size="sm">
      {t('backToShipping')}
    </Anchor>
  );
  if (order.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton height={32} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert title={t('orderError')} error={order.error} />
      </Stack>
    );
  }
  const o = order.data;
  const fee = fmt.money(o.shippingFee, o.currency);
  const country = nameOf(o.recipient.country);
  const events = [...o.events].reverse();

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2}>{o.orderNo}</Title>
          <ShippingStatusBadge status={o.status} size="lg" />
        </Group>
        <Actions order={o} onCancelled={setCancelled} onDelivered={setDelivered} />
      </Group>

      {query.get('created') === '1' && o.status === 'pending' ? (
        <Alert color="green" variant="light" title={t('createdBanner')}>
          {t('createdBannerText', { total: fmt.money(o.totalCharge, o.currency), frozen: wallet.data ? fmt.money(wallet.data.frozenBalance, wallet.data.currency) : '…' })}
        </Alert>
      ) : null}
      {cancelled ? (
        <Alert color="green" variant="light" title={t('cancelled')}>
          {t('cancelledText', { amount: fmt.money(cancelled.refundAmount, o.currency) })}
        </Alert>
      ) : null}
      {delivered ? (
        <Alert color="green" variant="light" title={t('delivered')}>
          {t('deliveredText', { date: dateTime(delivered.deliveredAt) })}
        </Alert>
      ) : null}

      <ShippingSupplementBanner order={o} />

      <ShippingOrderExtras order={o} />

      {/* Two across at most: four across at 1280 px left the weighing card ~245 px, and its quoted / packed
          table ran past the card's edge ("Packed (billed)" cut). */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card title={t('shipment')}>
          <Field label={t('channel')}>
            <span translate="no">{o.channelName}</span>
          </Field>
          <Field label={t('trackingNo')}>{o.trackingNo || t('notYet')}</Field>
          <Field label={t('chargeWeightOf')}>{formatWeight(o.totalWeight)}</Field>
          <Field label={t('shippingFee')}>{fee}</Field>
          <Field label={t('createdAt')}>{dateTime(o.createdAt)}</Field>
          {o.shippedAt ? <Field label={t('shippedAt')}>{dateTime(o.shippedAt)}</Field> : null}
          {o.deliveredAt ? <Field label={t('deliveredAt')}>{dateTime(o.deliveredAt)}</Field> : null}
          {o.remark ? <Field label={t('remark')}>{o.remark}</Field> : null}
        </Card>
        <WalletCard order={o} />
        <SettlementCard order={o} />
        <Card title={t('recipient')}>
          <Stack gap={0} translate="no">
          <Text size="sm" fw={600}>
            {o.recipient.name}
          </Text>
          <Text size="sm">{o.recipient.phone}</Text>
          <Text size="sm">{o.recipient.address}</Text>
          <Text size="sm">{[o.recipient.city, o.recipient.state, o.recipient.zipCode].filter(Boolean).join(', ')}</Text>
          </Stack>
          <Text size="sm">{country}</Text>
        </Card>
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" component="section" aria-label={t('items')}>
        <Title order={3} size="h5" mb="xs">
          {t('items')}
        </Title>
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label={t('itemsLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colProduct')}</Table.Th>
                <Table.Th>{t('colQuantity')}</Table.Th>
                <Table.Th>{t('colWeight')}</Table.Th>
                <Table.Th>{t('colCargo')}</Table.Th>
                <Table.Th>{t('colOrder')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.items.map((item) => (
                <Table.Tr key={item.inventoryId} aria-label={item.name}>
                  <Table.Td>
                    <Text size="sm"><span translate="no">{item.name}</span></Text>
                    <Text size="xs" c="dimmed">
                      #{item.inventoryId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.quantity}</Table.Td>
                  <Table.Td>{formatWeight(item.weight)}</Table.Td>
                  <Table.Td>
                    <CargoBadge cargo={item.cargoType} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`#/orders/${encodeURIComponent(item.orderId)}`} size="sm">
                      {item.orderId}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-label={t('events')}>
        <Title order={3} size="h5" mb="sm">
          {t('events')}
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noEvents')}
          </Text>
        ) : (
          <Timeline active={0} bulletSize={16} lineWidth={2}>
            {events.map((event, index) => (
              <Timeline.Item key={`${event.at}-${index}`} title={label('ship', event.status)}>
                <Text size="sm">{keepNames(describe(event), [o.channelName, event.params?.carrier, event.params?.name])}</Text>
                <Text size="xs" c="dimmed">
                  {dateTime(event.at)} · <span translate="no">{event.location}</span>
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
