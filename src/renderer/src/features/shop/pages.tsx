import type { PageDef } from '../../app/pageTypes';
import { useT } from '../../shared/i18n';
import { shopMessages } from './messages';
import { ProductPage } from './product/ProductPage';
import { ShopPage } from './ShopPage';

function ShopNavLabel() {
  return <>{useT(shopMessages)('nav')}</>;
}

export const shopPages: PageDef[] = [
  { pattern: '/', render: () => <ShopPage /> },
  { pattern: '/shop', render: () => <ShopPage />, nav: { label: ShopNavLabel, section: 'shopping', order: 1, alsoActiveOn: ['/', '/product/:id'] } },
  { pattern: '/product/:id', render: ({ id }) => <ProductPage key={id} productId={Number(id)} /> },
];
