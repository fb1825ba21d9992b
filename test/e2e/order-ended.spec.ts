import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/** Issue 17 item 10: an order that ended before the seller shipped never says it is waiting for the seller. */

const WAITING = 'The seller has not shipped yet';

test('a cancelled order does not wait for the seller, a pending one does', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  const pending = await placeOrder(openApi, line!);
  await page.goto(`/#/orders/${pending.orderNo}`);
  await expect(page.getByRole('region', { name: 'Domestic shipping' })).toContainText(WAITING);

  const cancelled = await placeOrder(openApi, line!);
  await openApi.send('POST', `/orders/${cancelled.orderNo}/cancel`, {});
  await page.goto(`/#/orders/${cancelled.orderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  const shipping = page.getByRole('region', { name: 'Domestic shipping' });
  await expect(shipping).toContainText('Nothing was shipped: the order ended before the seller sent it.');
  await expect(shipping).not.toContainText(WAITING);
  await expect(page.getByRole('region', { name: 'Warehouse inspection' })).toContainText('Not inspected');
});

test('a refunded order does not wait for the seller either', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/refund`, {});
  await page.goto(`/#/orders/${order.orderNo}`);
  await expect(page.getByTestId('order-status')).toHaveText('Refunded');
  const shipping = page.getByRole('region', { name: 'Domestic shipping' });
  await expect(shipping).toContainText('Nothing was shipped');
  await expect(shipping).not.toContainText(WAITING);
});
