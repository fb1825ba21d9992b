import { expect, test } from './fixtures';

test('the Taobao tab searches Taobao directly', async ({ app: page }) => {
  await page.getByLabel('Search products').fill('hoodie');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('tab', { name: 'Taobao' }).click();
  await expect(page.getByRole('tab', { name: 'Taobao' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/products? for “hoodie” in Taobao/)).toBeVisible();

  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  const count = await results.count();
  expect(count).toBeGreaterThan(0);
  // Every card is a Taobao item with a price in the ledger currency.
  await expect(results.getByText('Taobao', { exact: true })).toHaveCount(count);
  await expect(results.first()).toContainText(/CNY [\d,]+\.\d{2}/);

  await results.first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expect(page.getByText('Taobao', { exact: true })).toBeVisible();
});

test('a pasted marketplace link opens its product; a foreign link shows the API message', async ({ app: page, openApi }) => {
  const offers = await openApi.get<{ items: { title: string; platformItemId: string }[] }>('/products/platform/1688/search?limit=1');
  const offer = offers.items[0]!;

  const link = page.getByLabel('Paste a product link');
  await link.fill('https://example.com/not-a-shop');
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot open that link' })).toContainText(
    'url is not a Taobao, Tmall, 1688 or Weidian product link',
  );

  await link.fill(`https://detail.1688.com/offer/${offer.platformItemId}.html`);
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expect(page.getByRole('heading', { name: offer.title, level: 2 })).toBeVisible();
  await expect(page.getByText('1688', { exact: true })).toBeVisible();
});
