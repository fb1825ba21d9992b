import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { commonMessages, orderStatusKey } from '../messages';
import type { AdminOrderListItem, InspectionInput } from '../types';
import { workMessages } from './messages';
import { useAdvanceOrder, useRefundOrder, type AdvancedOrder } from './mutations';
import { LabelledSegmentedControl } from '../../../shared/LabelledSegmentedControl';
import { GrowingTextarea } from '../../../shared/GrowingTextarea';

export interface OrderDialog {
  kind: 'ship' | 'inspect' | 'refund';
  order: AdminOrderListItem;
}

const TRACKING = /^[A-Za-z0-9-]+$/;

function useMovedNotice() {
  const t = useT(workMessages);
  const tc = useT(commonMessages);
  return (moved: AdvancedOrder) => {
    const key = orderStatusKey(moved.status);
    notifications.show({ color: 'green', message: t('orderMoved', { orderNo: moved.orderNo, status: key ? tc(key) : moved.status }) });
  };
}

function FormButtons({ submit, pending, onClose, danger }: { submit: string; pending: boolean; onClose: () => void; danger?: boolean }) {
  const tc = useT(commonMessages);
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onClose}>
        {tc('cancel')}
      </Button>
      <Button type="submit" loading={pending} color={danger ? 'red' : undefined}>
        {submit}
      </Button>
    </Group>
  );
}

function ShipForm({ order, onClose }: { order: AdminOrderListItem; onClose: () => void }) {
  const t = useT(workMessages);
  const advance = useAdvanceOrder();
  const moved = useMovedNotice();
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const trackingError = trackingNo.trim() !== '' && !TRACKING.test(trackingNo.trim()) ? t('trackingInvalid') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trackingError) return;
    const body: { carrier?: string; trackingNo?: string } = {};
    if (carrier.trim()) body.carrier = carrier.trim();
    if (trackingNo.trim()) body.trackingNo = trackingNo.trim();
    advance.mutate({ orderNo: order.orderNo, body }, {
        onSuccess: (result) => {
          moved(result);
          onClose();
        },
      });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('shipHint')}
        </Text>
        <TextInput label={t('carrier')} placeholder={t('carrierPlaceholder')} value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} maxLength={64} data-autofocus />
        <TextInput
          label={t('trackingNo')}
          placeholder={t('trackingPlaceholder')}
          value={trackingNo}
          onChange={(e) => setTrackingNo(e.currentTarget.value)}
          maxLength={64}
          error={trackingError}
        />
        {advance.isError ? <ErrorAlert title={t('orderNotMoved', { orderNo: order.orderNo })} error={advance.error} /> : null}
        <FormButtons submit={t('recordShipment')} pending={advance.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function InspectForm({ order, onClose }: { order: AdminOrderListItem; onClose: () => void }) {
  const t = useT(workMessages);
  const advance = useAdvanceOrder();
  const moved = useMovedNotice();
  const [result, setResult] = useState<'passed' | 'issue_found'>('passed');
  const [weight, setWeight] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const inspection: InspectionInput = { result };
    if (typeof weight === 'number' && weight > 0) inspection.weight = Math.round(weight);
    if (notes.trim()) inspection.notes = notes.trim();
    const urls = photos
      .split(/\s+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (urls.length > 0) inspection.photos = urls;
    advance.mutate({ orderNo: order.orderNo, body: { inspection } }, {
        onSuccess: (result) => {
          moved(result);
          onClose();
        },
      });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('inspectHint')}
        </Text>
        <LabelledSegmentedControl
          label={t('result')}
          value={result}
          onChange={(v) => setResult(v as 'passed' | 'issue_found')}
          data={[
            { value: 'passed', label: t('passed') },
            { value: 'issue_found', label: t('issueFound') },
          ]}
          color={result === 'passed' ? 'teal' : 'red'}
          style={{ alignSelf: 'flex-start' }}
        />
        <NumberInput
          label={t('weight')}
          description={t('weightHint')}
          value={weight}
          onChange={setWeight}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
        />
        <GrowingTextarea label={t('notes')} placeholder={t('notesPlaceholder')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} minRows={2} />
        <GrowingTextarea
          label={t('photos')}
          description={t('photosHint')}
          placeholder="https://…"
          value={photos}
          onChange={(e) => setPhotos(e.currentTarget.value)}
          minRows={1}
        />
        {advance.isError ? <ErrorAlert title={t('orderNotMoved', { orderNo: order.orderNo })} error={advance.error} /> : null}
        <FormButtons submit={t('recordInspection')} pending={advance.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function RefundForm({ order, onClose }: { order: AdminOrderListItem; onClose: () => void }) {
  const fmt = useFormat();
  const t = useT(workMessages);
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate(
      { orderNo: order.orderNo, reason: reason.trim() || undefined },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', title: t('orderRefunded'), message: result.message });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('refundText', { amount: fmt.money(order.totalAmount, order.currency) })}</Text>
        <GrowingTextarea label={t('reason')} placeholder={t('reasonPlaceholder')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} minRows={2} />
        {refund.isError ? <ErrorAlert title={t('orderNotRefunded', { orderNo: order.orderNo })} error={refund.error} /> : null}
        <FormButtons submit={t('confirmRefund')} pending={refund.isPending} onClose={onClose} danger />
      </Stack>
    </form>
  );
}

/** One Modal for the steps that take the staff's data: seller shipped, arrived and inspected, refund. */
export function OrderStepModal({ dialog, onClose }: { dialog: OrderDialog | null; onClose: () => void }) {
  const t = useT(workMessages);
  const orderNo = dialog?.order.orderNo ?? '';
  const title = !dialog ? '' : dialog.kind === 'ship' ? t('shipTitle', { orderNo }) : dialog.kind === 'inspect' ? t('inspectTitle', { orderNo }) : t('refundTitle', { orderNo });
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={title} centered size="md">
      {dialog?.kind === 'ship' ? <ShipForm key={orderNo} order={dialog.order} onClose={onClose} /> : null}
      {dialog?.kind === 'inspect' ? <InspectForm key={orderNo} order={dialog.order} onClose={onClose} /> : null}
      {dialog?.kind === 'refund' ? <RefundForm key={orderNo} order={dialog.order} onClose={onClose} /> : null}
    </Modal>
  );
}
