import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The operator's pages: API keys, the back office work page and the service clock. */

interface Product {
  id: number;
  title: string;
  platform: 'taobao' | '1688' | 'weidian';
  skus: { skuId: string; price: number; stock: number }[];
}

interface Balance {
  balance: number;
  availableBalance: number;
  currency: string;
}

const UI = { 'X-Crossbuy-Client': 'ui' };
const cents = (amount: number) => Math.round(amount * 100);

/** The back office with the page's UI session, as the operator pages reach it. */
async function admin<T>(request: APIRequestContext, origin: string, path: string): Promise<T> {
  const response = await request.get(`${origin}/api/v1/admin${path}`, { headers: UI });
  const body = (await response.json()) as { data: T };
  if (!response.ok()) throw new Error(`${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

async function adminPut(request: APIRequestContext, origin: string, path: string, data: unknown): Promise<void> {
  const response = await request.put(`${origin}/api/v1/admin${path}`, { headers: UI, data });
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`);
}

async function openNav(page: Page, name: string, heading: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

const pacesToRestore: string[] = [];

test.afterEach(async ({ page, server }) => {
  const pace = pacesToRestore.pop();
  if (pace) await adminPut(page.request, server.origin, '/autopilot', { pace });
});

test('an API key made in the UI reads the wallet a back office deposit grew, and stops at once when revoked', async ({ app: page, server }) => {
  await openNav(page, 'API keys', 'API keys');

  // A read-only key from the preset.
  const form = page.getByRole('form', { name: 'Create a key' });
  await form.getByLabel('Name').fill('e2e read-only');
  await form.getByRole('button', { name: 'Read-only' }).click();
  await expect(form.getByRole('button', { name: 'Read-only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('checkbox', { name: 'wallet:read' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'orders:write' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with a curl command on the server's origin.
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  const key = (await dialog.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^sk-[0-9A-Za-z]{40,}$/);
  await expect(dialog.getByTestId('curl-example')).toHaveText(`curl -H "Authorization: Bearer ${key}" ${server.origin}/api/v1/open/cart`);
  await expect(dialog.getByRole('button', { name: 'Copy the API key' })).toBeVisible();

  const auth = { Authorization: `Bearer ${key}` };
  const cart = await page.request.get(`${server.origin}/api/v1/open/cart`, { headers: auth });
  expect(cart.status()).toBe(200);
  const readBalance = async () => {
    const response = await page.request.get(`${server.origin}/api/v1/open/user/wallet/balance`, { headers: auth });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Balance }).data;
  };
  const before = await readBalance();

  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Keys' }).getByRole('row').filter({ hasText: 'e2e read-only' });
  await expect(row).toContainText(key.slice(0, 7));
  await expect(row).toContainText(key.slice(-4));
  await expect(row).toContainText('Read-only');
  await expect(row).toContainText('60/min');
  await expect(row).toContainText('Active');

  // Deposit 100.00 in the back office: the key sees the balance grow, and so does the back office.
  await openNav(page, 'Staff work', 'Staff work');
  const wallet = section(page, 'Wallet');
  await wallet.getByLabel(/^Amount/).fill('100');
  await wallet.getByLabel('Note (optional)').fill('e2e deposit');
  await wallet.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect.poll(async () => cents((await readBalance()).balance)).toBe(cents(before.balance) + 10_000);
  const after = await readBalance();
  const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: after.currency }).format(after.balance);
  await expect(wallet.getByLabel('Balance', { exact: true })).toHaveText(shown);

  // Revoke with confirmation: the same request is refused at once.
  await openNav(page, 'API keys', 'API keys');
  await row.getByRole('button', { name: 'Revoke e2e read-only' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “e2e read-only”?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await page.request.get(`${server.origin}/api/v1/open/cart`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('Invalid API Key');
});

test('the back office moves an order to the warehouse through the inspection Modal, and advances the clock', async ({ app: page, server, openApi }) => {
  await openNav(page, 'Staff work', 'Staff work');

  // Autopilot off: only the back office moves the order. The pace is put back afterwards for the other specs.
  const { pace } = await admin<{ pace: string }>(page.request, server.origin, '/autopilot');
  pacesToRestore.push(pace);
  const autopilot = section(page, 'Autopilot');
  await autopilot.getByText('Off', { exact: true }).click();
  await expect.poll(async () => (await admin<{ pace: string }>(page.request, server.origin, '/autopilot')).pace).toBe('off');
  await expect(autopilot.getByText('Nothing moves unless you move it here.')).toBeVisible();

  // An order placed through the API.
  const products = await openApi.get<{ items: Product[] }>('/products/search?limit=50');
  const choice = products.items
    .flatMap((product) => product.skus.filter((s) => s.stock > 0).map((sku) => ({ product, sku })))
    .sort((a, b) => a.sku.price - b.sku.price)[0]!;
  const order = await openApi.send<{ orderNo: string; status: string }>('POST', '/orders', {
    items: [{ productId: String(choice.product.id), skuId: choice.sku.skuId, quantity: 1 }],
  });
  expect(order.status).toBe('pending');

  const orders = section(page, 'Purchase orders in progress');
  const row = orders.getByRole('row').filter({ hasText: order.orderNo });
  await expect(row.getByText('Awaiting payment confirmation', { exact: true })).toBeVisible();
  // The marketplace by its name under the order number ("User 1 · taobao" before).
  await expect(row).toContainText(`User 1 · ${{ taobao: 'Taobao', 1688: '1688', weidian: 'Weidian' }[choice.product.platform]}`);

  await row.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(row.getByText('Payment confirmed', { exact: true })).toBeVisible();
  // Three buttons in its Next step cell: the table still fits the 1280 px window (they wrap), so the
  // Created column is not scrolled off its edge.
  await expect(row.getByRole('button', { name: 'Refund (out of stock)' })).toBeVisible();
  const overflow = await orders.getByRole('table').evaluate((table) => {
    let box = table.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await row.getByRole('button', { name: 'Mark purchased' }).click();
  await expect(row.getByText('Purchased', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Refund (out of stock)' })).toHaveCount(0);

  // Seller shipped: carrier and tracking number in a Modal.
  await row.getByRole('button', { name: 'Seller shipped' }).click();
  const ship = page.getByRole('dialog', { name: `Seller shipped ${order.orderNo}` });
  await ship.getByLabel('Carrier').fill('SF Express');
  await ship.getByLabel('Tracking number').fill('SF1234567890');
  await ship.getByRole('button', { name: 'Record shipment' }).click();
  await expect(ship).toBeHidden();
  await expect(row.getByText('On the way to the warehouse', { exact: true })).toBeVisible();

  // Arrived & inspected: result, weight and notes; photos generated.
  await row.getByRole('button', { name: 'Arrived & inspected' }).click();
  const inspect = page.getByRole('dialog', { name: `Arrived & inspected: ${order.orderNo}` });
  await expect(inspect.getByText('Photos are generated when none are given.')).toBeVisible();
  await inspect.getByText('Passed', { exact: true }).click();
  await inspect.getByLabel('Weight (g)').fill('850');
  await inspect.getByLabel('Notes').fill('Colour and size checked');
  await inspect.getByRole('button', { name: 'Record arrival' }).click();
  await expect(inspect).toBeHidden();
  await expect(row.getByText('In the warehouse', { exact: true })).toBeVisible();
  await expect(row).toContainText('Waiting for a shipping order');

  const detail = await openApi.get<{
    status: string;
    logistics: { carrier: string; trackingNo: string };
    inspection: { result: string; weight: number; photos: string[] };
  }>(`/orders/${order.orderNo}`);
  expect(detail.status).toBe('in_warehouse');
  expect(detail.logistics).toEqual({ carrier: 'SF Express', trackingNo: 'SF1234567890' });
  expect(detail.inspection.result).toBe('passed');
  expect(detail.inspection.weight).toBe(850);
  expect(detail.inspection.photos.length).toBeGreaterThan(0);

  // The service clock: advance by 1d and see it move.
  const clock = section(page, 'Service clock');
  const time = clock.locator('time');
  const clockBefore = await admin<{ offsetMs: number }>(page.request, server.origin, '/clock');
  const shownBefore = Date.parse((await time.getAttribute('datetime'))!);
  await clock.getByRole('button', { name: 'Advance by 1d' }).click();
  await expect(clock.getByRole('status')).toContainText('Moved from');
  const clockAfter = await admin<{ offsetMs: number }>(page.request, server.origin, '/clock');
  // The clock lands on from + 1d; wall time spent running the due steps is not added on top.
  expect(clockAfter.offsetMs - clockBefore.offsetMs).toBeGreaterThan(86_400_000 - 5_000);
  expect(clockAfter.offsetMs - clockBefore.offsetMs).toBeLessThanOrEqual(86_400_000);
  await expect(clock.getByTestId('clock-offset')).toContainText(/Ahead of wall time by \d+d/);
  await expect
    .poll(async () => Date.parse((await time.getAttribute('datetime'))!) - shownBefore)
    .toBeGreaterThanOrEqual(86_400_000 - 5_000);

  // A custom duration is checked before it is sent.
  // Its example fits the box (the list "90s, 45m, 12h, 3d, 2w" was cut at 1280 px).
  const placeholderFits = await clock.getByLabel('Custom duration').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  expect(placeholderFits).toBe(true);
  await clock.getByLabel('Custom duration').fill('3 days');
  await clock.getByRole('button', { name: 'Advance', exact: true }).click();
  await expect(clock.getByText('Use a whole number and a unit')).toBeVisible();
});

test('webhook endpoints and the server page: API messages, secret, enable/disable, delete, backup', async ({ app: page, server }) => {
  await openNav(page, 'Webhooks', 'Webhooks');
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  const url = `http://127.0.0.1:9/e2e-${Date.now()}`;

  // A remote address is refused by the service: its own message shows.
  await form.getByLabel('Endpoint URL').fill('https://example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'The endpoint was not added' })).toContainText('url must be a loopback address');

  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel('Description (optional)').fill('e2e listener');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const card = page.getByRole('article', { name: url });
  await expect(card).toContainText('e2e listener');
  await expect(card).toContainText('All events (*)');

  // The secret stays hidden until revealed.
  const secret = card.getByTestId('webhook-secret');
  await expect(secret).not.toContainText(/whsec_[0-9A-Za-z]{8}/);
  await card.getByRole('button', { name: `Reveal the signing secret of ${url}` }).click();
  await expect(secret).toHaveText(/^whsec_[0-9A-Za-z]{16,}$/);

  // The switch follows the server: it flips once the PATCH is answered, so click and wait for the state.
  const active = card.getByRole('switch', { name: 'Active' });
  await active.click({ force: true });
  await expect(active).not.toBeChecked();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Show deliveries' }).click();
  await expect(card.getByText('No deliveries yet.')).toBeVisible();

  // Issue 17 item 12: a test event can be sent on demand; nothing listens on port 9, and the card says so.
  await card.getByRole('button', { name: `Send a test event to ${url}` }).click();
  const outcome = card.getByRole('status').filter({ hasText: 'Test event not delivered' });
  await expect(outcome).toContainText('The endpoint did not accept it:');
  // The attempt joins the endpoint's delivery history like any other: one failed webhook.test, one attempt.
  const deliveries = card.getByRole('table', { name: 'Deliveries' });
  const testRow = deliveries.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(testRow).toHaveCount(1);
  await expect(testRow).toContainText('Test');
  await expect(testRow).toContainText('Failed');
  await testRow.getByRole('button', { name: 'Attempts (1)' }).click();
  await expect(card.getByRole('table', { name: /^Attempts of delivery \d+$/ }).getByRole('row')).toHaveCount(2);

  await card.getByRole('button', { name: `Delete the endpoint ${url}` }).click();
  await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(card).toHaveCount(0);

  // Server & data: the origin, a docs link for a new window, a backup.
  await openNav(page, 'Server & data', 'Server & data');
  await expect(page.getByTestId('server-origin')).toHaveText(server.origin);
  const docs = page.getByRole('link', { name: 'Open the API docs' });
  await expect(docs).toHaveAttribute('href', `${server.origin}/docs`);
  await expect(docs).toHaveAttribute('target', '_blank');
  const backups = section(page, 'Backups');
  await backups.getByRole('button', { name: 'Back up now' }).click();
  await expect(backups.getByRole('status')).toContainText(/Backed up to .*\.db \(\d/);
  await expect(backups.getByRole('table', { name: 'Backups' }).getByRole('row')).not.toHaveCount(1);
  // Reset needs the word typed out (not run here: the other specs share this server).
  const reset = section(page, 'Reset demo data');
  await expect(reset.getByRole('button', { name: 'Reset demo data' })).toBeDisabled();
  await reset.getByLabel('Type RESET to confirm').fill('reset');
  await expect(reset.getByRole('button', { name: 'Reset demo data' })).toBeDisabled();
  await reset.getByLabel('Type RESET to confirm').fill('RESET');
  await expect(reset.getByRole('button', { name: 'Reset demo data' })).toBeEnabled();
});

test('the old address of the staff work page, #/back-office, opens #/work', async ({ app: page }) => {
  await page.goto('/#/back-office');
  await expect(page).toHaveURL(/#\/work$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
