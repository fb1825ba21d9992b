import { Button, Group, Modal, NumberInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
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
import { numberProblem, useNumberError } from '../numberRange';
import { useAdminOrder } from './after-sales/queries';
import { PHOTO_URL_PATTERN } from '../../../../../contract/admin/orders';

export interface OrderDialog {
  kind: 'ship' | 'inspect' | 'refund';
  order: AdminOrderListItem;
}

const TRACKING = /^[A-Za-z0-9-]+$/;
/** The contract's photo link and how many an inspection takes (admin/orders.ts). */
const PHOTO_URL = new RegExp(PHOTO_URL_PATTERN);
const MAX_PHOTOS = 10;

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
    advance.mutate({ orderNo: order.orderNo, body: { ...body, to: 'shipped_to_warehouse' } }, {
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
  const numberError = useNumberError();
  // "12.7" stays 12.7 and asks for whole grams (allowDecimal={false} dropped the dot: 127 g).
  const weightRule = { min: 1, max: 1_000_000, optional: true };
  const weightError = numberProblem(weight, { ...weightRule, whole: true }) === 'whole' ? t('weightWhole') : numberError(weight, weightRule);

  const urls = photos
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  // The contract's rule for a photo link, said on the field before sending (the service's answer named
  // "inspection.photos[0]" and its pattern).
  const badUrl = urls.find((url) => !PHOTO_URL.test(url));
  const photosError = badUrl !== undefined ? t('photoUrlInvalid', { url: badUrl }) : urls.length > MAX_PHOTOS ? t('photosTooMany', { max: MAX_PHOTOS }) : null;
  const [photosTried, setPhotosTried] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhotosTried(true);
    if (weightError || photosError) return;
    const inspection: InspectionInput = { result };
    if (typeof weight === 'number') inspection.weight = weight;
    if (notes.trim()) inspection.notes = notes.trim();
    if (urls.length > 0) inspection.photos = urls;
    advance.mutate({ orderNo: order.orderNo, body: { inspection, to: 'in_warehouse' } }, {
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
          clampBehavior="none"
          thousandSeparator=","
          error={weightError}
        />
        <GrowingTextarea label={t('notes')} placeholder={t('notesPlaceholder')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} minRows={2} />
        <GrowingTextarea
          label={t('photos')}
          description={t('photosHint')}
          placeholder="https://…"
          value={photos}
          onChange={(e) => setPhotos(e.currentTarget.value)}
          error={photosTried ? photosError : null}
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
  const detail = useAdminOrder(order.orderNo);
  const [reason, setReason] = useState('');
  // What goes back is what is left of the order's money (less after a price decrease or an earlier refund).
  const left = detail.data ? Math.max(0, Math.round((detail.data.money.paid - detail.data.money.refunded) * 100) / 100) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate(
      { orderNo: order.orderNo, reason: reason.trim() || undefined },
      {
        onSuccess: (result) => {
          // Built here, in the UI's language (the answer's message is English).
          notifications.show({
            color: 'green',
            title: t('orderRefunded'),
            message: t('refundedToast', { orderNo: result.orderNo, amount: fmt.money(result.refundAmount, order.currency) }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {left === null ? (
          detail.isError ? (
            <Text size="sm">{t('refundTextUnknown')}</Text>
          ) : (
            <Skeleton height={40} />
          )
        ) : left <= 0 ? (
          <Text size="sm">{t('refundNothingLeft', { amount: fmt.money(detail.data?.money.refunded ?? 0, order.currency) })}</Text>
        ) : (
          <Text size="sm">{t(left >= order.totalAmount ? 'refundText' : 'refundTextLeft', { amount: fmt.money(left, order.currency) })}</Text>
        )}
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
