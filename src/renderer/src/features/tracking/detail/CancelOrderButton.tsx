import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { detailMessages } from '../messages';
import { useCancelOrder } from '../queries';
import type { RefundResult, OrderDetail } from '../types';
import { MAX_REASON } from '../../../../../contract/limits';
import { GrowingTextarea } from '../../../shared/GrowingTextarea';

/** Cancel with an optional reason; each confirming click sends its own Idempotency-Key. */
export function CancelOrderButton({ order, onCancelled }: { order: OrderDetail; onCancelled: (result: RefundResult) => void }) {
  const fmt = useFormat();
  const t = useT(detailMessages);
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(order.orderNo, (result) => {
    onCancelled(result);
    notifications.show({
      color: 'green',
      title: t('cancelledTitle'),
      message: t('cancelledBody', { amount: fmt.money(result.refundAmount, order.currency) }),
    });
  });

  const onClose = () => {
    if (cancel.isPending) return;
    close();
    cancel.reset();
  };

  const confirm = () =>
    cancel.mutate(reason.trim(), {
      onSuccess: () => {
        close();
        setReason('');
      },
    });

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        {t('cancel')}
      </Button>
      <Modal opened={opened} onClose={onClose} title={t('cancelTitle', { orderNo: order.orderNo })} centered>
        <Stack gap="sm">
          <Text size="sm">{t('cancelBody', { amount: fmt.money(order.totalAmount, order.currency) })}</Text>
          <GrowingTextarea
            label={t('reason')}
            description={t('reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={MAX_REASON}
            minRows={2}
            data-autofocus
          />
          {cancel.isError ? <ErrorAlert title={t('cancelFailed')} error={cancel.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              {t('keep')}
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              {t('confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
