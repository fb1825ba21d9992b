import { CartPage } from '../features/cart/CartPage';
import { ProductPage } from '../features/shop/product/ProductPage';
import { ShopPage } from '../features/shop/ShopPage';
import { NotFoundPage } from './NotFoundPage';
import { useRoute } from './router';

export function RouteView() {
  const route = useRoute();
  switch (route.name) {
    case 'shop':
      return <ShopPage />;
    case 'product':
      return <ProductPage key={route.id} productId={route.id} />;
    case 'cart':
      return <CartPage />;
    case 'notFound':
      return <NotFoundPage path={route.path} />;
  }
}
