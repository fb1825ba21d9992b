import { adminApiOf, expect, test, type OpenApi } from './fixtures';

/**
 * The fulfilment journey of the warehouse feature: a purchase order reaches the warehouse (back office),
 * its package is picked on the warehouse page, freight is compared, a shipping order is created with its
 * fee frozen, the back office dispatches it, the user confirms delivery, and the purchase order completes.
 */

interface Product {
  id: number;
  title: string;
  cargoType: string;
  weight: number;
  skus: { skuId: string; name: string; price: number; stock: number }[];
}

interface Package {
  id: number;
  productName: string;
  weight: number;
  status: string;
  orderId: string;
  inspectionPhotos: string[];
}

interface Quote {
  channelId: string;
  name: string;
  actualWeight: number;
  volumetricWeight: number;
  chargeWeight: number;
  totalPrice: number;
  currency: string;
}

interface Channel {
  channelId: string;
  supportedCargo: string[];
}

interface Balance {
  balance: number;
  frozenBalance: number;
  availableBalance: number;
}

const money = (amount: number, currency = 'CNY') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
/** As the warehouse pages show weights. */
const grams = (g: number) => (g < 1000 ? `${g} g` : `${(g / 1000).toFixed(2)} kg`);

/** A cheap general-cargo product with stock, so every channel may carry it. */
async function generalProduct(openApi: OpenApi): Promise<{ product: Product; skuId: string }> {
  const page = await openApi.get<{ items: Product[] }>('/products/search?limit=100');
  const found = page.items
    .filter((p) => p.cargoType === 'general' && p.weight >= 100 && p.weight <= 2000)
    .flatMap((product) => product.skus.filter((s) => s.stock > 3).map((sku) => ({ product, skuId: sku.skuId, price: sku.price })))
    .sort((a, b) => a.price - b.price)[0];
  if (!found) throw new Error('no general product in stock in the demo catalog');
  return found;
}

test('warehouse to doorstep: pick a package, compare freight, ship it, dispatch, confirm delivery', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const country = { code: 'JP', name: 'Japan' };
  const recipient = `Hanako ${Date.now().toString(36)}`;

  // A purchase order, placed through the API, moved to the warehouse by the back office.
  const { product, skuId } = await generalProduct(openApi);
  const order = await openApi.send<{ orderNo: string }>('POST', '/orders', { items: [{ productId: String(product.id), skuId, quantity: 1 }] });
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const packages = await openApi.get<{ items: Package[] }>('/warehouse/packages/shippable?limit=100');
  const pkg = packages.items.find((p) => p.orderId === order.orderNo)!;
  expect(pkg.inspectionPhotos.length).toBeGreaterThan(0);

  // The warehouse page lists it with its inspection photo, order link and status.
  await page.getByRole('link', { name: /^Warehouse/ }).click();
  await expect(page.getByRole('heading', { name: 'Warehouse', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Warehouse figures' }).getByRole('group', { name: 'In warehouse' })).toBeVisible();
  const row = page.getByRole('row', { name: pkg.productName }).filter({ hasText: order.orderNo });
  await expect(row).toBeVisible();
  const photo = row.getByRole('img', { name: `Inspection photo of ${pkg.productName}` });
  await expect(photo).toHaveAttribute('src', pkg.inspectionPhotos[0]!);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(row.getByRole('link', { name: order.orderNo })).toHaveAttribute('href', `#/orders/${order.orderNo}`);
  await expect(row).toContainText('In warehouse');
  await expect(row).toContainText(grams(pkg.weight));

  // Select it and ship it.
  await row.getByRole('checkbox', { name: `Select ${pkg.productName}` }).check();
  await expect(page.getByText(`1 selected · ${grams(pkg.weight)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Ship selected' }).click();
  await expect(page).toHaveURL(new RegExp(`#/ship\\?packages=${pkg.id}$`));
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: pkg.productName })).toBeVisible();
  await expect(page.getByText(`Total weight: ${grams(pkg.weight)}`)).toBeVisible();

  // A new destination address (or the saved ones offer "Enter a new address" first).
  const newChoice = page.getByRole('radio', { name: 'Enter a new address' });
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form.or(newChoice)).toBeVisible();
  if (await newChoice.isVisible()) await newChoice.click();
  await form.getByLabel('Recipient name').fill(recipient);
  await form.getByLabel('Phone').fill('+81 3 1234 5678');
  await form.getByRole('textbox', { name: 'Country', exact: true }).fill(country.name);
  await page.getByRole('option', { name: `${country.name} (${country.code})` }).click();
  await form.getByLabel('City').fill('Tokyo');
  // A postcode that is not Japanese is marked on its field (the shared address rules), nothing is saved.
  await form.getByLabel('Postal code').fill('ABCDEFGHIJKLMNOP');
  await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('1-1 Chiyoda');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('Postal code')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Not a postcode of Japan: it looks like 100-0001');
  await form.getByLabel('Postal code').fill('100-0001');
  await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('1-1 Chiyoda');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('radio', { name: `${recipient}, 1-1 Chiyoda, Tokyo, 100-0001, Japan` })).toBeChecked();

  // The freight comparison, with parcel dimensions: actual, volumetric and charge weight per channel.
  const dims = { length: 30, width: 20, height: 15 };
  await page.getByLabel('Length (cm)').fill(String(dims.length));
  await page.getByLabel('Width (cm)').fill(String(dims.width));
  await page.getByLabel('Height (cm)').fill(String(dims.height));
  const withDims = await openApi.send<{ channels: Quote[] }>('POST', '/logistics/calculate-freight-batch', { country: country.code, weight: pkg.weight, ...dims });
  const billed = await openApi.send<{ channels: Quote[] }>('POST', '/logistics/calculate-freight-batch', { country: country.code, weight: pkg.weight });
  const channels = await openApi.get<Channel[]>(`/logistics/shipping-methods?country=${country.code}`);
  // Sorted by what is billed (the weight-only quote), which is the fee a shipping order freezes.
  const feeOf = (q: Quote) => billed.channels.find((b) => b.channelId === q.channelId)!.totalPrice;
  const carriable = withDims.channels
    .filter((q) => billed.channels.some((b) => b.channelId === q.channelId) && channels.some((c) => c.channelId === q.channelId))
    .sort((a, b) => feeOf(a) - feeOf(b));
  const cheapest = carriable[0]!;
  const fee = feeOf(cheapest);
  const cheapestBilled = billed.channels.find((b) => b.channelId === cheapest.channelId)!;

  // One price column (the billed fee); the weights behind it on demand.
  const table = page.getByRole('table', { name: 'Freight quotes' });
  for (const header of ['Channel', 'Carrier', 'Price', 'Delivery', 'Weights']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  for (const gone of ['Fee', 'Volumetric', 'Actual']) await expect(table.getByRole('columnheader', { name: gone, exact: true })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(withDims.channels.length + 1);
  const quoteRow = table.getByRole('row', { name: cheapest.name, exact: true });
  await expect(quoteRow.getByRole('cell').nth(3)).toHaveText(money(fee));
  const prices = await table.locator('tbody tr:not([aria-disabled])').evaluateAll((trs) => trs.map((tr) => tr.children[3]!.textContent ?? ''));
  const amounts = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await quoteRow.getByRole('button', { name: `Weights of ${cheapest.name}` }).click();
  const weights = table.getByRole('list', { name: `Weights of ${cheapest.name}` });
  await expect(weights).toContainText(`Actual weight: ${grams(cheapestBilled.actualWeight)}`);
  await expect(weights).toContainText(`Volumetric weight: ${grams(cheapest.volumetricWeight)} (not billed`);
  await expect(weights).toContainText(`Charge weight: ${grams(cheapestBilled.chargeWeight)}`);
  expect(cheapest.volumetricWeight).toBeGreaterThan(0);
  // Cheapest first, preselected.
  await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(cheapest.name);
  await expect(quoteRow.getByRole('radio')).toBeChecked();

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('group', { name: 'Channel' })).toContainText(cheapest.name);
  await expect(summary.getByRole('group', { name: 'Shipping fee' })).toContainText(money(fee));

  // Create it: the fee is frozen in the wallet.
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await summary.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  const shippingNo = /#\/shipping\/(SO[A-Z0-9]+)/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: shippingNo, level: 2 })).toBeVisible();
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(Math.round((after.frozenBalance - before.frozenBalance) * 100)).toBe(Math.round(fee * 100));
  await expect(page.getByRole('alert').filter({ hasText: 'Shipping order created' })).toContainText(`${money(fee)} is frozen in your wallet`);
  await expect(page.getByRole('alert').filter({ hasText: 'Shipping order created' })).toContainText(`Frozen in total now: ${money(after.frozenBalance)}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await expect(shipment.getByRole('group', { name: 'Shipping fee' })).toContainText(money(fee));
  await expect(page.getByRole('region', { name: 'Wallet' }).getByRole('group', { name: 'Frozen' })).toContainText(money(after.frozenBalance));
  await expect(page.getByRole('main').getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recipient' })).toContainText(recipient);
  await expect(page.getByRole('button', { name: 'Cancel shipping order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);

  // The dashboard counts the packages still waiting and names those being packed: its weight is of
  // every package stored, and it read "0" beside "3.33 kg in total" once all were being packed.
  const stats = await openApi.get<{ inWarehouse: number; packing: number; inWarehouseWeight: number }>('/warehouse/packages/stats');
  expect(stats.packing).toBeGreaterThan(0);
  await page.goto('/#/dashboard');
  const waiting = page.getByRole('region', { name: 'Packages waiting in the warehouse' });
  await expect(waiting.getByText(String(stats.inWarehouse), { exact: true })).toBeVisible();
  await expect(waiting).toContainText(
    `${(stats.inWarehouseWeight / 1000).toFixed(2)} kg stored; ${stats.packing === 1 ? '1 package is' : `${stats.packing} packages are`} being packed for a shipping order`,
  );
  await page.goto(`/#/shipping/${shippingNo}`);
  await expect(page.getByRole('heading', { name: shippingNo, level: 2 })).toBeVisible();

  // The back office dispatches it; the page follows by live update.
  const trackingNo = `E2E${Date.now()}`;
  await admin.send('POST', `/shipping/orders/${shippingNo}/dispatch`, { trackingNo });
  await expect(page.getByRole('main').getByText('Shipped', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(shipment.getByRole('group', { name: 'Tracking number' })).toContainText(trackingNo);
  await expect(page.getByRole('region', { name: 'Tracking events' })).toContainText(trackingNo);
  await expect(page.getByRole('button', { name: 'Cancel shipping order' })).toHaveCount(0);

  // The list shows it shipped with its tracking number.
  await page.getByRole('link', { name: '← All shipping orders' }).click();
  const listRow = page.getByRole('table', { name: 'Shipping orders' }).getByRole('row', { name: shippingNo });
  await expect(listRow).toContainText('Shipped');
  await expect(listRow).toContainText(trackingNo);
  await listRow.getByRole('link', { name: shippingNo }).click();

  // The user confirms delivery, asked first (it cannot be undone); "Not yet" changes nothing.
  await page.getByRole('button', { name: 'Confirm delivery' }).click();
  const ask = page.getByRole('dialog', { name: 'Confirm delivery' });
  await expect(ask).toContainText(`Has shipping order ${shippingNo} arrived?`);
  await ask.getByRole('button', { name: 'Not yet' }).click();
  await expect(ask).toBeHidden();
  expect((await openApi.get<{ status: string }>(`/shipping/orders/${shippingNo}`)).status).toBe('shipped');
  // Then for real: the purchase order completes.
  await page.getByRole('button', { name: 'Confirm delivery' }).click();
  await page.getByRole('dialog', { name: 'Confirm delivery' }).getByRole('button', { name: 'Yes, it arrived' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Delivery confirmed' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
  const status = await openApi.get<{ status: string }>(`/orders/${order.orderNo}/status`);
  expect(status.status).toBe('completed');

  // The purchase order's own page says so too.
  await page.getByRole('region', { name: 'Packages' }).getByRole('link', { name: order.orderNo }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders/${order.orderNo}$`));
  await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible();
});

test('battery goods only on sensitive channels; cancelling a pending shipping order releases its fee', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const search = await openApi.get<{ items: Product[] }>('/products/search?limit=100');
  const battery = search.items
    .filter((p) => p.cargoType === 'battery' && p.weight >= 100 && p.weight <= 2000)
    .flatMap((product) => product.skus.filter((s) => s.stock > 3).map((sku) => ({ product, skuId: sku.skuId })))[0]!;
  const order = await openApi.send<{ orderNo: string }>('POST', '/orders', { items: [{ productId: String(battery.product.id), skuId: battery.skuId, quantity: 1 }] });
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const pkg = (await openApi.get<{ items: Package[] }>('/warehouse/packages/shippable?limit=100')).items.find((p) => p.orderId === order.orderNo)!;
  const saved = await openApi.send<{ id: number; name: string }>('POST', '/user/addresses', {
    name: 'Saved Sensitive',
    phone: '+1 212 555 0100',
    country: 'US',
    city: 'New York',
    address: '350 Fifth Ave',
    zipCode: '10118',
  });

  await page.goto(`/#/ship?packages=${pkg.id}`);
  await expect(page.getByRole('listitem', { name: pkg.productName })).toContainText('Battery');
  await expect(page.getByText('Batteries and sensitive goods travel only on channels that carry sensitive cargo.')).toBeVisible();
  await page.getByRole('radio', { name: /^Saved Sensitive, 350 Fifth Ave, New York, 10118, United States/ }).click();

  // Every channel to the US is quoted; those without sensitive cargo are flagged and cannot be chosen.
  const quotes = await openApi.send<{ channels: Quote[] }>('POST', '/logistics/calculate-freight-batch', { country: 'US', weight: pkg.weight });
  const sensitive = await openApi.get<Channel[]>('/logistics/shipping-methods?country=US&cargoType=battery');
  const usable = quotes.channels.filter((q) => sensitive.some((c) => c.channelId === q.channelId));
  const unusable = quotes.channels.filter((q) => !sensitive.some((c) => c.channelId === q.channelId));
  expect(usable.length).toBeGreaterThan(0);
  expect(unusable.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Freight quotes' });
  await expect(table.getByRole('row')).toHaveCount(quotes.channels.length + 1);
  await expect(table.getByRole('row', { name: usable[0]!.name, exact: true }).getByRole('radio')).toBeChecked();
  const flagged = table.getByRole('row', { name: unusable[0]!.name, exact: true });
  await expect(flagged).toContainText('No battery / sensitive cargo');
  await expect(flagged.getByRole('radio')).toBeDisabled();
  await page.getByRole('switch', { name: 'Hide channels that cannot take this shipment' }).check();
  await expect(table.getByRole('row')).toHaveCount(usable.length + 1);
  // Without dimensions the weights say nothing of a volumetric weight (no "Volumetric 0 g").
  await table.getByRole('button', { name: `Weights of ${usable[0]!.name}` }).click();
  const weights = table.getByRole('list', { name: `Weights of ${usable[0]!.name}` });
  await expect(weights).toContainText(`Actual weight: ${grams(usable[0]!.actualWeight)}`);
  await expect(weights).toContainText(`Charge weight: ${grams(usable[0]!.chargeWeight)}`);
  await expect(weights).not.toContainText('Volumetric');

  const fee = usable[0]!.totalPrice;
  await page.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  const frozen = (await openApi.get<Balance>('/user/wallet/balance')).frozenBalance;

  // Cancel: asked first, then the released amount is shown and the package is back in the warehouse.
  await page.getByRole('button', { name: 'Cancel shipping order' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel shipping order' });
  await expect(dialog).toContainText(`The held fee ${money(fee)} goes back to your wallet`);
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Shipping order cancelled' }).first()).toContainText(`${money(fee)} released to your wallet.`);
  await expect(page.getByRole('main').getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel shipping order' })).toHaveCount(0);
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(Math.round((frozen - after.frozenBalance) * 100)).toBe(Math.round(fee * 100));
  await expect(page.getByRole('region', { name: 'Wallet' }).getByRole('group', { name: 'Frozen' })).toContainText(money(after.frozenBalance));
  expect((await openApi.get<Package>(`/warehouse/packages/${pkg.id}`)).status).toBe('in_warehouse');

  await openApi.send('DELETE', `/user/addresses/${saved.id}`);
});
