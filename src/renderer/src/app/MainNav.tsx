import { Badge, NavLink } from '@mantine/core';
import { useCart } from '../features/cart/useCart';
import { paths, useRoute } from './router';
import { useUiStore } from './uiStore';

export function MainNav() {
  const route = useRoute();
  const closeNavbar = useUiStore((s) => s.closeNavbar);
  const cart = useCart();
  const count = cart.data?.totalItems ?? 0;
  return (
    <>
      <NavLink
        href={paths.shop()}
        label="Shop"
        active={route.name === 'shop' || route.name === 'product'}
        aria-current={route.name === 'shop' ? 'page' : undefined}
        onClick={closeNavbar}
      />
      <NavLink
        href={paths.cart()}
        label="Cart"
        active={route.name === 'cart'}
        aria-current={route.name === 'cart' ? 'page' : undefined}
        onClick={closeNavbar}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle={count < 10} aria-label={`${count} items in the cart`}>
              {count}
            </Badge>
          ) : null
        }
      />
    </>
  );
}
