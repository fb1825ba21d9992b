import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import { useT } from '../../../../shared/i18n';
import { useIntent } from '../../../../shared/useIntent';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useFulfilPhotos } from './queries';

type Request = AdminOrderDetail['photoRequests'][number];
type Fulfil = ReturnType<typeof useFulfilPhotos>;

function PendingRequest({ order, request, fulfil }: { order: AdminOrderDetail; request: Request; fulfil: Fulfil }) {
  const t = useT(afterSalesMessages);
  const intent = useIntent({ orderNo: order.orderNo, rid: request.id });
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm">{t('photoRequestRow', { id: request.id, count: request.count, note: request.note ? ` · “${request.note}”` : '' })}</Text>
      <Button
        size="compact-sm"
        variant="light"
        aria-label={t('addPhotosLabel', { id: request.id })}
        loading={intent.busy}
        onClick={() => intent.run((key, finish) => fulfil.mutate({ rid: request.id, key }, { onError: () => finish(false), onSuccess: () => finish(true) }))}
      >
        {t('addPhotos')}
      </Button>
    </Group>
  );
}

/** The user's paid requests for extra inspection photos; the warehouse adds them (section 3). */
export function PhotoRequests({ order }: { order: AdminOrderDetail }) {
  const t = useT(afterSalesMessages);
  const [done, setDone] = useState<string | null>(null);
  const fulfil = useFulfilPhotos(order.orderNo, (updated, { rid }) => {
    const after = updated.photoRequests.find((r) => r.id === rid);
    if (after) setDone(t('photosAdded', { id: after.id, count: after.photos.length }));
  });
  return (
    <Stack gap="xs" role="group" aria-label={t('photosTitle')}>
      <Title order={4} size="h5">
        {t('photosTitle')}
      </Title>
      {order.photoRequests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noPhotoRequests')}
        </Text>
      ) : null}
      {order.photoRequests.map((request) =>
        request.status === 'requested' ? (
          <PendingRequest key={request.id} order={order} request={request} fulfil={fulfil} />
        ) : (
          <Text key={request.id} size="sm" c="dimmed">
            {t('photoRequestDone', { id: request.id, count: request.photos.length })}
          </Text>
        ),
      )}
      <Outcome done={fulfil.isError ? null : done} error={fulfil.isError ? fulfil.error : null} errorTitle={t('photosNotAdded')} />
    </Stack>
  );
}
