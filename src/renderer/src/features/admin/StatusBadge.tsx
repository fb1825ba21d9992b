import { Badge } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { commonMessages, shippingStatusKey } from './messages';

const SHIPPING_COLORS: Record<string, string> = { pending: 'yellow', shipped: 'blue', delivered: 'green', cancelled: 'gray', exception: 'orange', lost: 'red' };

export function ShippingStatusBadge({ status }: { status: string }) {
  const t = useT(commonMessages);
  const key = shippingStatusKey(status);
  return (
    <Badge variant="light" color={SHIPPING_COLORS[status] ?? 'gray'} tt="none" styles={wholeBadgeStyles}>
      {key ? t(key) : status}
    </Badge>
  );
}
