import { expect, test, adminApiOf } from './fixtures';
import { cheapProducts } from './orders-helpers';

/** Every reader of the settings shares one cache entry: a change on the settings page reaches them all. */

test('a service fee rate saved on the settings page is the one checkout charges at once', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const before = await admin.get<{ serviceFeeRate: number }>('/settings');
  expect(before.serviceFeeRate).toBeGreaterThan(0);
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  try {
    await page.goto('/#/checkout');
    const fee = page.getByTestId('checkout-service-fee');
    await expect(fee).not.toHaveText('CN¥0.00');

    // The same page session (no reload): the operator waives the fee, then goes back to the checkout.
    await page.goto('/#/settings');
    const rate = page.getByRole('textbox', { name: 'Service fee rate (%)' });
    await rate.fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.goto('/#/checkout');
    await expect(fee).toHaveText('CN¥0.00');
  } finally {
    await admin.send('PUT', '/settings', { serviceFeeRate: before.serviceFeeRate });
    await openApi.send('DELETE', '/cart');
  }
});

for (const { language, label, failed } of [
  { language: 'en', label: 'Display currency', failed: 'The display currency was not changed' },
  { language: 'zh-CN', label: '显示币种', failed: '显示币种未能更改' },
] as const) {
  test(`a refused display currency change says so (${language}) instead of silently snapping back`, async ({ app: page, server }) => {
    const admin = adminApiOf(page.request, server.origin);
    await admin.send('PUT', '/settings', { displayRates: { USD: 0.1381 }, displayCurrency: null });
    await page.evaluate((lang) => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: lang, chosen: true }, version: 0 })), language);
    await page.route('**/api/v1/admin/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 409, json: { statusCode: 409, error: 'Conflict', message: 'Settings changed meanwhile' } })
        : route.continue(),
    );
    try {
      await page.reload();
      const picker = page.getByRole('textbox', { name: label, exact: true });
      await picker.click();
      await page.getByRole('option', { name: '≈ USD' }).click();
      const alert = page.getByRole('alert').filter({ hasText: failed });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('Settings changed meanwhile');
      await expect(picker).toHaveValue('CNY');
    } finally {
      await page.unroute('**/api/v1/admin/settings');
      await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
      await admin.send('PUT', '/settings', { displayRates: {}, displayCurrency: null });
    }
  });
}

test('a display currency change refused for an ended UI session says so, as every other error surface does', async ({ app: page, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await admin.send('PUT', '/settings', { displayRates: { USD: 0.1381 }, displayCurrency: null });
  await page.route('**/api/v1/admin/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'Missing UI token' } })
      : route.continue(),
  );
  try {
    await page.reload();
    const picker = page.getByRole('textbox', { name: 'Display currency', exact: true });
    await picker.click();
    await page.getByRole('option', { name: '≈ USD' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The display currency was not changed' });
    await expect(alert).toContainText('Missing UI token. The UI session has ended');
    await expect(picker).toHaveValue('CNY');
  } finally {
    await page.unroute('**/api/v1/admin/settings');
    await admin.send('PUT', '/settings', { displayRates: {}, displayCurrency: null });
  }
});
