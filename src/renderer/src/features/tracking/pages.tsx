import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { OrderDetailPage } from './detail/OrderDetailPage';
import { listMessages } from './messages';
import { OrdersPage } from './OrdersPage';

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
