import { expect, test } from './fixtures';
import { cheapProducts } from './orders-helpers';
import { chooseSku } from './product-helpers';

/** Issue 17 item 2: a quantity above the limit stays as typed, with the limit and an error; nothing is sent. */

test.beforeEach(async ({ openApi }) => {
  await openApi.send('DELETE', '/cart');
});

test('the product page keeps a quantity above the stock as typed and says the limit', async ({ app: page, openApi, server }) => {
  const [line] = await cheapProducts(openApi, 1);
  const { product, sku } = line!;
  await page.goto(`${server.url}#/product/${product.id}`);
  await chooseSku(page, sku.name);
  const quantity = page.getByLabel('Quantity');
  await quantity.fill(String(sku.stock + 1));
  await quantity.blur();
  await expect(quantity).toHaveValue(String(sku.stock + 1));
  await expect(page.getByText(`Only ${sku.stock} in stock: enter ${sku.stock} or fewer`)).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await quantity.fill(String(sku.stock));
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(page.getByText(/^Only \d+ in stock/)).toHaveCount(0);
});

test('the cart keeps 9999 as typed, says the limit and leaves the line unchanged', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  const { product, sku } = line!;
  await openApi.send('POST', '/cart/items', { productId: String(product.id), skuId: sku.skuId, quantity: 1 });
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 2 })).toBeVisible();
  const quantity = page.getByRole('textbox', { name: /^Quantity of / });
  await quantity.fill('9999');
  await quantity.blur();
  await expect(quantity).toHaveValue('9999');
  await expect(page.getByText(`Only ${sku.stock} in stock: enter ${sku.stock} or fewer`)).toBeVisible();
  await page.waitForTimeout(700); // past the 400 ms debounce: had it been sent, the cart would show it
  const cart = await openApi.get<{ items: { quantity: number }[] }>('/cart');
  expect(cart.items.map((i) => i.quantity)).toEqual([1]);
});
