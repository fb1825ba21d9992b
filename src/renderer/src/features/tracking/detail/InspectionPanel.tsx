import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { detailMessages } from '../messages';
import { useOrderInspection } from '../queries';
import { trackingGap } from '../status';
import type { OrderDetail } from '../types';
import { PhotoViewer } from './PhotoViewer';
import { Section } from './Section';
import { useFormat } from '../../../shared/format';
import { useTimelineText } from '../useTimelineText';

const RESULT_COLORS: Record<string, string> = { passed: 'green', issue_found: 'red', pending: 'gray' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </div>
  );
}

/** The warehouse's quality check (GET /orders/:id/inspection) once it was made; its photos open large. */
export function InspectionPanel({ order }: { order: OrderDetail }) {
  const t = useT(detailMessages);
  const notesText = useTimelineText();
  const fmt = useFormat();
  const formatDate = (iso: string) => fmt.date(iso);
  const inspected = order.inspection.result !== 'pending';
  const inspection = useOrderInspection(order.orderNo, inspected);
  const result = inspection.data?.result ?? order.inspection.result;
  const photos = inspection.data?.photos ?? order.inspection.photos;
  const resultLabel = result === 'passed' || result === 'issue_found' || result === 'pending' ? t(`result_${result}`) : result;

  return (
    <Section title={t('inspection')}>
      {!inspected ? (
        <Text size="sm" c="dimmed">
          {trackingGap(order.status) === 'endedUnshipped' ? t('inspectionEnded') : t('inspectionPending')}
        </Text>
      ) : inspection.isError ? (
        <ErrorAlert title={t('inspectionFailed')} error={inspection.error} />
      ) : (
        <Stack gap="sm">
          <Group gap="xl" align="flex-start">
            <Fact label={t('result')}>
              <Badge color={RESULT_COLORS[result] ?? 'gray'} variant="light">
                {resultLabel}
              </Badge>
            </Fact>
            <Fact label={t('weight')}>{t('grams', { weight: (inspection.data?.weight ?? order.inspection.weight).toLocaleString() })}</Fact>
            {inspection.data?.inspectedAt ? <Fact label={t('inspectedAt')}>{formatDate(inspection.data.inspectedAt)}</Fact> : null}
          </Group>
          {inspection.isPending ? <Skeleton height={16} /> : inspection.data.notes ? <Fact label={t('notes')}>{notesText({ note: inspection.data.notes, parts: inspection.data.notesParts })}</Fact> : null}
          {photos.length > 0 ? (
            <PhotoViewer photos={photos} orderNo={order.orderNo} product={order.items.map((item) => item.title).join(', ')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('noPhotos')}
            </Text>
          )}
          {order.inspection.requestedPhotos.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('requestedPhotos', { count: order.inspection.requestedPhotos.length })}
              </Text>
              <PhotoViewer
                photos={order.inspection.requestedPhotos.map((p) => p.url)}
                orderNo={order.orderNo}
                product={order.items.map((item) => item.title).join(', ')}
                label={t('requestedPhotosLabel')}
              />
            </Stack>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
