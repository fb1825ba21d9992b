import { Badge } from '@mantine/core';
import { lazyPage } from '../../app/lazyPage';
import type { PageDef } from '../../app/pageTypes';
import { useWarehouseT } from './bits';
import { usePackageStats } from './queries';

const ShipPage = lazyPage(() => import('./ShipPage'), 'ShipPage');
const ShippingOrderPage = lazyPage(() => import('./ShippingOrderPage'), 'ShippingOrderPage');
const ShippingOrdersPage = lazyPage(() => import('./ShippingOrdersPage'), 'ShippingOrdersPage');
const WarehousePage = lazyPage(() => import('./WarehousePage'), 'WarehousePage');

function WarehouseLabel() {
  return <>{useWarehouseT()('navWarehouse')}</>;
}

function ShippingLabel() {
  return <>{useWarehouseT()('navShipping')}</>;
}

/** Packages waiting in the warehouse. */
function WarehouseBadge() {
  const t = useWarehouseT();
  const count = usePackageStats().data?.inWarehouse ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} variant="light" aria-label={t(count === 1 ? 'badgeWaitingOne' : 'badgeWaiting', { count })}>
      {count}
    </Badge>
  );
}

export const warehousePages: PageDef[] = [
  {
    pattern: '/warehouse',
    render: () => <WarehousePage />,
    nav: { label: WarehouseLabel, section: 'tracking', order: 20, badge: WarehouseBadge, alsoActiveOn: ['/ship'] },
  },
  { pattern: '/ship', render: () => <ShipPage /> },
  {
    pattern: '/shipping',
    render: () => <ShippingOrdersPage />,
    nav: { label: ShippingLabel, section: 'tracking', order: 30, alsoActiveOn: ['/shipping/:orderNo'] },
  },
  { pattern: '/shipping/:orderNo', render: ({ orderNo }) => <ShippingOrderPage key={orderNo} orderNo={orderNo!} /> },
];
