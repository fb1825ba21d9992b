import { expect, test } from './fixtures';
import { cheapProducts } from './orders-helpers';

/**
 * "About ¥86 to ship to Germany" (extensions.md section 14) on the cart and product pages: the cheapest
 * quote the service estimates for the default address's country, and the basis a click away.
 */
interface Estimate {
  basis: { productId: number; weight: number; source: 'catalog' | 'category_default' }[];
  quotes: { totalPrice: number; name: string }[];
}
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(amount);
const formatWeight = (grams: number) => (grams < 1000 ? `${grams} g` : `${(grams / 1000).toFixed(2)} kg`);

test('the cart and the product page say what shipping will about cost, with the basis a click away', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 2 });
  const addresses = await openApi.get<{ country: string; isDefault: boolean }[]>('/user/addresses');
  const countryCode = (addresses.find((a) => a.isDefault) ?? addresses[0])?.country ?? 'US';
  const countries = await openApi.get<{ code: string; name: string }[]>('/logistics/countries');
  const country = countries.find((c) => c.code === countryCode)!.name;
  const estimate = await openApi.send<Estimate>('POST', '/logistics/estimate', { countryCode, items: [{ productId: line!.product.id, skuId: line!.sku.skuId, quantity: 2 }] });

  await page.goto('/#/cart');
  const about = page.getByTestId('ship-estimate');
  await expect(about).toHaveText(`About ${money(estimate.quotes[0]!.totalPrice)} to ship to ${country}`);
  await about.click();
  const basis = page.getByRole('table', { name: 'Estimated weight of each product' });
  const row = basis.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(line!.product.title);
  await expect(row).toContainText(formatWeight(estimate.basis[0]!.weight));
  await expect(row).toContainText(estimate.basis[0]!.source === 'catalog' ? 'Catalog weight' : 'Category default');
  await expect(page.getByTestId('ship-estimate-basis')).toContainText(`Cheapest: ${estimate.quotes[0]!.name}`);
  await expect(page.getByTestId('ship-estimate-basis')).not.toContainText('category_default');

  // The product page: one of the product.
  const single = await openApi.send<Estimate>('POST', '/logistics/estimate', { countryCode, items: [{ productId: line!.product.id, quantity: 1 }] });
  await page.goto(`/#/product/${line!.product.id}`);
  await expect(page.getByTestId('ship-estimate')).toHaveText(`About ${money(single.quotes[0]!.totalPrice)} to ship to ${country}`);
  await openApi.send('DELETE', '/cart');
});

test('the cart estimates the ticked lines only, says nothing with none ticked, and opens its basis with the country list closed', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const [first, second] = await cheapProducts(openApi, 2);
  await openApi.send('POST', '/cart/items', { productId: String(first!.product.id), skuId: first!.sku.skuId, quantity: 1 });
  const unticked = await openApi.send<{ id: number }>('POST', '/cart/items', { productId: String(second!.product.id), skuId: second!.sku.skuId, quantity: 3 });
  await openApi.send('PATCH', `/cart/items/${unticked.id}`, { selected: false });
  const addresses = await openApi.get<{ country: string; isDefault: boolean }[]>('/user/addresses');
  const countryCode = (addresses.find((a) => a.isDefault) ?? addresses[0])?.country ?? 'US';
  const estimate = await openApi.send<Estimate>('POST', '/logistics/estimate', { countryCode, items: [{ productId: first!.product.id, skuId: first!.sku.skuId, quantity: 1 }] });

  await page.goto('/#/cart');
  const about = page.getByTestId('ship-estimate');
  await expect(about).toContainText(`About ${money(estimate.quotes[0]!.totalPrice)} to ship`);
  await about.click();
  await expect(page.getByRole('table', { name: 'Estimated weight of each product' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('ship-estimate-basis').getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: new RegExp(`^Select ${first!.product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).uncheck();
  await expect(about).toHaveCount(0);
  await openApi.send('DELETE', '/cart');
});
