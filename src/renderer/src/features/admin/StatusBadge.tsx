import { Badge } from '@mantine/core';
import { useT } from '../../shared/i18n';
import { commonMessages, orderStatusKey, shippingStatusKey } from './messages';

const ORDER_COLORS: Record<string, string> = {
  pending: 'gray',
  paid: 'blue',
  purchased: 'indigo',
  shipped_to_warehouse: 'violet',
  in_warehouse: 'teal',
  completed: 'green',
  cancelled: 'gray',
  refunded: 'red',
  returned: 'grape',
};

/** Badges in table cells keep their whole label (Mantine's ellipsis would squeeze them to "Sh…"). */
export const fullBadgeStyles = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const SHIPPING_COLORS: Record<string, string> = { pending: 'yellow', shipped: 'blue', delivered: 'green', cancelled: 'gray', exception: 'orange', lost: 'red' };

export function OrderStatusBadge({ status }: { status: string }) {
  const t = useT(commonMessages);
  const key = orderStatusKey(status);
  return (
    <Badge variant="light" color={ORDER_COLORS[status] ?? 'gray'} tt="none" styles={fullBadgeStyles}>
      {key ? t(key) : status}
    </Badge>
  );
}

export function ShippingStatusBadge({ status }: { status: string }) {
  const t = useT(commonMessages);
  const key = shippingStatusKey(status);
  return (
    <Badge variant="light" color={SHIPPING_COLORS[status] ?? 'gray'} tt="none" styles={fullBadgeStyles}>
      {key ? t(key) : status}
    </Badge>
  );
}
