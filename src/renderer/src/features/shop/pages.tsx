import { lazyPage } from '../../app/lazyPage';
import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';

const ProductPage = lazyPage(() => import('./product/ProductPage'), 'ProductPage');
const ShopPage = lazyPage(() => import('./ShopPage'), 'ShopPage');

function ShopNavLabel() {
  return <>{useT(shopMessages)('nav')}</>;
}

export const shopPages: PageDef[] = [
  { pattern: '/', render: () => <ShopPage /> },
  { pattern: '/shop', render: () => <ShopPage />, nav: { label: ShopNavLabel, section: 'shopping', order: 1, alsoActiveOn: ['/', '/product/:id'] } },
  { pattern: '/product/:id', render: ({ id }) => <ProductPage key={id} productId={Number(id)} /> },
];
