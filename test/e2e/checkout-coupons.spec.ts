import { expect, test } from './fixtures';
import { cents, cheapProducts, money, type Coupon } from './orders-helpers';

test('checkout offers the coupons still to claim: Claim there applies it to the order', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  // A fresh install has coupons to claim and none claimed: a line dear enough for one of them to apply.
  // v1.2: the checkout offers purchase coupons (shipping ones are for the ship step).
  const available = (await openApi.get<Coupon[]>('/user/coupons/available')).filter((c) => c.appliesTo !== 'shipping');
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

  // Two clicks in one task (before React shows the claim pending): one claim, and no "already claimed" beside it.
  await toClaim.getByRole('button', { name: `Claim ${usable!.name}` }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  // Claimed, selected and counted in the total; no longer offered to claim.
  await expect(page.getByRole('radio', { name: usable!.name })).toBeChecked();
  await expect(page.getByTestId('checkout-discount')).toHaveText(/^−CN¥/);
  await expect(toClaim.getByTestId('claimable-coupon')).toHaveCount(available.length - 1);
  const mine = await openApi.get<Coupon[]>('/user/coupons/my?status=unused');
  expect(mine.map((c) => c.id)).toEqual([usable!.id]);
  await expect(page.getByRole('alert').filter({ hasText: 'The coupon was not claimed' })).toHaveCount(0);

  // A claim that failed says so until the shopper chooses a coupon again: then it is no longer the news.
  const other = available.find((c) => c.id !== usable!.id);
  expect(other, 'a second coupon still to claim').toBeDefined();
  const claimPath = `**/api/v1/open/user/coupons/${other!.id}/claim`;
  await page.route(claimPath, (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'claims unavailable' } }));
  await toClaim.getByRole('button', { name: `Claim ${other!.name}` }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The coupon was not claimed' });
  await expect(failed).toBeVisible();
  await page.getByRole('radio', { name: 'No coupon' }).check();
  await expect(failed).toHaveCount(0);
  await page.unroute(claimPath);
  await openApi.send('DELETE', '/cart');
});

test('in Chinese checkout words a coupon as the Coupons page does (10% off is "9折" in both places)', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const available = (await openApi.get<Coupon[]>('/user/coupons/available')).filter((c) => c.appliesTo !== 'shipping');
  const percent = available.find((c) => c.type === 'percentage');
  expect(percent, 'a percentage coupon still to claim').toBeDefined();
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  // The Chinese shop convention names the tenths paid: 10% off is 9折, 15% off is 8.5折.
  const wording = `${Number(((100 - percent!.value) / 10).toFixed(2))}折`;

  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  try {
    await page.goto('/#/coupons');
    await page.reload();
    const card = page.getByRole('listitem', { name: percent!.name, exact: true });
    await expect(card).toContainText(wording);

    await page.goto('/#/checkout');
    const row = page.getByTestId('claimable-coupon').filter({ hasText: percent!.name });
    await expect(row).toContainText(wording);
    await expect(row).not.toContainText('立减');
  } finally {
    await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
    await openApi.send('DELETE', '/cart');
  }
});

test('checkout reads the coupons to claim afresh each visit: one claimed elsewhere meanwhile is no longer offered', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  // v1.2: the checkout offers purchase coupons (shipping ones are for the ship step).
  const available = (await openApi.get<Coupon[]>('/user/coupons/available')).filter((c) => c.appliesTo !== 'shipping');
  expect(available.length).toBeGreaterThan(0);
  try {
    await page.goto('/#/checkout');
    const toClaim = page.getByRole('region', { name: 'Coupons to claim' }).getByTestId('claimable-coupon');
    await expect(toClaim).toHaveCount(available.length);
    // Another client (a script on the open API) claims one; the shopper leaves the checkout and comes back.
    await openApi.send('POST', `/user/coupons/${available[0]!.id}/claim`);
    await page.goto('/#/cart');
    await page.goto('/#/checkout');
    await expect(toClaim).toHaveCount(available.length - 1);
    await expect(toClaim.filter({ hasText: available[0]!.name })).toHaveCount(0);
  } finally {
    await openApi.send('DELETE', '/cart');
  }
});

test('the coupons page names a shipping coupon\'s floor on the freight and its channel limit, never "No minimum order"', async ({ app: page, openApi }) => {
  const shipping = (await openApi.get<(Coupon & { minFee: number; channelIds: string[] | null })[]>('/user/coupons/available')).filter((c) => c.appliesTo === 'shipping');
  const withFloor = shipping.find((c) => c.minFee > 0);
  const onSomeChannels = shipping.find((c) => c.channelIds !== null);
  expect(withFloor, 'the demo has a shipping coupon with a fee floor').toBeDefined();
  expect(onSomeChannels, 'the demo has a shipping coupon for some channels').toBeDefined();
  await page.goto('/#/coupons');
  const card = page.getByRole('listitem', { name: withFloor!.name, exact: true });
  await expect(card).toContainText(`Off the freight, on a shipping fee of ${money(withFloor!.minFee)} or more`);
  await expect(card).not.toContainText('No minimum order');
  await expect(page.getByRole('listitem', { name: onSomeChannels!.name, exact: true })).toContainText('On some shipping channels only');
});
