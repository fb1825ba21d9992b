import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The price each result card shows (its lowest SKU price). */
async function cardPrices(page: Page): Promise<number[]> {
  // Text content, not innerText: a card off screen is not rendered (content-visibility: auto), and
  // innerText of content that is not rendered is empty.
  const texts = await page.getByRole('list', { name: 'Search results' }).getByTestId('card-price').allTextContents();
  return texts.map((text) => Number(/([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, '')));
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);

test('sort and filters live in the URL: reload and Back restore the same search', async ({ app: page, openApi }) => {
  // A range that holds some apparel and not all: from the cheapest to the median.
  const apparels = await openApi.get<{ items: { price: number }[] }>('/products/search?q=apparel&sort=price_asc&limit=100');
  const prices = apparels.items.map((p) => p.price);
  expect(prices.length).toBeGreaterThan(2);
  const low = Math.floor(prices[0]!);
  const high = Math.ceil(prices[Math.floor(prices.length / 2)]!);
  await page.getByLabel('Search products').fill('apparel');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/#\/shop\?q=apparel$/);
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();

  // Sort by price, low to high.
  await page.getByRole('textbox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/#\/shop\?q=apparel&sort=price_asc$/);
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);

  // A price range, applied with its button; every card inside it.
  await page.getByLabel('Min price').fill(String(low));
  await page.getByLabel('Max price').fill(String(high));
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(new RegExp(`#/shop\\?q=apparel&sort=price_asc&min=${low}&max=${high}$`));
  await expect.poll(async () => (await cardPrices(page)).every((p) => p >= low && p <= high)).toBe(true);
  const rangedSummary = await page.getByText(/products? for “apparel” in Local catalog/).innerText();

  // The box shows the click in the same task (the URL is its state; the router tells its readers at once
  // instead of on the later hashchange): no moment where it flips back, and a click is never lost.
  const checkedAtOnce = await page.getByRole('checkbox', { name: 'In stock only' }).evaluate((box: HTMLInputElement) => {
    box.click();
    return box.checked;
  });
  expect(checkedAtOnce).toBe(true);
  await expect(page).toHaveURL(/&stock=1$/);

  // Reload: the same query, sort, range and stock filter, and the same results.
  await page.reload();
  await expect(page.getByLabel('Search products')).toHaveValue('apparel');
  await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Price: low to high');
  await expect(page.getByLabel('Min price')).toHaveValue(String(low));
  await expect(page.getByLabel('Max price')).toHaveValue(String(high));
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);

  // Back: the search before the stock filter.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/shop\\?q=apparel&sort=price_asc&min=${low}&max=${high}$`));
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
  await expect(page.getByText(rangedSummary)).toBeVisible();

  // A wrong range is said on the field and not searched.
  await page.getByLabel('Min price').fill(String(high + 1));
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page.getByText('The min price is above the max price')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`min=${low}&max=${high}$`));
});

test('the local catalog filters by platform, and the filters stay when a product is visited', async ({ app: page }) => {
  await page.getByRole('textbox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: '1688' }).click();
  await expect(page).toHaveURL(/#\/shop\?platform=1688$/);
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  const count = await results.count();
  await expect(results.getByText('1688', { exact: true })).toHaveCount(count);

  await page.getByRole('textbox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Newest' }).click();
  await expect(page).toHaveURL(/#\/shop\?sort=newest&platform=1688$/);
  await results.first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/#\/shop\?sort=newest&platform=1688$/);
  await expect(page.getByRole('textbox', { name: 'Platform' })).toHaveValue('1688');
});
