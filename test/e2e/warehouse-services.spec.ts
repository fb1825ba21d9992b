import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage, type Package } from './after-sales-helpers';

/**
 * The v1.1 ship flow in the UI: a service on a package (charged, done by the back office, weight changed),
 * a rehearsal packed and shipped as packed, insurance, the full breakdown; then a lost parcel's payout on
 * the shipping order page and the storage countdown in the warehouse.
 */
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(amount);

test('services, rehearsal, insurance and the breakdown; a lost parcel pays back', async ({ app: page, openApi, baseURL }) => {
  // A long walk (the ship page now waits for the service's preview): the default 30 s is tight on a loaded machine.
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, baseURL!);
  const pkg = await arrivedPackage(openApi, admin);

  await page.goto(`${baseURL}/#/ship?packages=${pkg.id}`);
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();

  // A service: charged now, done by the back office, the weight follows.
  const services = page.getByRole('group', { name: `Services for ${pkg.productName}` });
  // Each service with its price; a free one says so rather than "CN¥0.00".
  const catalog = await openApi.get<{ serviceId: string; price: number }[]>('/warehouse/services');
  expect(catalog.some((s) => s.price === 0), 'the seeded catalog has a free service').toBe(true);
  await expect(services.getByRole('checkbox', { name: 'Remove packaging (free)' })).toBeVisible();
  await expect(services).not.toContainText('CN¥0.00');
  await services.getByRole('checkbox', { name: /^Reinforcement/ }).check();
  await services.getByRole('button', { name: 'Request' }).click();
  await expect(services).toContainText('Reinforcement: requested, not done yet');
  const requests = await admin.get<{ requestId: number; packageId: number }[]>('/warehouse/service-requests?limit=200');
  const request = requests.find((r) => r.packageId === pkg.id)!;
  await admin.send('POST', `/warehouse/service-requests/${request.requestId}/done`);
  await expect(services).toContainText('Reinforcement: done', { timeout: 10_000 });
  const after = await openApi.get<Package>(`/warehouse/packages/${pkg.id}`);
  expect(after.weight).toBe(pkg.weight + 200);

  // A rehearsal: requested, packed by the back office, its packed parcel shown.
  await page.getByRole('button', { name: 'Request rehearsal packing' }).click();
  await expect(page.getByText(/Rehearsal RH\w+ requested/)).toBeVisible();
  const rehearsalId = /Rehearsal (RH\w+) requested/.exec((await page.getByText(/Rehearsal RH\w+ requested/).textContent())!)![1]!;
  const packed = await admin.send<{ packedWeight: number; length: number; width: number; height: number }>('POST', `/shipping/rehearsals/${rehearsalId}/pack`);
  await expect(page.getByLabel('packed parcel', { exact: true })).toContainText(`${packed.length} × ${packed.width} × ${packed.height} cm`, { timeout: 10_000 });
  await expect(page.getByRole('switch', { name: 'Quote and ship the packed parcel' })).toBeChecked();

  // Destination, insurance, and the breakdown.
  const newChoice = page.getByRole('radio', { name: 'Enter a new address' });
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form.or(newChoice)).toBeVisible();
  if (await newChoice.isVisible()) await newChoice.click();
  await form.getByLabel('Recipient name').fill('Lost Parcel');
  await form.getByLabel('Phone').fill('+81 3 1234 5678');
  await form.getByRole('textbox', { name: 'Country', exact: true }).fill('Japan');
  await page.getByRole('option', { name: 'Japan (JP)' }).click();
  await form.getByLabel('City').fill('Tokyo');
  await form.getByLabel('Postal code').fill('100-0001');
  await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('1-1 Chiyoda');
  await form.getByRole('button', { name: 'Save address' }).click();
  await page.getByRole('textbox', { name: 'Declared value' }).fill('300');
  await page.getByRole('switch', { name: 'Insure the declared value' }).check();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('group', { name: 'Insurance premium' })).toContainText(money(9));
  await expect(summary.getByRole('group', { name: 'Total held now' })).toBeVisible();

  await summary.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  const shippingNo = /#\/shipping\/(SO[A-Z0-9]+)/.exec(page.url())![1]!;
  const detail = await openApi.get<{ totalWeight: number; rehearsalId: string; shippingFee: number; totalCharge: number }>(`/shipping/orders/${shippingNo}`);
  expect(detail).toMatchObject({ totalWeight: packed.packedWeight, rehearsalId });
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges.getByRole('group', { name: 'Total held now' })).toContainText(money(detail.totalCharge));

  // Lost in transit: the page shows the payout.
  await admin.send('POST', `/shipping/orders/${shippingNo}/dispatch`, {});
  await admin.send('POST', `/shipping/${shippingNo}/simulate`, { scenario: 'lost_in_transit' });
  await expect(page.getByRole('alert').filter({ hasText: 'Parcel lost' })).toContainText(`Insurance paid back: ${money(300 + detail.shippingFee)}`, { timeout: 10_000 });
});

test('the warehouse shows the free-storage countdown once, warns on the Dashboard and Warehouse at day 88, then the accrued fee (en, zh)', async ({ app: page, openApi, baseURL }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, baseURL!);
  const put = await page.request.put(`${baseURL}/api/v1/admin/autopilot`, { headers: { 'X-Crossbuy-Client': 'ui' }, data: { pace: 'off' } });
  expect(put.ok()).toBe(true);
  const pkg = await arrivedPackage(openApi, admin);
  await page.getByRole('link', { name: /^Warehouse/ }).click();
  const row = page.getByRole('row', { name: pkg.productName }).filter({ hasText: pkg.orderId });
  await expect(row).toContainText('Free until');
  await expect(page.getByTestId('storage-alert')).toHaveCount(0);

  // Day 88 of 90: one warning in the row (not two countdowns), dates as the app writes them, and an alert above.
  await admin.send('POST', '/clock/advance', { by: '88d' });
  await page.reload();
  await expect(row).toContainText('2 days of free storage left (until', { timeout: 10_000 });
  const cell = (await row.innerText()).toLowerCase();
  expect(cell.split('free').length - 1).toBe(1);
  expect(cell).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  const alert = page.getByTestId('storage-alert');
  await expect(alert).toContainText('1 package is near the end of free storage');
  await expect(alert).toContainText(`${pkg.productName} (#${pkg.id}): 2 days of free storage left`);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('storage-alert')).toContainText(`(#${pkg.id}): 2 days of free storage left`);
  await page.getByTestId('storage-alert').getByRole('link', { name: 'Ship from the warehouse' }).click();
  await expect(page).toHaveURL(/#\/warehouse$/);

  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/dashboard');
  await page.reload();
  await expect(page.getByTestId('storage-alert')).toContainText('1 个包裹的免费仓储即将到期');
  await expect(page.getByTestId('storage-alert')).toContainText(`（#${pkg.id}）：免费仓储还剩 2 天（至`);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  await page.goto('/#/warehouse');
  await page.reload();

  await admin.send('POST', '/clock/advance', { by: '7d' });
  await expect(row).toContainText('Free storage ended 5 days ago: CN¥2.50 so far', { timeout: 10_000 });
  const fresh = await openApi.get<{ storageFee: number }>(`/warehouse/packages/${pkg.id}`);
  expect(fresh.storageFee).toBe(2.5);
});
