import { Badge } from '@mantine/core';
import { useLanguageStore, useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { outcomeMessages, statusMessages } from './messages';
import { isOrderStatus, statusColor } from './status';
import type { OrderOutcome } from './types';

/**
 * The order's status: one badge and one colour per status on every page (the dashboard, the orders pages
 * and the staff work table had three badges in three colour sets). With its outcome (the detail's), a
 * "Completed" order whose parcel was lost, whose item came back or whose package was disposed of says so
 * after the status (issue 26 item 12). A returned order needs no "item returned" after it.
 */
export function OrderStatusBadge({ status, outcome = [], size = 'sm' }: { status: string; outcome?: readonly OrderOutcome[]; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT(statusMessages);
  const words = useT(outcomeMessages);
  const language = useLanguageStore((s) => s.language);
  const label = isOrderStatus(status) ? t(status) : status;
  const told = outcome.filter((o) => !(status === 'returned' && o === 'returned'));
  return (
    <Badge color={statusColor(status)} variant="light" size={size} styles={wholeBadgeStyles} data-status={status} data-outcome={told.join(' ') || undefined}>
      {told.length === 0 ? label : words('withOutcome', { status: label, outcomes: new Intl.ListFormat(language).format(told.map((o) => words(o))) })}
    </Badge>
  );
}
