import { Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { detailMessages } from '../messages';
import { useOrderLogistics } from '../queries';
import { trackingGap } from '../status';
import type { OrderDetail } from '../types';
import { Section } from './Section';
import { useFormat } from '../../../shared/format';
import { useLogisticsText } from '../useTimelineText';
import { useSourceLabel } from '../../shop/messages';

const EMPTY_MESSAGE = { awaitingSeller: 'logisticsEmpty', endedUnshipped: 'logisticsEnded', noEvents: 'logisticsNone' } as const;

/** The domestic leg, seller to warehouse (GET /orders/:id/logistics), newest event first. */
export function LogisticsTrail({ order }: { order: OrderDetail }) {
  const t = useT(detailMessages);
  const fmt = useFormat();
  const formatDate = (iso: string) => fmt.date(iso);
  const describe = useLogisticsText();
  const logistics = useOrderLogistics(order.orderNo);
  const platformLabel = useSourceLabel();
  // One parcel per seller (issue 26 item 9): each with its own carrier and tracking number.
  const shipped = (logistics.data?.parcels ?? []).filter((p) => p.carrier || p.trackingNo);
  const parcels = shipped.length > 0 ? shipped : order.logistics.trackingNo ? [{ ...order.logistics, platform: '', shopName: '' }] : [];
  const events = [...(logistics.data?.events ?? [])].reverse();

  return (
    <Section title={t('logistics')} hint={t('logisticsHint')}>
      {parcels.map((parcel) => (
        <Group gap="xl" key={`${parcel.platform}-${parcel.shopName}-${parcel.trackingNo ?? ''}`} data-testid="domestic-parcel">
          {parcels.length > 1 ? (
            <Text size="sm" fw={500} style={{ minWidth: '10rem' }}>
              {platformLabel(parcel.platform)} · <span translate="no">{parcel.shopName}</span>
            </Text>
          ) : null}
          <div>
            <Text size="xs" c="dimmed">
              {t('carrier')}
            </Text>
            <Text size="sm" fw={600}>
              {parcel.carrier}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('trackingNo')}
            </Text>
            <Text size="sm" fw={600} ff="monospace" data-testid="domestic-tracking-no">
              {parcel.trackingNo}
            </Text>
          </div>
        </Group>
      ))}
      {logistics.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={16} />
          <Skeleton height={16} />
        </Stack>
      ) : logistics.isError ? (
        <ErrorAlert title={t('logisticsFailed')} error={logistics.error} />
      ) : events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(EMPTY_MESSAGE[trackingGap(order.status)])}
        </Text>
      ) : (
        <Timeline active={0} bulletSize={12} lineWidth={2} aria-label={t('logistics')}>
          {events.map((event, index) => (
            <Timeline.Item key={`${event.at}-${index}`} title={describe(event)}>
              <Text size="xs" c="dimmed">
                <time dateTime={event.at}>{formatDate(event.at)}</time> · <span translate="no">{event.location}</span>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
