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

  await server.resume();
  await expect(status).toContainText('Connected to crossbuy again.', { timeout: 10_000 });
  await expect(lost).toHaveCount(0);

  // A session does not outlive its server: the page works again from the URL the new one printed.
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(lost).toHaveCount(0);
});
