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

test('a server restarted with --new-token: the open page says its session ended and what to do, and carries on once the new URL is opened', async ({ app: page, server, context }) => {
  const ended = page.getByRole('alert', { name: 'This page is no longer signed in to crossbuy' });
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(ended).toHaveCount(0);

  const oldUrl = server.url;
  await server.halt();
  await server.resume({ newToken: true });
  expect(server.url).not.toBe(oldUrl);
  await expect(ended).toContainText('crossbuy serve --new-token', { timeout: 15_000 });
  await expect(ended).toContainText('Open the URL it printed (it ends in ?token=…)');

  // The person opens the new URL in another tab: the browser's cookie is renewed, and this page sees it.
  const other = await context.newPage();
  await other.goto(server.url);
  await expect(other.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
  const status = page.getByRole('status', { name: 'Service status' });
  await expect(status).toContainText('Signed in again: this page works.', { timeout: 10_000 });
  await expect(ended).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByRole('group', { name: 'Available' })).toContainText('CN¥10,000.00');
});

test('when the app\'s script cannot be loaded, the page says so and offers to reload', async ({ browser, server }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The app's chunk (main.tsx imports it after React) fails as if the server stopped in between.
  await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
  await page.goto(server.url);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('crossbuy could not load its interface: the service may have stopped.');
  await page.unroute(/\/assets\/start-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await context.close();
});
