import { lazyPage } from '../../app/lazyPage';
import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { listMessages } from './messages';

const OrderDetailPage = lazyPage(() => import('./detail/OrderDetailPage'), 'OrderDetailPage');
const OrdersPage = lazyPage(() => import('./OrdersPage'), 'OrdersPage');

function OrdersNavLabel() {
  return <>{useT(listMessages)('nav')}</>;
}

export const trackingPages: PageDef[] = [
  {
    pattern: '/orders',
    render: () => <OrdersPage />,
    nav: { label: OrdersNavLabel, section: 'tracking', order: 1, alsoActiveOn: ['/orders/:orderNo'] },
  },
  { pattern: '/orders/:orderNo', render: ({ orderNo }) => <OrderDetailPage key={orderNo} orderNo={orderNo!} /> },
];
