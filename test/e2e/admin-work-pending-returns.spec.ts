import type { Locator, Page } from '@playwright/test';
import { arrivedPackage } from './after-sales-helpers';
import { adminApiOf, expect, test } from './fixtures';
import { cents, money, type Balance } from './orders-helpers';

/**
 * The back office's queue of returns and exchanges awaiting the seller (GET /admin/returns/pending): a request
 * the shopper made shows there without opening its order, and is decided in place.
 */

interface Detail {
  items: { itemId: number; price: number; quantity: number; title: string }[];
  returns: { id: number; status: string; refundAmount: number }[];
}

/** The queue's row of one request, paging on ("Show more") while other specs' requests come first. */
async function queuedRow(page: Page, label: string): Promise<Locator> {
  const queue = page.getByRole('region', { name: 'Returns awaiting a decision' });
  const row = queue.getByRole('row').filter({ hasText: label });
  const more = queue.getByRole('button', { name: 'Show more' });
  await expect(queue.getByRole('table', { name: 'Returns awaiting a decision' }).or(queue.getByText('No return or exchange is waiting.'))).toBeVisible();
  while ((await row.count()) === 0 && (await more.isVisible())) {
    await more.click();
    await expect(more.or(row)).toBeVisible();
  }
  return row;
}

test.beforeEach(async ({ app: page, server }) => {
  // Nothing decides on its own while the test drives the queue.
  await adminApiOf(page.request, server.origin).send('PUT', '/autopilot', { pace: 'off' });
});

test('a requested return waits in the back office queue and is approved there: refund in the ledger, gone from the queue', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const pkg = await arrivedPackage(openApi, admin);
  const placed = await openApi.get<Detail>(`/orders/${pkg.orderId}`);
  const item = placed.items[0]!;
  const requested = await openApi.send<{ id: number; fee: number }>('POST', `/orders/${pkg.orderId}/returns`, { itemId: item.itemId, type: 'return', reason: 'arrived scratched' });

  await page.goto('/#/work');
  const row = await queuedRow(page, `Return #${requested.id}`);
  await expect(row).toContainText(pkg.orderId);
  await expect(row).toContainText(item.title);
  await expect(row).toContainText('“arrived scratched”');

  const before = cents((await openApi.get<Balance>('/user/wallet/balance')).balance);
  await row.getByRole('button', { name: `Approve Return #${requested.id}` }).click();
  const queue = page.getByRole('region', { name: 'Returns awaiting a decision' });
  const expected = cents(item.price) * item.quantity - cents(requested.fee);
  await expect(queue.getByRole('status')).toHaveText(`Return #${requested.id} approved: ${money(expected / 100)} refunded to the user (fee ${money(requested.fee)}).`);
  await expect(queue.getByRole('row').filter({ hasText: `Return #${requested.id}` })).toHaveCount(0);

  expect(cents((await openApi.get<Balance>('/user/wallet/balance')).balance) - before).toBe(expected);
  const detail = await openApi.get<Detail>(`/orders/${pkg.orderId}`);
  expect(detail.returns[0]).toMatchObject({ id: requested.id, status: 'approved', refundAmount: expected / 100 });
  const left = await admin.get<{ items: { id: number }[] }>('/returns/pending?limit=100');
  expect(left.items.map((r) => r.id)).not.toContain(requested.id);
});

test('the queue shows that it is loading until its first page comes, and offers no more when that page is the whole queue', async ({ app: page }) => {
  // A full page (20) that is the whole queue: the answer's total says nothing follows.
  const items = Array.from({ length: 20 }, (_, i) => ({
    id: 900000 + i, orderNo: `CB-QUEUE-${i}`, itemId: 1, type: 'return', status: 'requested', reason: `reason ${i}`, fee: 0, refundAmount: 0,
    createdAt: '2026-11-20T10:00:00.000Z', resolvedAt: null, userId: 1, packageId: 1, title: `Queued item ${i}`, skuName: 'Default', quantity: 1,
  }));
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/admin/returns/pending**', async (route) => {
    await answered;
    await route.fulfill({ json: { data: { items, total: 20, page: 1, limit: 20 } } });
  });
  await page.goto('/#/work');
  const queue = page.getByRole('region', { name: 'Returns awaiting a decision' });
  await expect(queue.getByRole('progressbar', { name: 'Loading the returns awaiting a decision' })).toBeVisible();
  answer();
  await expect(queue.getByRole('row').filter({ hasText: 'Queued item 19' })).toBeVisible();
  await expect(queue.getByRole('progressbar')).toHaveCount(0);
  await expect(queue.getByText('20 waiting')).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
