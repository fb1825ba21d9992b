import type { PageDef } from '../../app/pageTypes';
import { ProductPage } from './product/ProductPage';
import { ShopPage } from './ShopPage';

export const shopPages: PageDef[] = [
  { pattern: '/', render: () => <ShopPage /> },
  { pattern: '/shop', render: () => <ShopPage />, nav: { label: 'Shop', section: 'shopping', order: 1, alsoActiveOn: ['/', '/product/:id'] } },
  { pattern: '/product/:id', render: ({ id }) => <ProductPage key={id} productId={Number(id)} /> },
];
