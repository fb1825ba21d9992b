import { Button, CloseButton, Group, Modal, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { commonMessages } from '../messages';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { ShippingStatusBadge } from '../../warehouse/bits';
import type { ShippingOrderListItem } from '../types';
import { workMessages } from './messages';
import { useClearShippingException, useDeliverShipping, useDispatchShipping } from './mutations';
import { ShippingScenarioMenu } from './after-sales/ShippingScenarioMenu';

const TRACKING = /^[A-Za-z0-9-]+$/;
const STATUSES = ['pending', 'shipped', 'exception'] as const;

interface Failure {
  title: string;
  error: unknown;
}

function DispatchForm({ order, onClose }: { order: ShippingOrderListItem; onClose: () => void }) {
  const t = useT(workMessages);
  const tc = useT(commonMessages);
  const dispatch = useDispatchShipping();
  const [trackingNo, setTrackingNo] = useState('');
  const invalid = trackingNo.trim() !== '' && !TRACKING.test(trackingNo.trim());
  const inFlight = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || inFlight.current) return;
    inFlight.current = true;
    dispatch.mutate(
      { orderNo: order.orderNo, trackingNo: trackingNo.trim() || undefined },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('dispatched', { orderNo: order.orderNo }) });
          onClose();
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('dispatchHint')}
        </Text>
        <TextInput
          label={t('trackingNo')}
          placeholder={t('trackingPlaceholder')}
          value={trackingNo}
          onChange={(e) => setTrackingNo(e.currentTarget.value)}
          maxLength={64}
          error={invalid ? t('trackingInvalid') : null}
          data-autofocus
        />
        {dispatch.isError ? <ErrorAlert title={t('shippingNotMoved', { orderNo: order.orderNo })} error={dispatch.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={dispatch.isPending}>
            {t('confirmDispatch')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The question asked before a step that cannot be taken back. */
interface Confirmation {
  title: string;
  body: string;
  yes: string;
  no: string;
}

/**
 * One step of a shipping order by hand: deliver (shipped) or clear a customs hold (exception); a step
 * given a confirmation only asks on the click, and runs once the question is answered.
 */
function StepButton({
  order,
  useStep,
  label,
  done,
  color,
  confirmation,
  onFailure,
}: {
  order: ShippingOrderListItem;
  useStep: typeof useDeliverShipping | typeof useClearShippingException;
  label: string;
  done: string;
  color: string;
  confirmation?: Confirmation;
  onFailure: (f: Failure) => void;
}) {
  const t = useT(workMessages);
  const step = useStep();
  const [asking, setAsking] = useState(false);
  // Locks synchronously: a double click sent two requests, a success and a "changed in the meantime".
  const inFlight = useRef(false);
  // mutateAsync, not mutate's callbacks: the step moves the row to another status, which unmounts this
  // button (and mutate's own callbacks with it) before the answer's toast would show.
  const run = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    void step
      .mutateAsync(order.orderNo)
      .then(
        () => notifications.show({ color: 'green', message: done }),
        (error: unknown) => onFailure({ title: t('shippingNotMoved', { orderNo: order.orderNo }), error }),
      )
      .finally(() => {
        inFlight.current = false;
        setAsking(false);
      });
  };
  return (
    <>
      <Button size="compact-sm" color={color} loading={step.isPending} onClick={() => (confirmation ? setAsking(true) : run())}>
        {label}
      </Button>
      {confirmation ? (
        <ConfirmModal
          opened={asking}
          title={confirmation.title}
          confirmLabel={confirmation.yes}
          cancelLabel={confirmation.no}
          busy={step.isPending}
          onConfirm={run}
          onCancel={() => setAsking(false)}
        >
          <Text size="sm">{confirmation.body}</Text>
        </ConfirmModal>
      ) : null}
    </>
  );
}

export function ShippingPanel() {
  const fmt = useFormat();
  const t = useT(workMessages);
  const formatDate = (iso: string | null | undefined) => fmt.date(iso, 'short');
  const [dispatching, setDispatching] = useState<ShippingOrderListItem | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const lists = useQueries({
    queries: STATUSES.map((status) => ({ queryKey: adminKeys.shipping(status), queryFn: () => fetchers.shipping(status) })),
  });
  const loading = lists.some((q) => q.isPending);
  const error = lists.find((q) => q.isError)?.error;
  const rows = lists.flatMap((q) => q.data?.items ?? []);

  return (
    <Section title={t('shippingTitle')}>
      {failure ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <ErrorAlert title={failure.title} error={failure.error} />
          </div>
          <CloseButton aria-label={t('dismiss')} onClick={() => setFailure(null)} />
        </Group>
      ) : null}
      {loading ? (
        <Skeleton height={64} />
      ) : error ? (
        <ErrorAlert title={t('shippingLoadError')} error={error} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noShipping')}
        </Text>
      ) : (
        // Status and creation under the order number, the tracking number under the channel, the step buttons
        // wrapping in their cell: at 900 px every column fits (narrower windows scroll, scrollbar shown).
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ type: 'auto' }}>
          <Table striped verticalSpacing="xs" horizontalSpacing={8} aria-label={t('shippingTitle')}>
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th>{t('colShippingOrder')}</Table.Th>
                <Table.Th>{t('colActions')}</Table.Th>
                <Table.Th>
                  {t('colChannel')}
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('colTracking')}
                  </Text>
                </Table.Th>
                <Table.Th ta="right">{t('colWeight')}</Table.Th>
                <Table.Th ta="right">{t('colFee')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((order) => (
                <Table.Tr key={order.orderNo}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {order.orderNo}
                    </Text>
                    <ShippingStatusBadge status={order.status} />
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={t('colCreated')}>
                      {formatDate(order.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {order.status === 'pending' ? (
                      <Button size="compact-sm" onClick={() => setDispatching(order)}>
                        {t('dispatch')}
                      </Button>
                    ) : (
                      <Group gap={4}>
                        {order.status === 'shipped' ? (
                          <StepButton order={order} useStep={useDeliverShipping} label={t('markDelivered')} done={t('delivered', { orderNo: order.orderNo })} color="green" onFailure={setFailure} />
                        ) : null}
                        {order.status === 'exception' ? (
                          <StepButton
                            order={order}
                            useStep={useClearShippingException}
                            label={t('clearException')}
                            done={t('exceptionCleared', { orderNo: order.orderNo })}
                            color="blue"
                            confirmation={{ title: t('clearExceptionTitle', { orderNo: order.orderNo }), body: t('clearExceptionBody'), yes: t('clearExceptionYes'), no: t('keepHold') }}
                            onFailure={setFailure}
                          />
                        ) : null}
                        <ShippingScenarioMenu orderNo={order.orderNo} status={order.status} />
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" translate="no">
                      {order.channelName}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {order.trackingNo || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {t('grams', { weight: order.totalWeight.toLocaleString('en-US') })}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {fmt.money(order.shippingFee, order.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={dispatching !== null} onClose={() => setDispatching(null)} title={t('dispatchTitle', { orderNo: dispatching?.orderNo ?? '' })} centered>
        {dispatching ? <DispatchForm key={dispatching.orderNo} order={dispatching} onClose={() => setDispatching(null)} /> : null}
      </Modal>
    </Section>
  );
}
