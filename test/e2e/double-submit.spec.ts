import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseFirstInStock } from './product-helpers';
import { cents, cheapProducts, orderTotal, type Balance } from './orders-helpers';

/** Issue 17 item 1: two clicks in the same instant are one user intent, sent once. */

/** Two clicks in one task: React has not re-rendered (nor disabled the button) between them. */
async function clickTwiceAtOnce(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
}

test.beforeEach(async ({ openApi }) => {
  await openApi.send('DELETE', '/cart');
});

test('a double click on "Add to cart" adds the units once', async ({ app: page, openApi, server }) => {
  const [line] = await cheapProducts(openApi, 1);
  await page.goto(`${server.url}#/product/${line!.product.id}`);
  await chooseFirstInStock(page);
  await clickTwiceAtOnce(page, 'Add to cart');
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  const cart = await openApi.get<{ items: { quantity: number }[] }>('/cart');
  expect(cart.items.map((i) => i.quantity)).toEqual([1]);
});

test('a double click on "Place order" creates one order and charges the wallet once', async ({ app: page, openApi, server }) => {
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  const ordersBefore = await orderTotal(openApi);
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await page.goto(`${server.url}#/checkout`);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await clickTwiceAtOnce(page, 'Place order');
  await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
  const orderNo = decodeURIComponent(page.url().split('/').pop()!);
  const order = await openApi.get<{ totalAmount: number }>(`/orders/${orderNo}`);
  expect(await orderTotal(openApi)).toBe(ordersBefore + 1);
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(before.balance) - cents(after.balance)).toBe(cents(order.totalAmount));
});

test('the server answers a repeated add-to-cart key with the first answer', async ({ openApi, app: page, server }) => {
  const [line] = await cheapProducts(openApi, 1);
  const body = { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 2 };
  const headers = { 'X-Crossbuy-Client': 'ui', 'Idempotency-Key': `cart-${Date.now()}` };
  for (let i = 0; i < 2; i++) {
    const response = await page.request.post(`${server.origin}/api/v1/open/cart/items`, { data: body, headers });
    expect(response.status()).toBe(201);
  }
  const cart = await openApi.get<{ items: { quantity: number }[] }>('/cart');
  expect(cart.items.map((i) => i.quantity)).toEqual([2]);
});
