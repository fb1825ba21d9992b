import type { Locator, Page } from '@playwright/test';
import { adminApiOf, expect, test } from './fixtures';
import { ORDER_STATUS_LABELS } from '../../src/renderer/src/shared/orderStatusLabels';
import { cents, cheapProducts, money, orderTotal, placeOrder, type Balance, type Order } from './orders-helpers';

// The labels the app shows, from the one table it reads them from, so a status added there (returned)
// is a tab this test checks too; `all` is the orders page's own first tab.
const STATUS_LABELS: Record<string, string> = { all: 'All', ...ORDER_STATUS_LABELS.en };

const tab = (page: Page, status: string, count: number) =>
  page.getByRole('tablist', { name: 'Order status' }).getByRole('tab', { name: `${STATUS_LABELS[status]} (${count})`, exact: true });

test('status tabs with counts, pagination, search by number, detail with tracking, inspection photos and timeline', async ({
  app: page,
  openApi,
  server,
}) => {
  const admin = adminApiOf(page.request, server.origin);
  const lines = await cheapProducts(openApi, 3);
  // Two units on one line: the list's "Items" counts units (2), not lines (1).
  const arrived = await placeOrder(openApi, lines[0]!, 2);
  await admin.send('POST', `/orders/${arrived.orderNo}/advance`, { to: 'in_warehouse' });
  const refunded = await placeOrder(openApi, lines[1]!);
  await admin.send('POST', `/orders/${refunded.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${refunded.orderNo}/refund`, {});
  // More than one page of orders (10 a page).
  for (let n = await orderTotal(openApi); n <= 10; n++) await placeOrder(openApi, lines[2]!);

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  // Every tab the page shows is one checked here, Returned included.
  await expect(page.getByRole('tablist', { name: 'Order status' }).getByRole('tab')).toHaveCount(Object.keys(STATUS_LABELS).length);
  for (const status of Object.keys(STATUS_LABELS)) {
    const count = await orderTotal(openApi, status === 'all' ? undefined : status);
    await expect(tab(page, status, count)).toBeVisible();
  }

  // All orders, newest first, over pages.
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/#\/orders\?page=2$/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();

  // In warehouse: the arrived order, with its badge, line count and total.
  await tab(page, 'in_warehouse', await orderTotal(openApi, 'in_warehouse')).click();
  await expect(page).toHaveURL(/#\/orders\?status=in_warehouse$/);
  const row = table.getByRole('row').filter({ hasText: arrived.orderNo });
  await expect(row).toContainText('In the warehouse');
  await expect(row).toContainText(money(arrived.totalAmount));
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');

  await tab(page, 'refunded', await orderTotal(openApi, 'refunded')).click();
  await expect(table.getByRole('row').filter({ hasText: refunded.orderNo })).toContainText('Refunded');

  // Search: an unknown number says so; an exact one (any case) opens the order.
  const search = page.getByRole('textbox', { name: 'Order number' });
  await search.fill('PO19990101NOTHERE');
  await page.getByRole('button', { name: 'Open order' }).click();
  await expect(page.getByText('No order PO19990101NOTHERE was found.')).toBeVisible();
  await search.fill(arrived.orderNo.toLowerCase());
  await page.getByRole('button', { name: 'Open order' }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders/${arrived.orderNo}$`));

  // Detail: status, amounts, domestic tracking, inspection, timeline.
  const order = await openApi.get<Order>(`/orders/${arrived.orderNo}`);
  await expect(page.getByRole('heading', { name: `Order ${arrived.orderNo}`, level: 2 })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('In the warehouse');
  await expect(page.getByTestId('order-subtotal')).toHaveText(money(order.subtotal));
  await expect(page.getByTestId('order-service-fee')).toHaveText(money(order.serviceFee));
  await expect(page.getByTestId('order-total')).toHaveText(money(order.totalAmount));
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const tracking = page.getByRole('region', { name: 'Domestic shipping' });
  await expect(tracking).toContainText(order.logistics.carrier);
  await expect(tracking).toContainText(order.logistics.trackingNo);
  await expect(tracking).toContainText('Delivered: signed for at the warehouse');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  for (const label of ['Awaiting payment confirmation', 'Payment confirmed', 'Purchased', 'On the way to the warehouse', 'In the warehouse']) await expect(timeline).toContainText(label);
  // The marketplace by its name, not its id ("Bought on taobao" before).
  const marketplace = { taobao: 'Taobao', 1688: '1688', weidian: 'Weidian' }[order.platform as 'taobao' | '1688' | 'weidian'];
  await expect(timeline).toContainText(`Bought on ${marketplace}, marketplace order`);

  const inspection = page.getByRole('region', { name: 'Warehouse inspection' });
  await expect(inspection).toContainText('Passed');
  await expect(inspection).toContainText(`${order.inspection.weight.toLocaleString("en-US")} g`);
  const count = order.inspection.photos.length;
  expect(count).toBeGreaterThan(1);
  await inspection.getByRole('button', { name: `Open inspection photo 1 of ${count}` }).click();
  const viewer = page.getByRole('dialog', { name: `Inspection photo 1 of ${count}` });
  const products = (order as typeof order & { items: { title: string }[] }).items.map((item) => item.title).join(', ');
  await expect(viewer.getByRole('img', { name: `Inspection photo 1 of ${count} for order ${arrived.orderNo}: ${products}` })).toHaveAttribute('src', order.inspection.photos[0]!);
  // Every thumbnail says what it shows too (issue 17 item 12: no empty alt on QC photos).
  const alts = await inspection.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
  expect(alts).toEqual(order.inspection.photos.map((_, i) => `Inspection photo ${i + 1} of ${count} for order ${arrived.orderNo}: ${products}`));
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByRole('dialog', { name: `Inspection photo 2 of ${count}` }).getByRole('img', { name: /^Inspection photo 2/ })).toHaveAttribute(
    'src',
    order.inspection.photos[1]!,
  );
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: `Inspection photo 1 of ${count}` })).toBeVisible();
  if (process.env.ORDER_SCREENSHOT) await page.screenshot({ path: process.env.ORDER_SCREENSHOT.replace(/\.png$/, '-photo.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (process.env.ORDER_SCREENSHOT) await page.screenshot({ path: process.env.ORDER_SCREENSHOT, fullPage: true });
});

test('cancel with a reason: the refund shows and the order is cancelled', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!, 2);
  const before = await openApi.get<Balance>('/user/wallet/balance');

  await page.goto(`/#/orders/${order.orderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment confirmation');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNo}?` });
  await expect(dialog).toContainText(money(order.totalAmount));
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Found it cheaper elsewhere');
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toContainText(`${money(order.totalAmount)} refunded to the wallet.`);
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Found it cheaper elsewhere');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(after.balance) - cents(before.balance)).toBe(cents(order.totalAmount));
  expect((await openApi.get<Order>(`/orders/${order.orderNo}`)).status).toBe('cancelled');
});

test('the dashboard counts the orders of each status, as the orders tabs do', async ({ app: page, openApi, server }) => {
  // Orders in two statuses at least, so a count shown under the wrong status differs.
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const arrived = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${arrived.orderNo}/advance`, { to: 'in_warehouse' });
  await placeOrder(openApi, line!);

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const byStatus = page.getByRole('region', { name: 'Purchase orders by status' });
  for (const status of Object.keys(ORDER_STATUS_LABELS.en)) {
    const link = byStatus.locator(`a[href="#/orders?status=${status}"]`);
    await expect(link).toContainText(STATUS_LABELS[status]!);
    // The count is the link's first line.
    await expect(link.locator('p').first()).toHaveText(String(await orderTotal(openApi, status)));
  }
});

test('an order status reads whole, in one colour, on the dashboard, the orders page and the staff work table', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'shipped_to_warehouse' });
  // The desktop window's least width: the orders table's status column is narrowest there.
  await page.setViewportSize({ width: 900, height: 800 });
  const badgeOf = async (where: string, row: Locator) => {
    const badge = row.locator('.mantine-Badge-root').filter({ hasText: 'On the way to the warehouse' });
    await expect(badge, where).toBeVisible();
    return badge.evaluate((el) => {
      const label = el.querySelector<HTMLElement>('.mantine-Badge-label')!;
      return { colour: getComputedStyle(el).backgroundColor, cut: label.scrollWidth > label.clientWidth };
    });
  };
  await page.goto('/#/dashboard');
  const onDashboard = await badgeOf('dashboard', page.getByRole('region', { name: 'Latest purchase orders' }).getByRole('listitem').filter({ hasText: order.orderNo }));
  await page.goto('/#/orders');
  const onOrders = await badgeOf('orders page', page.getByRole('row').filter({ hasText: order.orderNo }));
  await page.goto('/#/work');
  const onWork = await badgeOf('staff work', page.getByRole('row').filter({ hasText: order.orderNo }));
  expect([onDashboard.cut, onOrders.cut, onWork.cut]).toEqual([false, false, false]);
  expect(new Set([onDashboard.colour, onOrders.colour, onWork.colour]).size).toBe(1);
});

test("the dashboard keeps a count that has not answered loading while another's read failed", async ({ app: page }) => {
  // One status's count fails; another's is held back: the failed one shows a dash under the error, the held
  // one stays a placeholder (not a dash, which would say it has no count), and shows its count once answered.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/open/orders?*', async (route) => {
    const query = new URL(route.request().url()).searchParams;
    if (query.get('limit') === '1' && query.get('status') === 'cancelled') {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'counting failed' }) });
      return;
    }
    if (query.get('limit') === '1' && query.get('status') === 'completed') await held;
    await route.continue();
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const byStatus = page.getByRole('region', { name: 'Purchase orders by status' });
  await expect(byStatus.getByRole('alert')).toContainText('Cannot count the purchase orders');
  const failed = byStatus.locator('a[href="#/orders?status=cancelled"]');
  const waiting = byStatus.locator('a[href="#/orders?status=completed"]');
  await expect(failed.locator('p').first()).toHaveText('–');
  await expect(waiting.locator('.mantine-Skeleton-root')).toHaveCount(1);
  await expect(waiting).not.toContainText('–');
  release();
  await expect(waiting.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(waiting.locator('p').first()).toHaveText('0');
});
