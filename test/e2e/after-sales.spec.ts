import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';
import { cheapProducts, placeOrder } from './orders-helpers';

/**
 * API v1.1 after-sales in the UI: the amount-due banner (dashboard and order page) naming the line whose
 * price rose, paying it after a confirmation, extra photos shown once taken, and a return requested and
 * decided, after which the returned line offers no further return (issue 26 defects 4, 7 and 10).
 */
test('amount due on the dashboard and the order page; paying (confirmed) clears it; extra photos show; a returned line offers no return', async ({ app: page, openApi, server }) => {
  // A long walk: the default 30 s is tight on a loaded machine.
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  const placed = await openApi.get<{ items: { itemId: number; title: string; skuName: string }[] }>(`/orders/${order.orderNo}`);
  const item = placed.items[0]!;
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 3.5, itemId: item.itemId });

  await page.evaluate(() => (window.location.hash = '#/dashboard'));
  const dashboardBanner = page.getByTestId('dashboard-amount-due');
  await expect(dashboardBanner).toContainText(order.orderNo);
  await dashboardBanner.getByRole('link', { name: new RegExp(order.orderNo) }).click();

  const banner = page.getByTestId('amount-due');
  await expect(banner).toContainText(`The seller raised the price: ${item.title} (${item.skuName})`);
  // The supplement's timeline entry says what happened, not the order's status again ("Payment confirmed").
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Supplement requested', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Payment confirmed', { exact: true })).toHaveCount(1);
  // One click only asks: nothing is paid until the question is answered.
  await banner.getByRole('button', { name: /^Pay/ }).click();
  const ask = page.getByRole('dialog', { name: 'Pay CN¥3.50?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(banner).toBeVisible();
  expect((await openApi.get<{ amountDue: number }>(`/orders/${order.orderNo}`)).amountDue).toBe(3.5);
  await banner.getByRole('button', { name: 'Decline and refund the order' }).click();
  await expect(page.getByRole('dialog', { name: 'Decline and refund the whole order?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
  await banner.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay CN¥3.50' }).click();
  await expect(banner).toBeHidden();
  // Paid before any inspection: listed under its own heading, not "After inspection" (issue 26, minor).
  await expect(page.getByRole('region', { name: 'Supplementary payments' })).toContainText('The seller raised the price CN¥3.50 (paid)');
  await expect(page.getByRole('region', { name: 'After inspection' })).toHaveCount(0);

  // Extra photos asked for and taken: shown beside the inspection's own.
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const requested = await openApi.send<{ id: number }>('POST', `/orders/${order.orderNo}/photo-requests`, { count: 2 });
  await admin.send('POST', `/orders/${order.orderNo}/photo-requests/${requested.id}/fulfil`);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Extra photos you asked for' }).getByRole('listitem')).toHaveCount(2, { timeout: 10_000 });

  const panel = page.getByTestId('after-sales');
  await expect(panel).toContainText('you can request more photos');
  // The photo price and the return fee are the service's, in the app's money format (they read "¥2.00" beside "CN¥").
  await panel.getByRole('button', { name: 'Request photos' }).click();
  await expect(page.getByRole('dialog').getByLabel('Number of photos (CN¥2.00 each)')).toBeVisible();
  // The wallet is charged on sending: the button says how much, for the count chosen; the note is optional.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Pay CN¥2.00 and send' })).toBeVisible();
  await page.getByRole('dialog').getByLabel('Number of photos (CN¥2.00 each)').fill('3');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Pay CN¥6.00 and send' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('What should the photos show? (optional)')).toBeVisible();
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: /^Return / }).click();
  await expect(page.getByRole('dialog')).toContainText('A return refunds what you paid for the item (its price less its share of any coupon) less the CN¥15.00 fee');
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: /^Return / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('wrong size');
  await dialog.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(page.getByTestId('returns')).toContainText('waiting for the seller');
  // The timeline names the product, not the line's id ("exchange of item 1 requested").
  await expect(timeline).toContainText(`${item.title}: return requested (wrong size)`);
  // The table's caption heads it (it sat under the table).
  const captionTop = (await page.getByTestId('returns').locator('caption').boundingBox())!.y;
  expect(captionTop).toBeLessThan((await page.getByTestId('returns').getByRole('row').first().boundingBox())!.y);

  const detail = await openApi.get<{ returns: { id: number }[] }>(`/orders/${order.orderNo}`);
  await admin.send('POST', `/orders/${order.orderNo}/returns/${detail.returns[0]!.id}/decide`, { decision: 'approved' });
  await expect(page.getByTestId('returns')).toContainText('approved');
  await expect(page.getByTestId('order-status')).toContainText('Returned');
  await expect(panel.getByRole('button', { name: /^Return / })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Exchange / })).toHaveCount(0);
});

test('in Chinese the supplement names its line and asks before declining', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  const placed = await openApi.get<{ items: { itemId: number; title: string }[] }>(`/orders/${order.orderNo}`);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'domestic_freight', amount: 6, itemId: placed.items[0]!.itemId });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto(`/#/orders/${order.orderNo}`);
  await page.reload();
  const banner = page.getByTestId('amount-due');
  await expect(banner).toContainText(`卖家收取国内运费：${placed.items[0]!.title}`);
  await expect(page.getByRole('region', { name: '时间线' }).getByText('发起补款', { exact: true })).toBeVisible();
  await banner.getByRole('button', { name: '拒绝并退款' }).click();
  await expect(page.getByRole('dialog', { name: '拒绝并为整个订单退款？' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '暂不' }).click();
  expect((await openApi.get<{ status: string }>(`/orders/${order.orderNo}`)).status).toBe('paid');
  // Declined before any inspection: listed under 补款, not 验货之后.
  await banner.getByRole('button', { name: '拒绝并退款' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '拒绝并退款' }).click();
  await expect(page.getByRole('region', { name: '补款' })).toBeVisible();
  await expect(page.getByRole('region', { name: '验货之后' })).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

test('an exchange\'s replacement shows its fresh inspection beside the original one, in both languages', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  // The back office receives the replacement by hand: the autopilot must not bring it first.
  const { pace } = await admin.get<{ pace: string }>('/autopilot');
  await admin.send('PUT', '/autopilot', { pace: 'off' });
  const pkg = await arrivedPackage(openApi, admin);
  const placed = await openApi.get<{ items: { itemId: number; title: string; skuName: string }[] }>(`/orders/${pkg.orderId}`);
  const item = placed.items[0]!;
  const exchange = await openApi.send<{ id: number }>('POST', `/orders/${pkg.orderId}/returns`, { itemId: item.itemId, type: 'exchange', reason: 'wrong colour' });
  await admin.send('POST', `/orders/${pkg.orderId}/returns/${exchange.id}/decide`, { decision: 'approved' });

  // Until the replacement arrives only the original inspection shows.
  await page.goto(`/#/orders/${pkg.orderId}`);
  const inspection = page.getByRole('region', { name: 'Warehouse inspection', exact: true });
  await expect(inspection.getByRole('list', { name: 'Inspection photos', exact: true })).toBeVisible();
  const fresh = inspection.getByRole('group', { name: `Replacement inspected: ${item.title} (${item.skuName})` });
  await expect(fresh).toHaveCount(0);

  await admin.send('POST', `/orders/${pkg.orderId}/exchanges/${exchange.id}/receive`);
  const line = (await openApi.get<{ items: { itemId: number; packageId: number; photos: string[] }[] }>(`/orders/${pkg.orderId}/inspection`)).items[0]!;
  expect(line.packageId).not.toBe(pkg.id);
  await page.reload();
  await expect(fresh).toBeVisible();
  await expect(fresh.getByText(String(line.packageId), { exact: true })).toBeVisible();
  await expect(fresh.getByRole('list', { name: `Inspection photos of the replacement for ${item.title} (${item.skuName})` }).getByRole('listitem')).toHaveCount(line.photos.length);
  // The original inspection stays above it.
  await expect(inspection.getByRole('list', { name: 'Inspection photos', exact: true })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  const zh = page.getByRole('region', { name: '仓库质检', exact: true }).getByRole('group', { name: `换货商品已重新质检：${item.title} (${item.skuName})` });
  await expect(zh).toBeVisible();
  await expect(zh.getByRole('list', { name: `${item.title} (${item.skuName}) 换货商品的质检照片` })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  await admin.send('PUT', '/autopilot', { pace });
});
