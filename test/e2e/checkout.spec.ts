import { expect, test } from './fixtures';
import { chooseFirstInStock } from './product-helpers';
import { cents, money, roundHalfUp, type Balance, type Coupon, type Order } from './orders-helpers';

test.beforeEach(async ({ openApi }) => {
  await openApi.send('DELETE', '/cart');
});

test('search, add to cart, check out with a coupon: the wallet pays exactly the order total', async ({ app: page, openApi }) => {
  // Shop: search, open the first result, add one of its first variant in stock.
  await page.getByLabel('Search products').fill('hoodie');
  await page.getByRole('button', { name: 'Search' }).click();
  const first = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().getByRole('link');
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  const { price } = await chooseFirstInStock(page);
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' })).toBeVisible();

  // A coupon the subtotal reaches, claimed through the API (or one claimed earlier and still unused).
  const subtotal = cents(price) * 2;
  const available = await openApi.get<Coupon[]>('/user/coupons/available');
  const claimable = available.filter((c) => cents(c.minOrderAmount) <= subtotal);
  let coupon: Coupon | undefined = claimable[0];
  if (coupon) await openApi.send('POST', `/user/coupons/${coupon.id}/claim`);
  else coupon = (await openApi.get<Coupon[]>('/user/coupons/my?status=unused')).find((c) => cents(c.minOrderAmount) <= subtotal);
  expect(coupon, 'a coupon usable on this subtotal').toBeDefined();
  const discount = Math.min(subtotal, coupon!.type === 'percentage' ? roundHalfUp(subtotal * coupon!.value, 100) : cents(coupon!.value));
  const fee = roundHalfUp(subtotal * 500, 10_000);
  const expectedTotal = subtotal - discount + fee;

  // Cart -> Checkout.
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/#\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 2 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lines in this order' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('checkout-subtotal')).toHaveText(money(subtotal / 100));
  await expect(page.getByTestId('checkout-discount')).toHaveText('CN¥0.00');
  await expect(page.getByTestId('checkout-service-fee')).toHaveText(money(fee / 100));

  const before = await openApi.get<Balance>('/user/wallet/balance');
  await expect(page.getByTestId('checkout-available')).toHaveText(money(before.availableBalance));

  await page.getByRole('radio', { name: coupon!.name }).check();
  await expect(page.getByTestId('checkout-discount')).toHaveText(`−${money(discount / 100)}`);
  await expect(page.getByTestId('checkout-total')).toHaveText(money(expectedTotal / 100));
  await expect(page.getByTestId('checkout-balance-after')).toHaveText(money((cents(before.availableBalance) - expectedTotal) / 100));

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { name: `Order ${orderNo}`, level: 2 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Order placed' })).toContainText(orderNo);

  // The order's own numbers are the preview's, and the wallet paid exactly its total.
  const order = await openApi.get<Order>(`/orders/${orderNo}`);
  expect(order.status).toBe('pending');
  expect(order.couponId).toBe(coupon!.id);
  expect([cents(order.subtotal), cents(order.discount), cents(order.serviceFee), cents(order.totalAmount)]).toEqual([subtotal, discount, fee, expectedTotal]);
  await expect(page.getByTestId('order-total')).toHaveText(money(order.totalAmount));
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment confirmation');
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(before.balance) - cents(after.balance)).toBe(cents(order.totalAmount));

  // The ordered line left the cart and the coupon is spent.
  const cart = await openApi.get<{ items: unknown[] }>('/cart');
  expect(cart.items).toHaveLength(0);
  const unused = await openApi.get<Coupon[]>('/user/coupons/my?status=unused');
  expect(unused.map((c) => c.id)).not.toContain(coupon!.id);
});
