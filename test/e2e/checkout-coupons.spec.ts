import { expect, test } from './fixtures';
import { cents, cheapProducts, type Coupon } from './orders-helpers';

test('checkout offers the coupons still to claim: Claim there applies it to the order', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  // A fresh install has coupons to claim and none claimed: a line dear enough for one of them to apply.
  const available = await openApi.get<Coupon[]>('/user/coupons/available');
  expect(available.length).toBeGreaterThan(0);
  expect(await openApi.get<Coupon[]>('/user/coupons/my?status=unused')).toHaveLength(0);
  const [line] = await cheapProducts(openApi, 1);
  const floor = Math.min(...available.map((c) => cents(c.minOrderAmount)));
  const quantity = Math.min(line!.sku.stock, Math.max(1, Math.ceil(floor / cents(line!.sku.price))));
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity });
  const subtotal = cents(line!.sku.price) * quantity;
  const usable = available.find((c) => cents(c.minOrderAmount) <= subtotal);
  expect(usable, 'a claimable coupon this subtotal reaches').toBeDefined();

  await page.goto('/#/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 2 })).toBeVisible();
  await expect(page.getByText('You have no unused coupons')).toHaveCount(0);
  const toClaim = page.getByRole('region', { name: 'Coupons to claim' });
  await expect(toClaim.getByTestId('claimable-coupon')).toHaveCount(available.length);
  await expect(page.getByTestId('checkout-discount')).toHaveText('CN¥0.00');

  await toClaim.getByRole('button', { name: `Claim ${usable!.name}` }).click();
  // Claimed, selected and counted in the total; no longer offered to claim.
  await expect(page.getByRole('radio', { name: usable!.name })).toBeChecked();
  await expect(page.getByTestId('checkout-discount')).toHaveText(/^−CN¥/);
  await expect(toClaim.getByTestId('claimable-coupon')).toHaveCount(available.length - 1);
  const mine = await openApi.get<Coupon[]>('/user/coupons/my?status=unused');
  expect(mine.map((c) => c.id)).toEqual([usable!.id]);
  await openApi.send('DELETE', '/cart');
});
