import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** The back office's Requests page: the open API's request log, live, with a request's bodies and curl. */

const UI = { 'X-Crossbuy-Client': 'ui' };

test('a request made with an API key shows up live on the Requests page, opens with its bodies and copies as curl', async ({ app: page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  const created = await page.request.post(`${server.origin}/api/v1/admin/keys`, { headers: UI, data: { name: 'e2e logger', scopes: ['orders:read'] } });
  expect(created.status()).toBe(201);
  const { key } = ((await created.json()) as { data: { key: string } }).data;

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Requests', level: 2 })).toBeVisible();

  // Made after the page is open: the page picks it up by itself.
  const sent = await page.request.get(`${server.origin}/api/v1/open/orders?limit=2`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': 'e2e-logged-1' } });
  expect(sent.status()).toBe(200);
  const row = page.getByRole('table', { name: 'Logged requests' }).getByTestId('request-row').filter({ hasText: '/api/v1/open/orders?limit=2' });
  await expect(row).toBeVisible();
  // Every column is named, the Open buttons' too (axe: an empty header cell).
  await expect(page.getByRole('table', { name: 'Logged requests' }).getByRole('columnheader', { name: 'Details' })).toHaveCount(1);
  await expect(row).toContainText('e2e logger');
  await expect(row).toContainText('200');

  // Filter by the key: only its requests.
  await page.getByRole('textbox', { name: 'Made by' }).click();
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

test('the app\'s own requests read "This app", apart from a script\'s and from those without a valid key, and filter by who made them', async ({ app: page, server }) => {
  const created = await page.request.post(`${server.origin}/api/v1/admin/keys`, { headers: UI, data: { name: 'e2e caller', scopes: ['cart:read'] } });
  const { key } = ((await created.json()) as { data: { key: string } }).data;
  // One request each: the app's own (its session cookie and header, as the page sends them), a script's, and one with a wrong key.
  expect((await page.request.get(`${server.origin}/api/v1/open/cart?from=app`, { headers: UI })).status()).toBe(200);
  expect((await page.request.get(`${server.origin}/api/v1/open/cart?from=script`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
  expect((await page.request.get(`${server.origin}/api/v1/open/cart?from=nobody`, { headers: { Authorization: 'Bearer sk-wrong' } })).status()).toBe(401);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  const rows = page.getByRole('table', { name: 'Logged requests' }).getByTestId('request-row');
  const row = (from: string) => rows.filter({ hasText: `/api/v1/open/cart?from=${from}` });
  await expect(row('app').getByRole('cell').nth(1)).toHaveText('This app');
  await expect(row('script').getByRole('cell').nth(1)).toHaveText('e2e caller');
  await expect(row('nobody').getByRole('cell').nth(1)).toHaveText('—');
  await expect(row('nobody').getByLabel('No valid key')).toBeVisible();

  const madeBy = page.getByRole('textbox', { name: 'Made by' });
  await madeBy.click();
  await page.getByRole('option', { name: 'This app' }).click();
  await expect(row('script')).toHaveCount(0);
  await expect(row('nobody')).toHaveCount(0);
  await expect(row('app')).toHaveCount(1);
  // Every row left is the app's (the page's own polling of the log is the admin API: never logged).
  await expect.poll(() => rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.children[1]?.textContent))])).toEqual(['This app']);
  await row('app').getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog').getByTestId('request-detail-caller')).toHaveText('This app');
  await page.keyboard.press('Escape');

  await madeBy.click();
  await page.getByRole('option', { name: 'No valid key' }).click();
  await expect(row('nobody')).toHaveCount(1);
  await expect(row('app')).toHaveCount(0);
  await expect(row('script')).toHaveCount(0);
});

test('the path filter waits for a pause in typing, says when a path lacks its leading /, and a failed refresh keeps the rows shown', async ({ app: page, server }) => {
  const created = await page.request.post(`${server.origin}/api/v1/admin/keys`, { headers: UI, data: { name: 'e2e filter', scopes: ['orders:read'] } });
  const { key } = ((await created.json()) as { data: { key: string } }).data;
  expect((await page.request.get(`${server.origin}/api/v1/open/orders?limit=3`, { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);

  const isLog = (url: URL) => url.pathname === '/api/v1/admin/requests';
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isLog(url)) asked.push(url.searchParams.get('path') ?? '');
  });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  const rows = page.getByRole('table', { name: 'Logged requests' }).getByTestId('request-row');
  await expect(rows.first()).toBeVisible();

  // Typed a key at a time: one query for the path, not one per prefix typed on the way (without the pause,
  // each of the 18 prefixes was a query). A prefix is queried only if the browser stalled 300 ms between
  // two keystrokes, which a loaded CI machine can do once or twice: at most two are let through for that.
  const field = page.getByRole('textbox', { name: 'Path starts with' });
  const full = '/api/v1/open/orders';
  await field.pressSequentially(full);
  await expect.poll(() => asked.includes(full)).toBe(true);
  await expect(rows.filter({ hasText: `${full}?limit=3` }).first()).toBeVisible();
  const prefixes = asked.filter((path) => path !== '' && path !== full);
  expect(prefixes.length, `prefixes queried: ${prefixes.join(', ')}`).toBeLessThanOrEqual(2);

  // Without its leading `/` the path is no filter: the field says so (and the log is not filtered by it).
  await field.fill('api/v1/open');
  await expect(page.getByText('A path starts with /: this filter is not applied')).toBeVisible();
  expect(asked).not.toContain('api/v1/open');

  // A path typed without the API's prefix is one of the open API's routes; a filter nothing matches says so.
  asked.length = 0;
  await field.fill('/orders');
  await expect.poll(() => asked.includes(full)).toBe(true);
  await expect(rows.filter({ hasText: `${full}?limit=3` }).first()).toBeVisible();
  await field.fill('/no-such-route');
  await expect(page.getByText('No logged request matches these filters.')).toBeVisible();
  await expect(page.getByText(/^No requests yet/)).toHaveCount(0);

  // The live refresh fails: the rows stay, the error shows beside them.
  await field.fill(full);
  await expect(rows.filter({ hasText: `${full}?limit=3` }).first()).toBeVisible();
  await page.route(isLog, (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'log unavailable' } }));
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot refresh the request log: the requests shown may be out of date' })).toBeVisible();
  await expect(rows.filter({ hasText: `${full}?limit=3` }).first()).toBeVisible();
  await expect(page.getByText('Cannot load the request log', { exact: true })).toHaveCount(0);
});

test('"Save as world file" saves the chosen key\'s session as a world file to replay', async ({ app: page, server }) => {
  const created = await page.request.post(`${server.origin}/api/v1/admin/keys`, { headers: UI, data: { name: 'e2e recorder', scopes: ['all'] } });
  const { key } = ((await created.json()) as { data: { key: string } }).data;
  const auth = { Authorization: `Bearer ${key}` };
  const search = await page.request.get(`${server.origin}/api/v1/open/products/search?q=lamp&limit=1`, { headers: auth });
  const product = ((await search.json()) as { data: { items: { id: number; skus: { skuId: string }[] }[] } }).data.items[0]!;
  const order = await page.request.post(`${server.origin}/api/v1/open/orders`, { headers: auth, data: { items: [{ productId: String(product.id), skuId: product.skus[0]!.skuId, quantity: 1 }] } });
  expect(order.status()).toBe(201);
  const { orderNo } = ((await order.json()) as { data: { orderNo: string } }).data;
  expect((await page.request.post(`${server.origin}/api/v1/open/orders/${orderNo}/cancel`, { headers: auth, data: {} })).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  const save = page.getByRole('button', { name: 'Save as world file' });
  // Without a key there is no session to save.
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Made by' }).click();
  await page.getByRole('option', { name: /e2e recorder/ }).click();
  const downloading = page.waitForEvent('download');
  await save.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^crossbuy-world-key-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { crossbuyWorld: number; steps: { name?: string; call?: string }[] };
  expect(file.crossbuyWorld).toBe(1);
  // (the shared server's wallet before the session comes first, as an opening deposit or adjustment)
  const calls = file.steps.map((s) => s.call).filter((call) => call?.includes(' /open/'));
  expect(calls).toEqual(['GET /open/products/search', 'POST /open/orders', expect.stringMatching(/^POST \/open\/orders\/\$\{orders\d+\.data\.orderNo\}\/cancel$/)]);
});
