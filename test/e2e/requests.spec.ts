import { expect, test } from './fixtures';

/** The back office's Requests page: the open API's request log, live, with a request's bodies and curl. */

const UI = { 'X-Crossbuy-Client': 'ui' };

test('a request made with an API key shows up live on the Requests page, opens with its bodies and copies as curl', async ({ app: page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  const created = await page.request.post(`${server.origin}/api/v1/admin/keys`, { headers: UI, data: { name: 'e2e logger', scopes: ['orders:read'] } });
  expect(created.status()).toBe(201);
  const { key } = ((await created.json()) as { data: { key: string } }).data;

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Requests', level: 2 })).toBeVisible();

  // Made after the page is open: the page picks it up by itself.
  const sent = await page.request.get(`${server.origin}/api/v1/open/orders?limit=2`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': 'e2e-logged-1' } });
  expect(sent.status()).toBe(200);
  const row = page.getByRole('table', { name: 'Logged requests' }).getByTestId('request-row').filter({ hasText: '/api/v1/open/orders?limit=2' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('e2e logger');
  await expect(row).toContainText('200');

  // Filter by the key: only its requests.
  await page.getByRole('textbox', { name: 'API key' }).click();
  await page.getByRole('option', { name: /e2e logger/ }).click();
  await expect(page.getByTestId('request-row')).toHaveCount(1);

  await row.getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'GET /api/v1/open/orders' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('e2e-logged-1');
  await expect(dialog.getByTestId('response-body')).toContainText('"items"');
  await expect(dialog.getByText('No body')).toBeVisible();
  const curl = dialog.getByTestId('request-curl');
  await expect(curl).toContainText(`${server.origin}/api/v1/open/orders?limit=2`);
  await expect(curl).not.toContainText(key);
  await dialog.getByRole('button', { name: 'Copy as curl' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/api/v1/open/orders?limit=2');
  expect(copied).toContain('$CROSSBUY_KEY');
});
