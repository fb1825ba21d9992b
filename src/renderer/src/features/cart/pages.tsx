import { Badge } from '@mantine/core';
import { lazyPage } from '../../app/lazyPage';
import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { cartMessages } from './messages';
import { useCart } from './useCart';

const CartPage = lazyPage(() => import('./CartPage'), 'CartPage');
const CheckoutPage = lazyPage(() => import('./checkout/CheckoutPage'), 'CheckoutPage');

function CartNavLabel() {
  return <>{useT(cartMessages)('nav')}</>;
}

function CartBadge() {
  const t = useT(cartMessages);
  const count = useCart().data?.totalItems ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} aria-label={t('badge', { count })}>
      {count}
    </Badge>
  );
}

export const cartPages: PageDef[] = [
  { pattern: '/cart', render: () => <CartPage />, nav: { label: CartNavLabel, section: 'shopping', order: 2, badge: CartBadge, alsoActiveOn: ['/checkout'] } },
  { pattern: '/checkout', render: () => <CheckoutPage /> },
];
