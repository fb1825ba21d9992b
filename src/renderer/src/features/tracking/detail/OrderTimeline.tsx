import { Text, Timeline } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { detailMessages, statusMessages } from '../messages';
import { isOrderStatus, statusColor } from '../status';
import type { OrderDetail } from '../types';
import { Section } from './Section';
import { useFormat } from '../../../shared/format';
import { useTimelineText } from '../useTimelineText';

type EventKey = Extract<keyof (typeof detailMessages)['en'], `event_${string}`>;

/**
 * An entry that keeps the status of the one before is an event (a supplement, a photo request, a return), not
 * a status change: it is titled by what happened, not by the status again ("Payment confirmed" over a
 * supplement request read as if the payment were confirmed twice).
 */
function eventKey(step: OrderDetail['timeline'][number]): EventKey {
  const code = step.parts?.[0]?.code.replace(/^order\./, '');
  const key = `event_${code}`;
  return code && key in detailMessages.en ? (key as EventKey) : 'event_other';
}

/** The status changes and the events between them, oldest first; the newest is the active one. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const t = useT(detailMessages);
  const ts = useT(statusMessages);
  const fmt = useFormat();
  const formatDate = (iso: string) => fmt.date(iso);
  const text = useTimelineText(order.items);
  const last = order.timeline.length - 1;
  return (
    <Section title={t('timeline')}>
      {order.timeline.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('timelineEmpty')}
        </Text>
      ) : (
        <Timeline active={last} bulletSize={14} lineWidth={2} color={statusColor(order.status)} aria-label={t('timeline')}>
          {order.timeline.map((step, index) => (
            <Timeline.Item key={`${step.status}-${step.at}-${index}`} title={index > 0 && order.timeline[index - 1]!.status === step.status ? t(eventKey(step)) : isOrderStatus(step.status) ? ts(step.status) : step.status} lineVariant={index >= last ? 'dashed' : 'solid'}>
              <Text size="xs" c="dimmed">
                <time dateTime={step.at}>{formatDate(step.at)}</time>
              </Text>
              {step.note || step.parts ? <Text size="sm">{text(step)}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
