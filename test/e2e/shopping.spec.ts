import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseFirstInStock, chooseSku } from './product-helpers';

interface Product {
  id: number;
  title: string;
  skus: { skuId: string; name: string; price: number; stock: number }[];
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
  const { name: skuName, price } = await chooseFirstInStock(page);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();

  await page.getByLabel('Quantity').fill('2');
  await expect(page.getByText(`Subtotal CN¥${formatted(price * 2)}`)).toBeVisible();
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
  await expect(totalRow(page, 'Total')).toHaveText(`CN¥${formatted(price * 2)}`);
  await expect(totalRow(page, 'Selected amount')).toHaveText(`CN¥${formatted(price * 2)}`);

  await quantity.fill('3');
  await quantity.press('Tab');
  await expect(totalRow(page, 'Total')).toHaveText(`CN¥${formatted(price * 3)}`);
  await expect(quantity).toHaveValue('3');

  // Unselected lines leave the selected amount, not the total.
  await line.getByRole('checkbox', { name: `Select ${title} (${skuName}) for checkout` }).uncheck();
  await expect(totalRow(page, 'Selected amount')).toHaveText('CN¥0.00');
  await expect(totalRow(page, 'Total')).toHaveText(`CN¥${formatted(price * 3)}`);

  await line.getByRole('button', { name: `Remove ${title} (${skuName})` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('sold-out variants cannot be chosen and the API message shows when stock runs out', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?limit=100');
  // A "Colour / Size" product with a sold-out SKU whose colour has another size in stock.
  const product = catalog.items.find((p) =>
    p.skus.some((s) => s.stock === 0 && s.name.includes(' / ') && p.skus.some((o) => o.stock > 0 && o.name.split(' / ')[0] === s.name.split(' / ')[0])),
  );
  expect(product, 'the demo catalog has a product with a sold-out SKU').toBeDefined();
  const soldOut = product!.skus.find((s) => s.stock === 0 && s.name.includes(' / '))!;
  const [colour, size] = soldOut.name.split(' / ') as [string, string];
  const available = product!.skus.find((s) => s.stock > 0 && s.name.startsWith(`${colour} / `))!;

  await page.goto(`/#/product/${product!.id}`);
  await expect(page.getByRole('heading', { name: product!.title, level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add to cart' });
  await form.getByRole('radiogroup').first().getByRole('radio', { name: colour, exact: true }).click();
  await expect(form.getByRole('radiogroup').nth(1).getByRole('radio', { name: `${size} (sold out)` })).toBeDisabled();

  // The whole stock is in the cart already: the service refuses one more and the page says why.
  await openApi.send('POST', '/cart/items', { productId: String(product!.id), skuId: available.skuId, quantity: available.stock });
  await chooseSku(page, available.name);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not add to cart' })).toContainText(
    `exceeds the stock of SKU ${available.skuId}`,
  );
});

test('colour and size are separate pickers and the headline price is the chosen SKU\'s; cards say "from" when prices differ', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?q=hoodie&limit=100');
  // A hoodie whose sizes cost different amounts (XXL is dearer), with both in stock.
  const product = catalog.items.find((p) => {
    const inStock = p.skus.filter((s) => s.stock > 0);
    return p.skus.every((s) => s.name.includes(' / ')) && new Set(inStock.map((s) => s.price)).size > 1;
  });
  expect(product, 'the demo catalog has a hoodie whose variants cost different amounts').toBeDefined();
  const inStock = product!.skus.filter((s) => s.stock > 0);
  const cheap = inStock.reduce((a, b) => (b.price < a.price ? b : a));
  const dear = inStock.reduce((a, b) => (b.price > a.price ? b : a));
  const lowest = Math.min(...product!.skus.map((s) => s.price));

  // The search card starts "from" the lowest price.
  await page.getByLabel('Search products').fill('hoodie');
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: product!.title, exact: true }) }).first();
  await expect(card.getByTestId('card-price')).toHaveText(`from CN¥${formatted(lowest)}`);

  await page.goto(`/#/product/${product!.id}`);
  const form = page.getByRole('form', { name: 'Add to cart' });
  await expect(form.getByRole('radiogroup', { name: 'Colour' })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: 'Size' })).toBeVisible();
  const headline = page.getByTestId('product-price');
  await expect(headline).toHaveText(`from CN¥${formatted(lowest)}`);

  await chooseSku(page, dear.name);
  await expect(headline).toHaveText(`CN¥${formatted(dear.price)}`);
  await chooseSku(page, cheap.name);
  await expect(headline).toHaveText(`CN¥${formatted(cheap.price)}`);
});

test('a card never cuts its platform badge: beside a "from" price it keeps its whole word', async ({ app: page }) => {
  await page.goto('/#/shop');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  // Narrow cards, as in a smaller window: the price and the badge share one row of a card.
  for (const width of [1280, 1100]) {
    await page.setViewportSize({ width, height: 800 });
    const badges = await results.getByRole('listitem').evaluateAll((items) =>
      items
        .flatMap((item) => Array.from(item.querySelectorAll<HTMLElement>('.mantine-Badge-label')))
        .filter((label) => label.clientWidth > 0)
        .map((label) => ({ text: label.textContent, cut: label.scrollWidth > label.clientWidth })),
    );
    expect(badges.length, `badges laid out at ${width} px`).toBeGreaterThan(0);
    expect(badges.filter((b) => b.cut), `cut badges at ${width} px`).toEqual([]);
  }
});

test('a product\'s second option is named from its values ("Version"), never "Option 2", in both languages', async ({ app: page, openApi }) => {
  // Electronics vary by colour and version ("Black / Pro"): the demo catalog has some with both versions.
  let product: Product | undefined;
  for (let pageNo = 1; !product && pageNo <= 3; pageNo++) {
    const catalog = await openApi.get<{ items: Product[] }>(`/products/search?limit=100&page=${pageNo}`);
    product = catalog.items.find((p) => p.skus.some((s) => s.name.endsWith(' / Standard')) && p.skus.some((s) => s.name.endsWith(' / Pro')));
  }
  expect(product, 'the demo catalog has electronics in a standard and a pro version').toBeDefined();
  await page.goto(`/#/product/${product!.id}`);
  const form = page.getByRole('form', { name: 'Add to cart' });
  await expect(form.getByRole('radiogroup', { name: 'Colour' })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: 'Version' })).toBeVisible();
  await expect(form.getByText(/Option \d/)).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  const zhForm = page.getByRole('form', { name: '加入购物车' });
  await expect(zhForm.getByRole('radiogroup', { name: '颜色' })).toBeVisible();
  await expect(zhForm.getByRole('radiogroup', { name: '版本' })).toBeVisible();
  await expect(zhForm.getByText(/选项 \d/)).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

test('clear cart asks first', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?q=hoodie');
  for (const product of catalog.items) {
    const sku = product.skus.find((s) => s.stock > 0)!;
    await openApi.send('POST', '/cart/items', { productId: String(product.id), skuId: sku.skuId, quantity: 1 });
  }
  await page.goto('/#/cart');
  await expect(page.getByRole('group', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(catalog.items.length);

  await page.getByRole('button', { name: 'Clear cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear the cart?' });
  await dialog.getByRole('button', { name: 'Keep the cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(catalog.items.length);

  await page.getByRole('button', { name: 'Clear cart' }).click();
  await dialog.getByRole('button', { name: 'Yes, clear the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('toasts do not pile up: one per kind, and a page change clears them', async ({ app: page, openApi }) => {
  const catalog = await openApi.get<{ items: Product[] }>('/products/search?limit=20');
  const product = catalog.items.find((p) => p.skus.some((s) => s.stock > 10))!;
  await page.goto(`/#/product/${product.id}`);
  await chooseFirstInStock(page);
  const added = page.getByRole('alert').filter({ hasText: 'Added to cart' });
  for (let n = 1; n <= 3; n++) {
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // Issue 17 item 12: the same message once, the newest, not a stack of them (the older one slides out).
    await expect(added.filter({ hasText: `${n} in the cart now` })).toBeVisible();
    await expect(added).toHaveCount(1);
  }
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 2 })).toBeVisible();
  await expect(added).toHaveCount(0);
});

test('a remark box grows with its text, by CSS, and never shrinks below its two rows', async ({ app: page, openApi }) => {
  const { items } = await openApi.get<{ items: Product[] }>('/products/search?limit=1');
  await page.goto(`${page.url().split('#')[0]}#/product/${items[0]!.id}`);
  const remark = page.getByRole('form', { name: 'Add to cart' }).getByRole('textbox', { name: 'Remark' });
  await expect(remark).toBeVisible();
  const empty = (await remark.boundingBox())!.height;
  await remark.fill('one\ntwo\nthree\nfour\nfive');
  await expect.poll(async () => (await remark.boundingBox())!.height).toBeGreaterThan(empty * 1.8);
  await remark.fill('');
  await expect.poll(async () => (await remark.boundingBox())!.height).toBe(empty);
  // Sized by the browser (field-sizing), not measured by a script: no inline height is set on it.
  expect(await remark.evaluate((element) => (element as HTMLElement).style.height)).toBe('');
});
