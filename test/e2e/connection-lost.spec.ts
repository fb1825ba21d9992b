import { expect, test } from './fixtures';

/**
 * The headless UI when `crossbuy serve` goes away (issue 14): the page notices by itself (its event
 * stream drops, requests fail before any answer) and says so until the server answers again.
 */
test('stopping the server shows "lost the connection"; starting it again clears it and the page works', async ({ app: page, server }) => {
  const status = page.getByRole('status', { name: 'Service status' });
  const lost = status.filter({ hasText: 'Lost the connection to crossbuy — retrying' });
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(lost).toHaveCount(0);

  await server.halt();
  await expect(lost).toBeVisible();
  await expect(lost).toContainText('Is "crossbuy serve" still running?');

  const printed = server.url;
  await server.resume();
  await expect(status).toContainText('Connected to crossbuy again.', { timeout: 10_000 });
  await expect(lost).toHaveCount(0);

  // The UI token is the data folder's: the restarted server prints the same URL, and the open page goes
  // on with its session, no new URL needed (it used to get 401 on every call until reopened).
  expect(server.url).toBe(printed);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByRole('group', { name: 'Available' })).toContainText('CN¥10,000.00');
  await expect(lost).toHaveCount(0);
});
