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
  await expect(results.first()).toContainText(/CN¥[\d,]+\.\d{2}/);

  await results.first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expect(page.getByText('Taobao', { exact: true })).toBeVisible();
});

test('a pasted marketplace link opens its product; what is wrong with a bad one is said on the field, in the UI language', async ({ app: page, openApi }) => {
  const offers = await openApi.get<{ items: { title: string; platformItemId: string }[] }>('/products/platform/1688/search?limit=1');
  const offer = offers.items[0]!;

  const link = page.getByLabel('Paste a product link');
  await link.fill('https://example.com/not-a-shop');
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('That is not a Taobao, Tmall, 1688 or Weidian product link.')).toBeVisible();
  // The server's raw sentence is not what the shopper reads.
  await expect(page.getByText(/url is not a/)).toHaveCount(0);

  // A 1688 offer link of the documented form with an id the marketplace lacks: "no such item", not "not a link".
  await link.fill('https://detail.1688.com/offer/123.html');
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(page.getByText('The marketplace has no item with that number. Check the link.')).toBeVisible();
  await expect(page.getByText(/No 1688 item/)).toHaveCount(0);

  await link.fill('https://m.tb.cn/h.5Xyz');
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(page.getByText(/Short links \(like m\.tb\.cn\) only redirect/)).toBeVisible();

  await link.fill(`https://detail.1688.com/offer/${offer.platformItemId}.html`);
  await page.getByRole('button', { name: 'Open link' }).click();
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expect(page.getByRole('heading', { name: offer.title, level: 2 })).toBeVisible();
  await expect(page.getByText('1688', { exact: true })).toBeVisible();
});

test('a link problem is worded in Chinese when the UI is in Chinese', async ({ app: page }) => {
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  const link = page.getByLabel('粘贴商品链接');
  await link.fill('https://example.com/not-a-shop');
  await page.getByRole('button', { name: '打开链接' }).click();
  await expect(page.getByText('这不是淘宝、天猫、1688 或微店的商品链接。')).toBeVisible();
});

test('a platform product links to its page on the marketplace, opened outside the app', async ({ app: page, openApi }) => {
  const found = await openApi.get<{ items: { id: number; title: string; platform: string; platformItemId: string }[] }>('/products/platform/weidian/search?limit=1');
  const item = found.items[0]!;
  await page.goto(`/#/product/${item.id}`);
  await expect(page.getByRole('heading', { name: item.title, level: 2 })).toBeVisible();

  const link = page.getByRole('link', { name: /^View on Weidian/ });
  await expect(link).toHaveAttribute('href', `https://weidian.com/item.html?itemID=${item.platformItemId}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // A new tab (no network here: the marketplace answers from a stand-in); the app stays where it was.
  await page.context().route('https://weidian.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Weidian</title>' }));
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(`https://weidian.com/item.html?itemID=${item.platformItemId}`);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL(new RegExp(`#/product/${item.id}$`));
  await tab.close();
});
