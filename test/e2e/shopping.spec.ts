import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Product {
  id: number;
  title: string;
  skus: { skuId: string; name: string; price: number; stock: number }[];
}

/** "CNY 1,374.30" -> 1374.3 */
function moneyIn(text: string): number {
  const match = /([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

const formatted = (amount: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

function totalRow(page: Page, label: string) {
  return page.getByRole('region', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

test.beforeEach(async ({ openApi }) => {
  await openApi.send('DELETE', '/cart');
});

test('search, open a product, add two, change the quantity, remove the line', async ({ app: page }) => {
  await page.getByLabel('Search products').fill('hoodie');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('tab', { name: 'Local catalog' })).toHaveAttribute('aria-selected', 'true');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  await expect(page.getByText(/products? for “hoodie” in Local catalog/)).toBeVisible();

  const firstLink = results.first().getByRole('link');
  const title = (await firstLink.innerText()).trim();
  expect(title.toLowerCase()).toContain('hoodie');
  await firstLink.click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();

  // Add to cart waits for a variant.
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  const sku = page.getByRole('main').getByRole('radio', { disabled: false }).first();
  const skuText = await sku.innerText();
  const skuName = skuText.split('\n')[0]!.trim();
  const price = moneyIn(skuText);
  await sku.click();
  await expect(sku).toHaveAttribute('aria-checked', 'true');

  await page.getByLabel('Quantity').fill('2');
  await expect(page.getByText(`Subtotal CNY ${formatted(price * 2)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart.*2 items in the cart/ })).toBeVisible();

  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 2 })).toBeVisible();
  const line = page.getByRole('listitem', { name: `${title} (${skuName})` });
  await expect(line).toBeVisible();
  const quantity = line.getByRole('textbox', { name: `Quantity of ${title} (${skuName})` });
  await expect(quantity).toHaveValue('2');
  await expect(totalRow(page, 'Items')).toHaveText('2');
  await expect(totalRow(page, 'Total')).toHaveText(`CNY ${formatted(price * 2)}`);
  await expect(totalRow(page, 'Selected amount')).toHaveText(`CNY ${formatted(price * 2)}`);

  await quantity.fill('3');
  await quantity.press('Tab');
  await expect(totalRow(page, 'Total')).toHaveText(`CNY ${formatted(price * 3)}`);
  await expect(quantity).toHaveValue('3');

  // Unselected lines leave the selected amount, not the total.
  await line.getByRole('checkbox', { name: `Select ${title} (${skuName}) for checkout` }).uncheck();
  await expect(totalRow(page, 'Selected amount')).toHaveText('CNY 0.00');
  await expect(totalRow(page, 'Total')).toHaveText(`CNY ${formatted(price * 3)}`);

  await line.getByRole('button', { name: `Remove ${title} (${skuName})` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('sold-out variants cannot be chosen and the API message shows when stock runs out', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?limit=100');
  const product = catalog.items.find((p) => p.skus.some((s) => s.stock === 0) && p.skus.some((s) => s.stock > 0));
  expect(product, 'the demo catalog has a product with a sold-out SKU').toBeDefined();
  const soldOut = product!.skus.find((s) => s.stock === 0)!;
  const available = product!.skus.find((s) => s.stock > 0)!;

  await page.goto(`/#/product/${product!.id}`);
  await expect(page.getByRole('heading', { name: product!.title, level: 2 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('radio', { name: new RegExp(`^${soldOut.name.replace(/[/]/g, '\\/')}.*Sold out`) })).toBeDisabled();

  // The whole stock is in the cart already: the service refuses one more and the page says why.
  await openApi.send('POST', '/cart/items', { productId: String(product!.id), skuId: available.skuId, quantity: available.stock });
  await page.getByRole('main').getByRole('radio', { name: new RegExp(`^${available.name.replace(/[/]/g, '\\/')}`) }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not add to cart' })).toContainText(
    `exceeds the stock of SKU ${available.skuId}`,
  );
});

test('clear cart asks first', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?q=hoodie');
  for (const product of catalog.items) {
    const sku = product.skus.find((s) => s.stock > 0)!;
    await openApi.send('POST', '/cart/items', { productId: String(product.id), skuId: sku.skuId, quantity: 1 });
  }
  await page.goto('/#/cart');
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(catalog.items.length);

  await page.getByRole('button', { name: 'Clear cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear the cart?' });
  await dialog.getByRole('button', { name: 'Keep the cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(catalog.items.length);

  await page.getByRole('button', { name: 'Clear cart' }).click();
  await dialog.getByRole('button', { name: 'Yes, clear the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});
