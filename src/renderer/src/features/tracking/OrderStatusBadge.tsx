import { Badge } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { statusMessages } from './messages';
import { isOrderStatus, statusColor } from './status';

export function OrderStatusBadge({ status, size = 'sm' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT(statusMessages);
  return (
    <Badge color={statusColor(status)} variant="light" size={size} data-status={status}>
      {isOrderStatus(status) ? t(status) : status}
    </Badge>
  );
}
