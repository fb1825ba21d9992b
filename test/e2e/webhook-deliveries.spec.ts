import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/**
 * An endpoint's delivery history in the back office pages by cursor: the newest page, then "Show more" walks on
 * from the last delivery shown, to the oldest, with the endpoint's kept total.
 */
test('the deliveries list walks past its first page with Show more, newest first, to the last', async ({ app: page, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const url = `http://127.0.0.1:9/e2e-deliveries-${Date.now()}`;
  const endpoint = await admin.send<{ id: number }>('POST', '/webhooks', { url, events: ['order.created'] });
  // Nothing listens on port 9: each test event is a failed delivery of its own, done at once.
  const sent: number[] = [];
  for (let i = 0; i < 23; i++) sent.push((await admin.send<{ deliveryId: number }>('POST', `/webhooks/${endpoint.id}/test`)).deliveryId);
  const newestFirst = sent.reverse();

  await page.goto(`${baseURL}/#/webhooks`);
  const card = page.getByRole('article', { name: url });
  await card.getByRole('button', { name: 'Show deliveries' }).click();
  const rows = card.getByRole('table', { name: 'Deliveries' }).locator(':scope > tbody > tr');
  await expect(rows).toHaveCount(10);
  await expect(card.getByRole('status').filter({ hasText: 'Showing the newest' })).toHaveText('Showing the newest 10 of 23 deliveries');

  const more = card.getByRole('button', { name: 'Show more' });
  const status = card.getByRole('status').filter({ hasText: 'Showing the newest' });
  // Each click only once the page before has settled (its rows, its count, the button idle again): in one
  // CI run a click made as soon as the 20 rows showed fetched nothing (no request left the page; the cause
  // was not found, the button's loading state is the suspect). A click that is lost still fails below.
  await more.click();
  await expect(rows).toHaveCount(20);
  await expect(status).toHaveText('Showing the newest 20 of 23 deliveries');
  await expect(more).toBeEnabled();
  await expect(more).not.toHaveAttribute('data-loading');
  await more.click();
  await expect(rows).toHaveCount(23);
  await expect(card.getByRole('status').filter({ hasText: 'Showing the newest' })).toHaveText('Showing the newest 23 of 23 deliveries');
  await expect(more).toHaveCount(0);

  // Every delivery once, newest first: the rows' attempt logs name their delivery ids.
  const ids: number[] = [];
  for (let i = 0; i < 23; i++) {
    const row = rows.nth(i);
    await row.getByRole('button', { name: 'Attempts (1)' }).click();
    const log = card.getByRole('table', { name: /^Attempts of delivery \d+$/ });
    ids.push(Number((await log.getAttribute('aria-label'))!.replace(/\D+/g, '')));
    await row.getByRole('button', { name: 'Attempts (1)' }).click();
    await expect(log).toHaveCount(0);
  }
  expect(ids).toEqual(newestFirst);
});

/** An open list follows the endpoint's history: a delivery made while it is open joins it without a reload. */
test('an open deliveries list shows a delivery made after it opened', async ({ app: page, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const url = `http://127.0.0.1:9/e2e-deliveries-new-${Date.now()}`;
  const endpoint = await admin.send<{ id: number }>('POST', '/webhooks', { url, events: ['order.created'] });
  // Nothing listens on port 9: the test event fails at once, so no delivery shown is pending.
  await admin.send('POST', `/webhooks/${endpoint.id}/test`);

  await page.goto(`${baseURL}/#/webhooks`);
  const card = page.getByRole('article', { name: url });
  await card.getByRole('button', { name: 'Show deliveries' }).click();
  const rows = card.getByRole('table', { name: 'Deliveries' }).locator(':scope > tbody > tr');
  const status = card.getByRole('status').filter({ hasText: 'Showing the newest' });
  await expect(status).toHaveText('Showing the newest 1 of 1 delivery');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('failed', { exact: false })).toBeVisible();

  // Another delivery, made outside the page (a script, another tab).
  await admin.send('POST', `/webhooks/${endpoint.id}/test`);
  await expect(status).toHaveText('Showing the newest 2 of 2 deliveries', { timeout: 20_000 });
  await expect(rows).toHaveCount(2);
});

/**
 * A delivery's Created is its event's service time, its next attempt real time (retries wait on a real
 * network): the two can be days apart once the service clock was moved, so the list says which is which.
 */
test('a delivery waiting to be retried comes with a note that retries run by this computer’s clock', async ({ app: page, baseURL, openApi }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const url = `http://127.0.0.1:9/e2e-deliveries-retry-${Date.now()}`;
  const endpoint = await admin.send<{ id: number }>('POST', '/webhooks', { url, events: ['order.created'] });
  const [line] = await cheapProducts(openApi, 1);
  await placeOrder(openApi, line!);

  await page.goto(`${baseURL}/#/webhooks`);
  const card = page.getByRole('article', { name: url });
  await card.getByRole('button', { name: 'Show deliveries' }).click();
  const row = card.getByRole('table', { name: 'Deliveries' }).locator(':scope > tbody > tr').first();
  // Its first attempt failed (nothing listens on port 9): pending, with a next attempt.
  await expect(row).toContainText('order.created');
  await expect(row.getByText('pending', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('retries wait on a real network, so the next attempt is by this computer’s clock')).toBeVisible();
  await admin.send('DELETE', `/webhooks/${endpoint.id}`);
});
