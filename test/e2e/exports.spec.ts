import type { Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/** "Export CSV" on the orders page downloads the same CSV as the API, through the page's own session. */
test('the orders page exports the shown status as a CSV download', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^crossbuy-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('orderNo,status,platform,itemCount,subtotal,discount,serviceFee,totalAmount,currency,createdAt,updatedAt');
  const row = lines.find((l) => l.startsWith(`${order.orderNo},`));
  expect(row).toContain(`,${order.totalAmount.toFixed(2)},`);

  // The status tab in view filters the export too.
  await page.goto('/#/orders?status=refunded');
  const filtered = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const refunded = readFileSync((await (await filtered).path())!, 'utf8');
  expect(refunded).not.toContain(order.orderNo);
});

/** A failed export is worded as every error alert words it, not as the raw English of the failure. */
test('a failed export says what went wrong as the alerts do: service unreachable, session ended, refused', async ({ app: page }) => {
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  const exportCsv = page.getByRole('button', { name: 'Export CSV' });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: 'The export failed' }).filter({ hasText: text });
  const answer = (status: number, message: string) => (route: Route) =>
    route.fulfill({ status, json: { statusCode: status, error: 'Refused', message } });

  await page.route('**/api/v1/open/exports/orders.csv**', (route) => route.abort());
  await exportCsv.click();
  await expect(toast('The service could not do this. Try again.')).toBeVisible();

  await page.unroute('**/api/v1/open/exports/orders.csv**');
  await page.route('**/api/v1/open/exports/orders.csv**', answer(401, 'Missing UI token'));
  await exportCsv.click();
  await expect(toast('Missing UI token. The UI session has ended: open the URL that "crossbuy serve" printed again.')).toBeVisible();

  await page.unroute('**/api/v1/open/exports/orders.csv**');
  await page.route('**/api/v1/open/exports/orders.csv**', answer(422, 'from must not be after to'));
  await exportCsv.click();
  await expect(toast('The service cannot do this.')).toContainText('The service said: from must not be after to');
});
