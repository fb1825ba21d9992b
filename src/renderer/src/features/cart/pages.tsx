import { Badge } from '@mantine/core';
import type { PageDef } from '../../app/pageTypes';
import { CartPage } from './CartPage';
import { CheckoutPage } from './checkout/CheckoutPage';
import { useCart } from './useCart';

function CartBadge() {
  const count = useCart().data?.totalItems ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} aria-label={`${count} items in the cart`}>
      {count}
    </Badge>
  );
}

export const cartPages: PageDef[] = [
  { pattern: '/cart', render: () => <CartPage />, nav: { label: 'Cart', section: 'shopping', order: 2, badge: CartBadge, alsoActiveOn: ['/checkout'] } },
  { pattern: '/checkout', render: () => <CheckoutPage /> },
];
