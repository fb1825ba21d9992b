import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/** API v1.1 after-sales in the UI: the amount-due banner (dashboard and order page), paying it, and a return request. */
test('amount due on the dashboard and the order page; paying clears it; a return is requested and decided', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 3.5 });

  await page.evaluate(() => (window.location.hash = '#/dashboard'));
  const dashboardBanner = page.getByTestId('dashboard-amount-due');
  await expect(dashboardBanner).toContainText(order.orderNo);
  await dashboardBanner.getByRole('link', { name: new RegExp(order.orderNo) }).click();

  const banner = page.getByTestId('amount-due');
  await expect(banner).toContainText('The seller raised the price');
  await banner.getByRole('button', { name: /^Pay/ }).click();
  await expect(banner).toBeHidden();

  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const panel = page.getByTestId('after-sales');
  await expect(panel).toContainText('you can request more photos');
  await panel.getByRole('button', { name: /^Return / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('wrong size');
  await dialog.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(page.getByTestId('returns')).toContainText('waiting for the seller');

  const detail = await openApi.get<{ returns: { id: number }[] }>(`/orders/${order.orderNo}`);
  await admin.send('POST', `/orders/${order.orderNo}/returns/${detail.returns[0]!.id}/decide`, { decision: 'approved' });
  await expect(page.getByTestId('returns')).toContainText('approved');
  await expect(page.getByTestId('order-status')).toContainText('Returned');
});
