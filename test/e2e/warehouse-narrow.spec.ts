import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/** Issue 17 item 12: the warehouse table is usable in an 800 px window (it was cut off). */
test('the warehouse table scrolls sideways at 800 px and every column can be reached', async ({ app: page, openApi, server }) => {
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await adminApiOf(page.request, server.origin).send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });

  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto(`${server.url}#/warehouse`);
  const table = page.getByRole('table', { name: 'Packages' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // The page itself does not overflow the window: the table scrolls inside its own container.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(800);
  const status = table.getByRole('columnheader', { name: 'Status' });
  await status.scrollIntoViewIfNeeded();
  const box = await status.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(800);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  // And the first column is still reachable after scrolling back.
  const select = table.getByRole('columnheader').first();
  await select.scrollIntoViewIfNeeded();
  expect((await select.boundingBox())!.x).toBeGreaterThanOrEqual(0);
  // The status filter (ten choices) scrolls too: its last choice can be reached and used.
  const filter = page.getByRole('radiogroup', { name: 'Filter by status' });
  const lost = filter.getByText('Lost', { exact: true });
  // Nothing but the table's and the filter's own scroll boxes is wider than the page's main area: the
  // filter used to stick out of it (cut off at "Returne…").
  const mainOverflow = await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth);
  expect(mainOverflow).toBeLessThanOrEqual(0);
  await lost.scrollIntoViewIfNeeded();
  const lostBox = await lost.boundingBox();
  expect(lostBox!.x + lostBox!.width).toBeLessThanOrEqual(800);
  await lost.click();
  await expect(page).toHaveURL(/status=lost/);

});
