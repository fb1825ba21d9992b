import type { Page, Request } from '@playwright/test';
import { adminApiOf, expect, test, type OpenApi } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';
import { cheapProducts, placeOrder } from './orders-helpers';

/**
 * After-sales on the order page (UI walk, 2026-11-27): money actions are one intent each (item 2), a line
 * after an approved exchange waits for its replacement (item 5), and the supplement wording (item 13).
 * The decision window on the service clock is in after-sales-fixes-clock.spec.ts (it moves the clock).
 */

/** The POSTs the page sends to a path ending as given, with their Idempotency-Keys. */
function postsTo(page: Page, ending: RegExp): { keys: string[] } {
  const seen = { keys: [] as string[] };
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && ending.test(new URL(request.url()).pathname)) seen.keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

async function pausedAutopilot(admin: OpenApi): Promise<void> {
  await admin.send('PUT', '/autopilot', { pace: 'off' });
}

test('a double click on "Pay … and send" requests the photos once, with one Idempotency-Key', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await pausedAutopilot(admin);
  const pkg = await arrivedPackage(openApi, admin);
  const sent = postsTo(page, /\/orders\/[^/]+\/photo-requests$/);
  await page.goto(`/#/orders/${pkg.orderId}`);
  const panel = page.getByTestId('after-sales');
  await panel.getByRole('button', { name: 'Request photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request photos' });
  await dialog.getByLabel(/Number of photos/).fill('2');
  await dialog.getByRole('button', { name: /^Pay .* and send$/ }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('photo-requests')).toBeVisible();
  // Give a second request, were one sent, the time to land.
  await page.waitForTimeout(500);
  expect(sent.keys).toHaveLength(1);
  const detail = await openApi.get<{ photoRequests: unknown[] }>(`/orders/${pkg.orderId}`);
  expect(detail.photoRequests).toHaveLength(1);
  await expect(page.getByTestId('photo-requests')).toHaveText('Photo requests: 2 × waiting for the warehouse');
});

const SUPPLEMENT_CONFIRMS = [
  { action: 'pay', reason: 'price_increase', amount: 2.5, open: /^Pay/, confirm: 'Pay CN¥2.50', refused: 'Cannot pay the supplement' },
  { action: 'decline', reason: 'domestic_freight', amount: 4, open: 'Decline and refund the order', confirm: 'Decline and refund', refused: 'Cannot decline the supplement' },
] as const;

for (const c of SUPPLEMENT_CONFIRMS) {
  test(`a double click on the supplement ${c.action} confirm sends one request`, async ({ app: page, openApi, server }) => {
    const admin = adminApiOf(page.request, server.origin);
    await pausedAutopilot(admin);
    const [line] = await cheapProducts(openApi, 1);
    const order = await placeOrder(openApi, line!);
    await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
    await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: c.reason, amount: c.amount });
    const sent = postsTo(page, new RegExp(`/supplements/\\d+/${c.action}$`));
    await page.goto(`/#/orders/${order.orderNo}`);
    await page.getByTestId('amount-due').getByRole('button', { name: c.open }).click();
    await page.getByRole('dialog').getByRole('button', { name: c.confirm }).dblclick();
    await expect(page.getByTestId('amount-due')).toBeHidden();
    await page.waitForTimeout(500);
    expect(sent.keys).toHaveLength(1);
    await expect(page.getByRole('alert').filter({ hasText: c.refused })).toHaveCount(0);
  });
}

test('a double click on the Return submit sends one request', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await pausedAutopilot(admin);
  const pkg = await arrivedPackage(openApi, admin);
  const returns = postsTo(page, /\/orders\/[^/]+\/returns$/);
  await page.goto(`/#/orders/${pkg.orderId}`);
  const panel = page.getByTestId('after-sales');
  await panel.getByRole('button', { name: /^Return / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('too small');
  await dialog.getByRole('button', { name: 'Return', exact: true }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('returns')).toContainText('waiting for the seller');
  await page.waitForTimeout(500);
  expect(returns.keys).toHaveLength(1);
  expect((await openApi.get<{ returns: unknown[] }>(`/orders/${pkg.orderId}`)).returns).toHaveLength(1);
});

test('after an approved exchange the line offers nothing until the replacement has arrived', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await pausedAutopilot(admin);
  const pkg = await arrivedPackage(openApi, admin);
  const placed = await openApi.get<{ items: { itemId: number; title: string }[] }>(`/orders/${pkg.orderId}`);
  const item = placed.items[0]!;
  const exchange = await openApi.send<{ id: number }>('POST', `/orders/${pkg.orderId}/returns`, { itemId: item.itemId, type: 'exchange', reason: 'wrong colour' });
  await admin.send('POST', `/orders/${pkg.orderId}/returns/${exchange.id}/decide`, { decision: 'approved' });

  await page.goto(`/#/orders/${pkg.orderId}`);
  const panel = page.getByTestId('after-sales');
  await expect(page.getByTestId('returns')).toContainText('approved');
  await expect(panel).toContainText('Exchanged: the replacement is on its way to the warehouse');
  await expect(panel.getByRole('button', { name: `Return ${item.title}` })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: `Exchange ${item.title}` })).toHaveCount(0);
  // Photos are still the order's to ask for.
  await expect(panel.getByRole('button', { name: 'Request photos' })).toBeVisible();

  // The replacement arrives: its package is the one to act on.
  await admin.send('POST', `/orders/${pkg.orderId}/exchanges/${exchange.id}/receive`);
  await page.reload();
  await expect(panel.getByRole('button', { name: `Return ${item.title}` })).toBeVisible();
  await expect(panel.getByRole('button', { name: `Exchange ${item.title}` })).toBeVisible();
  await expect(panel).not.toContainText('on its way');
});

test('supplement wording: the "Supplementary payments" section does not repeat its title in its text (both languages)', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await pausedAutopilot(admin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 1.5 });
  await page.goto(`/#/orders/${order.orderNo}`);
  await page.getByTestId('amount-due').getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay CN¥1.50' }).click();
  const section = page.getByRole('region', { name: 'Supplementary payments' });
  await expect(section.getByTestId('after-sales')).toHaveText('The seller raised the price CN¥1.50 (paid)');
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  try {
    await page.reload();
    await expect(page.getByRole('region', { name: '补款' }).getByTestId('after-sales')).toHaveText(/^卖家涨价 \S*1\.50 \(已支付\)$/);
  } finally {
    await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  }
});

test('supplement wording: the Decline dialog says the order is refunded, not cancelled (both languages)', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await pausedAutopilot(admin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 1.5 });
  await page.goto(`/#/orders/${order.orderNo}`);
  await page.getByTestId('amount-due').getByRole('button', { name: 'Decline and refund the order' }).click();
  const ask = page.getByRole('dialog', { name: 'Decline and refund the whole order?' });
  await expect(ask).toContainText('The order is refunded');
  await expect(ask).not.toContainText('cancelled');
  await ask.getByRole('button', { name: 'Not now' }).click();

  const other = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${other.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${other.orderNo}/supplements`, { reason: 'price_increase', amount: 1.5 });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  try {
    await page.goto(`/#/orders/${other.orderNo}`);
    await page.reload();
    await page.getByTestId('amount-due').getByRole('button', { name: '拒绝并退款' }).click();
    const zh = page.getByRole('dialog', { name: '拒绝并为整个订单退款？' });
    await expect(zh).toContainText('订单将全额退款');
    await expect(zh).not.toContainText('取消');
    await zh.getByRole('button', { name: '暂不' }).click();
  } finally {
    await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  }
});
