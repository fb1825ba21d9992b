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

/** The packages of exchanges' replacements, from the timeline's `order.exchange_arrived` entries. */
function replacementPackageIds(order: OrderDetail): Set<number> {
  const ids = order.timeline.flatMap((entry) => (entry.parts ?? []).filter((p) => p.code === 'order.exchange_arrived').map((p) => Number(p.params.packageId)));
  return new Set(ids);
}

/**
 * The warehouse's quality check (GET /orders/:id/inspection) once it was made; its photos open large. An
 * exchange's replacement is inspected afresh when it arrives: its line (whose newest package it is) shows
 * that inspection below the original's.
 */
export function InspectionPanel({ order }: { order: OrderDetail }) {
  const t = useT(detailMessages);
  const notesText = useTimelineText(order.items);
  const fmt = useFormat();
  const formatDate = (iso: string) => fmt.date(iso);
  const inspected = order.inspection.result !== 'pending';
  const inspection = useOrderInspection(order.orderNo, inspected);
  const result = inspection.data?.result ?? order.inspection.result;
  const photos = inspection.data?.photos ?? order.inspection.photos;
  const labelOf = (r: string) => (r === 'passed' || r === 'issue_found' || r === 'pending' ? t(`result_${r}`) : r);
  const resultLabel = labelOf(result);
  const replacements = replacementPackageIds(order);
  const replaced = (inspection.data?.items ?? []).filter((line) => line.packageId !== null && replacements.has(line.packageId));

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
          {replaced.map((line) => {
            const item = `${line.title} (${line.skuName})`;
            return (
              <Stack key={line.itemId} gap="xs" role="group" aria-label={t('replacementInspection', { item })}>
                <Text size="sm" fw={500}>
                  {t('replacementInspection', { item })}
                </Text>
                <Group gap="xl" align="flex-start">
                  <Fact label={t('result')}>
                    <Badge color={RESULT_COLORS[line.result] ?? 'gray'} variant="light">
                      {labelOf(line.result)}
                    </Badge>
                  </Fact>
                  <Fact label={t('weight')}>{t('grams', { weight: line.weight.toLocaleString() })}</Fact>
                  <Fact label={t('replacementPackage')}>{line.packageId}</Fact>
                </Group>
                {line.photos.length > 0 ? (
                  <PhotoViewer photos={line.photos} orderNo={order.orderNo} product={item} label={t('replacementPhotosLabel', { item })} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('noPhotos')}
                  </Text>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
