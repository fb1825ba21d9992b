import type { Locator, Page } from '@playwright/test';
import { arrivedPackage, ledgerEntries, shippedOrder } from './after-sales-helpers';
import { adminApiOf, expect, test, type OpenApi } from './fixtures';
import { cents, cheapProducts, money, placeOrder, type Balance } from './orders-helpers';

/**
 * The back office's after-sales tools (API v1.1 sections 2, 3 and 8), driven through the back office to their
 * end state, with the money checked through the API: supplements and price decreases, return decisions,
 * order and shipping scenarios, and the autopilot's scenario rates.
 */

interface Detail {
  orderNo: string;
  status: string;
  totalAmount: number;
  amountDue: number;
  currency: string;
  items: { itemId: number; price: number; quantity: number; title: string }[];
  supplements: { id: number; reason: string; amount: number; status: string; itemId: number | null }[];
  returns: { id: number; itemId: number; status: string; fee: number; refundAmount: number }[];
}

const balance = async (openApi: OpenApi) => cents((await openApi.get<Balance>('/user/wallet/balance')).balance);

/** The back office with the order's after-sales drawer open. */
async function openAfterSales(page: Page, orderNo: string) {
  await page.goto('/#/work');
  await page.getByRole('button', { name: `After-sales for ${orderNo}` }).click();
  const drawer = page.getByRole('dialog', { name: `After-sales: ${orderNo}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.beforeEach(async ({ app: page, server }) => {
  // Nothing moves or fires on its own while a test drives the orders.
  await adminApiOf(page.request, server.origin).send('PUT', '/autopilot', { pace: 'off' });
});

test('a supplement raised in the back office is paid on the order page; a price decrease is refunded at once', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!, 2);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  const drawer = await openAfterSales(page, order.orderNo);
  const form = drawer.getByRole('form', { name: 'Price change or postage' });

  // Domestic postage for the whole order: pending, and due.
  await form.getByText('Domestic postage', { exact: true }).click();
  await form.getByLabel('Amount (CNY)').fill('6.45');
  // Two clicks in one task (before React re-renders): one supplement, the button locked by the intent.
  await form.getByRole('button', { name: 'Ask the user to pay' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(form.getByRole('status')).toContainText(`of ${money(6.45)} raised (Domestic postage)`);
  await expect(form.getByRole('status')).toContainText(`Amount due: ${money(6.45)}.`);
  let detail = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect(detail.supplements).toMatchObject([{ reason: 'domestic_freight', amount: 6.45, status: 'pending', itemId: null }]);
  expect(detail.amountDue).toBe(6.45);

  // A price decrease on the line: refunded now, an order_refund of exactly that amount.
  const beforeDecrease = await balance(openApi);
  await form.getByText('Price decrease', { exact: true }).click();
  await form.getByLabel('Amount (CNY)').fill('1.2');
  await form.getByLabel('Order line').click();
  await page.getByRole('option', { name: new RegExp(`^Line ${detail.items[0]!.itemId}: `) }).click();
  await form.getByRole('button', { name: 'Refund the difference' }).click();
  await expect(form.getByRole('status')).toContainText(`Price decrease of ${money(1.2)} refunded`);
  expect((await balance(openApi)) - beforeDecrease).toBe(120);
  const refunds = await ledgerEntries(openApi, 'order_refund', order.orderNo);
  expect(refunds.map((e) => cents(e.amount))).toEqual([120]);

  // The shopper pays the supplement on the order page: debited exactly 6.45.
  await page.keyboard.press('Escape');
  await page.goto(`/#/orders/${order.orderNo}`);
  const banner = page.getByTestId('amount-due');
  await expect(banner).toContainText(money(6.45));
  const beforePay = await balance(openApi);
  await banner.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Pay/ }).click();
  await expect(banner).toBeHidden();
  expect(beforePay - (await balance(openApi))).toBe(645);
  expect((await ledgerEntries(openApi, 'supplement_payment', order.orderNo)).map((e) => cents(e.amount))).toEqual([-645]);
  detail = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect(detail.amountDue).toBe(0);
  expect(detail.supplements[0]!.status).toBe('paid');
});

test('a return the shopper asked for is approved in the back office: price x quantity - fee back in the ledger', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!, 2);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const placed = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  const item = placed.items[0]!;
  const requested = await openApi.send<{ id: number; fee: number }>('POST', `/orders/${order.orderNo}/returns`, { itemId: item.itemId, type: 'return', reason: 'wrong size' });
  expect(requested.fee).toBe(15);

  const drawer = await openAfterSales(page, order.orderNo);
  const returns = drawer.getByRole('group', { name: 'Returns and exchanges' });
  await expect(returns).toContainText(`Return #${requested.id} of line ${item.itemId} (${item.title}): “wrong size”`);
  const before = await balance(openApi);
  await returns.getByRole('button', { name: `Approve Return #${requested.id}` }).click();

  const expected = cents(item.price) * item.quantity - cents(requested.fee);
  await expect(returns.getByRole('status')).toHaveText(`Return #${requested.id} approved: ${money(expected / 100)} refunded to the user (fee ${money(15)}).`);
  await expect(returns.getByRole('button', { name: `Approve Return #${requested.id}` })).toHaveCount(0);
  expect((await balance(openApi)) - before).toBe(expected);
  expect((await ledgerEntries(openApi, 'order_refund', order.orderNo)).map((e) => cents(e.amount))).toEqual([expected]);
  const detail = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect(detail.returns[0]).toMatchObject({ status: 'approved', refundAmount: expected / 100 });
  expect(detail.status).toBe('returned');
});

test('an exchange rejected in the back office moves no money and puts the package back', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const pkg = await arrivedPackage(openApi, admin);
  const placed = await openApi.get<Detail>(`/orders/${pkg.orderId}`);
  const requested = await openApi.send<{ id: number }>('POST', `/orders/${pkg.orderId}/returns`, { itemId: placed.items[0]!.itemId, type: 'exchange', reason: 'colour' });
  const drawer = await openAfterSales(page, pkg.orderId);
  const returns = drawer.getByRole('group', { name: 'Returns and exchanges' });
  const before = await balance(openApi);
  await returns.getByRole('button', { name: `Reject Exchange #${requested.id}` }).click();
  await expect(returns.getByRole('status')).toHaveText(`Exchange #${requested.id} rejected: the package is back in the warehouse.`);
  expect(await balance(openApi)).toBe(before);
  expect((await openApi.get<{ status: string }>(`/warehouse/packages/${pkg.id}`)).status).toBe('in_warehouse');
});

test('extra photos the shopper paid for are added from the back office', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const pkg = await arrivedPackage(openApi, admin);
  const before = await balance(openApi);
  const request = await openApi.send<{ id: number; price: number }>('POST', `/orders/${pkg.orderId}/photo-requests`, { count: 3, note: 'the seams' });
  expect(before - (await balance(openApi))).toBe(600);

  const drawer = await openAfterSales(page, pkg.orderId);
  const photos = drawer.getByRole('group', { name: 'Extra photos' });
  await expect(photos).toContainText(`#${request.id}: 3 photos · “the seams”`);
  await photos.getByRole('button', { name: `Add the photos of request #${request.id}` }).click();
  await expect(photos.getByRole('status')).toHaveText(`Request #${request.id}: 3 photos added to the inspection.`);
  await expect(photos).toContainText(`#${request.id}: 3 photos, added`);
  const detail = await openApi.get<{ inspection: { requestedPhotos: { requestId: number }[] } }>(`/orders/${pkg.orderId}`);
  expect(detail.inspection.requestedPhotos.filter((p) => p.requestId === request.id)).toHaveLength(3);
});

test('order scenarios from the back office: only those that fit are on; the result and a 409 are shown', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!, 3);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  const drawer = await openAfterSales(page, order.orderNo);
  const scenarios = drawer.getByRole('group', { name: 'Make a case happen' });
  for (const name of ['Out of stock', 'Price increase', 'Price decrease', 'Domestic postage']) await expect(scenarios.getByRole('button', { name })).toBeEnabled();
  // Worded as on the shopper's pages (the shared catalog), not by a copy of the panel's own.
  for (const name of ['Seller delay', 'Quality issue']) await expect(scenarios.getByRole('button', { name })).toBeDisabled();

  // price_increase: a supplement of 10% of the first line (at least 1.00) is due; the order stays paid.
  const lineTotal = cents(line!.sku.price) * 3;
  const increase = Math.max(100, Math.round(lineTotal / 10));
  await scenarios.getByRole('button', { name: 'Price increase' }).click();
  await expect(scenarios.getByRole('status')).toHaveText(`Price increase on ${order.orderNo}: the order is “Payment confirmed”, amount due ${money(increase / 100)}.`);
  await expect(scenarios.getByRole('button', { name: 'Price increase' })).toBeDisabled();
  let detail = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect([detail.status, cents(detail.amountDue)]).toEqual(['paid', increase]);

  // out_of_stock: refunded in full (nothing of the supplement was paid).
  const before = await balance(openApi);
  await scenarios.getByRole('button', { name: 'Out of stock' }).click();
  await expect(scenarios.getByRole('status')).toContainText(`Out of stock on ${order.orderNo}: the order is “Refunded”`);
  expect((await balance(openApi)) - before).toBe(cents(order.totalAmount));
  detail = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect([detail.status, detail.amountDue]).toEqual(['refunded', 0]);
  await expect(scenarios.getByRole('button', { disabled: false })).toHaveCount(0);

  // The order moves on while the back office still shows it paid: the service's 409 is worded plainly.
  const second = await placeOrder(openApi, line!, 1);
  await admin.send('POST', `/orders/${second.orderNo}/advance`, { to: 'paid' });
  const stale = await admin.get<Detail>(`/orders/${second.orderNo}`);
  await page.route(`**/api/v1/admin/orders/${second.orderNo}`, (route) => route.fulfill({ json: { data: stale } }));
  await admin.send('POST', `/orders/${second.orderNo}/advance`, { to: 'purchased' });
  await page.keyboard.press('Escape');
  const other = await openAfterSales(page, second.orderNo);
  const otherScenarios = other.getByRole('group', { name: 'Make a case happen' });
  const walletBefore = await balance(openApi);
  await otherScenarios.getByRole('button', { name: 'Out of stock' }).click();
  const alert = otherScenarios.getByRole('alert');
  await expect(alert).toContainText('Out of stock did not happen');
  await expect(alert).toContainText('It does not fit the order as it is now');
  await expect(alert).toHaveAttribute('data-status-code', '409');
  await page.unroute(`**/api/v1/admin/orders/${second.orderNo}`);
  expect(await balance(openApi)).toBe(walletBefore);
  expect((await openApi.get<Detail>(`/orders/${second.orderNo}`)).status).toBe('purchased');
});

test('customs_hold from the back office puts a shipped order in exception; a hold cannot be held again', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const shippingNo = await shippedOrder(openApi, admin);
  await page.goto('/#/work');
  const row = page.getByRole('table', { name: 'Shipping orders' }).getByRole('row').filter({ hasText: shippingNo });
  await expect(row).toContainText('Shipped');
  await row.getByRole('button', { name: `Simulate a case on ${shippingNo}` }).click();
  await page.getByRole('menuitem', { name: 'Customs hold' }).click();
  await expect(page.getByText(`Customs hold on ${shippingNo}: the shipping order is “Exception”.`)).toBeVisible();
  await expect(row).toContainText('Exception');
  expect((await openApi.get<{ status: string }>(`/shipping/orders/${shippingNo}`)).status).toBe('exception');

  await row.getByRole('button', { name: `Simulate a case on ${shippingNo}` }).click();
  await expect(page.getByRole('menuitem', { name: /^Customs hold/ })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: /^Customs hold/ })).toContainText('needs “Shipped”');
  await expect(page.getByRole('menuitem', { name: 'Lost in transit' })).toBeEnabled();
  await page.keyboard.press('Escape');

  // Clearing the hold asks first (issue 26, minor): "Keep the hold" changes nothing, "Release the parcel" ships it on.
  await row.getByRole('button', { name: 'Clear customs hold' }).click();
  const ask = page.getByRole('dialog', { name: `Clear the customs hold on ${shippingNo}?` });
  await expect(ask).toContainText('back to “Shipped”');
  await ask.getByRole('button', { name: 'Keep the hold' }).click();
  await expect(ask).toHaveCount(0);
  expect((await openApi.get<{ status: string }>(`/shipping/orders/${shippingNo}`)).status).toBe('exception');
  await row.getByRole('button', { name: 'Clear customs hold' }).click();
  await ask.getByRole('button', { name: 'Release the parcel' }).click();
  await expect(page.getByText(`Shipping order ${shippingNo} cleared by customs: back in transit.`)).toBeVisible();
  await expect(row).toContainText('Shipped');
  expect((await openApi.get<{ status: string }>(`/shipping/orders/${shippingNo}`)).status).toBe('shipped');

  // One shipping status badge on both sides: the staff table's "Shipped" has the shipping orders page's
  // colour (the back office had a badge and colours of its own: shipped blue there, violet here).
  const colourOf = (badge: Locator) => badge.evaluate((el) => getComputedStyle(el).backgroundColor);
  const staffColour = await colourOf(row.locator('.mantine-Badge-root').filter({ hasText: /^Shipped$/ }));
  await page.goto('/#/shipping');
  const userRow = page.getByRole('row').filter({ hasText: shippingNo });
  expect(await colourOf(userRow.locator('.mantine-Badge-root').filter({ hasText: /^Shipped$/ }))).toBe(staffColour);
});

test('in Chinese the back office clears a customs hold after asking', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const shippingNo = await shippedOrder(openApi, admin);
  await admin.send('POST', `/shipping/${shippingNo}/simulate`, { scenario: 'customs_hold' });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/work');
  await page.reload();
  const row = page.getByRole('table', { name: '国际运单' }).getByRole('row').filter({ hasText: shippingNo });
  await row.getByRole('button', { name: '清关放行' }).click();
  const ask = page.getByRole('dialog', { name: `为 ${shippingNo} 清关放行？` });
  await expect(ask).toContainText('海关放行包裹');
  await ask.getByRole('button', { name: '放行包裹' }).click();
  await expect(page.getByText(`运单 ${shippingNo} 已清关，继续运输。`)).toBeVisible();
  expect((await openApi.get<{ status: string }>(`/shipping/orders/${shippingNo}`)).status).toBe('shipped');
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

test('the autopilot scenario rates are shown and set in the back office', async ({ app: page, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const before = await admin.get<{ scenarioRates: Record<string, number> }>('/autopilot');
  const figures = await admin.get<{ customsHoldRateBp: number }>('/warehouse/figures');
  await page.goto('/#/work');
  const form = page.getByRole('region', { name: 'Autopilot' }).getByRole('form', { name: 'Scenario rates (%)' });
  await expect(form.getByLabel('Price increase')).toHaveValue(String(before.scenarioRates.price_increase));
  await expect(form.getByLabel('Customs hold')).toHaveValue(String(figures.customsHoldRateBp / 100));
  expect(before.scenarioRates.customs_hold).toBe(figures.customsHoldRateBp / 100);

  await form.getByLabel('Price increase').fill('12.5');
  await form.getByLabel('Customs hold').fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scenario rates saved.')).toBeVisible();
  const after = await admin.get<{ scenarioRates: Record<string, number> }>('/autopilot');
  // Order and shipping rates alike in the autopilot settings; the shipping ones still in the figures too.
  expect(after.scenarioRates).toEqual({ ...before.scenarioRates, price_increase: 12.5, customs_hold: 3 });
  expect((await admin.get<{ customsHoldRateBp: number }>('/warehouse/figures')).customsHoldRateBp).toBe(300);
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('in Chinese the back office words scenarios as the shopper\'s pages do (one catalog), order and shipping alike', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!, 1);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/work');
  await page.reload();
  await page.getByRole('button', { name: `${order.orderNo} 的售后` }).click();
  const drawer = page.getByRole('dialog', { name: `售后：${order.orderNo}` });
  const scenarios = drawer.getByRole('group', { name: '模拟售后情形' });
  for (const name of ['缺货', '涨价', '降价', '国内运费']) await expect(scenarios.getByRole('button', { name })).toBeEnabled();
  // '卖家延迟' and '质检问题' are the shopper's words (the panel's own copy said '卖家延迟发货').
  for (const name of ['卖家延迟', '质检问题']) await expect(scenarios.getByRole('button', { name, exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  const form = page.getByRole('form', { name: '情形概率（%）' });
  for (const label of ['卖家延迟', '海关扣留', '运输途中丢失', '海关没收']) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
});
