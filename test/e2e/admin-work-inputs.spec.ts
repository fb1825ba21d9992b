import type { Page } from '@playwright/test';
import { adminApiOf, expect, test } from './fixtures';
import { cents, cheapProducts, money, placeOrder, type Balance } from './orders-helpers';

/**
 * Back office inputs keep what the operator typed (no clamping on blur, no swallowed decimal point) and
 * one click moves an order or the clock one step, however fast it is repeated.
 */

async function openNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/** Two clicks in one task: both land before React re-renders with a pending state. */
async function doubleClick(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.evaluate((el: HTMLButtonElement) => {
    el.click();
    el.click();
  });
}

test.beforeEach(async ({ app: page, baseURL }) => {
  // Only the back office moves orders here.
  await adminApiOf(page.request, baseURL!).send('PUT', '/autopilot', { pace: 'off' });
});

test('a deposit out of range stays as typed with an error naming the range, and nothing is credited', async ({ app: page, openApi }) => {
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await openNav(page, 'Staff work');
  const wallet = page.getByRole('region', { name: 'Wallet' });
  const amount = wallet.getByLabel(/^Amount/);
  for (const typed of ['0', '99,999,999']) {
    await amount.fill(typed.replace(/,/g, ''));
    await amount.blur();
    await expect(amount).toHaveValue(typed);
    await wallet.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(wallet.getByText('Enter a number from 0.01 to 10,000,000')).toBeVisible();
  }
  // An adjustment has the same bound either way: a typo of a few zeros is refused, not booked.
  await wallet.getByRole('tab', { name: 'Adjust' }).click();
  const adjust = wallet.getByRole('form', { name: 'Adjust' });
  const signed = adjust.getByLabel(/^Amount/);
  await signed.fill('-99999999');
  await adjust.getByLabel(/^Note/).fill('typo check');
  await adjust.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(adjust.getByText('Enter a number from -10,000,000 to 10,000,000')).toBeVisible();
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(after.balance)).toBe(cents(before.balance));
});

test('settings and key limits out of range are shown as errors, not clamped', async ({ app: page }) => {
  await openNav(page, 'Server & data');
  const fee = page.getByLabel('Service fee rate (%)');
  await fee.fill('75');
  await fee.blur();
  await expect(fee).toHaveValue('75');
  await expect(page.getByText('Enter a number from 0 to 50')).toBeVisible();
  const threshold = page.getByLabel(/^Low-balance warning below/);
  await threshold.fill('-100');
  await threshold.blur();
  await expect(threshold).toHaveValue('-100');
  await expect(page.getByText('Enter a number of at least 0')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  await openNav(page, 'API keys');
  const rate = page.getByLabel('Rate limit (requests per minute)');
  await rate.fill('0');
  await rate.blur();
  await expect(rate).toHaveValue('0');
  await expect(page.getByText('Enter a number from 1 to 1,000,000')).toBeVisible();
});

test('a double click on "Confirm payment" moves the order to paid only', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  expect(order.status).toBe('pending');
  await openNav(page, 'Staff work');
  const row = page.getByRole('region', { name: 'Purchase orders in progress' }).getByRole('row').filter({ hasText: order.orderNo });
  await doubleClick(page, row.getByRole('button', { name: 'Confirm payment' }));
  await expect(row.getByRole('button', { name: 'Mark purchased' })).toBeVisible();
  await expect.poll(async () => (await admin.get<{ status: string }>(`/orders/${order.orderNo}`)).status).toBe('paid');
  // A second request, had one gone out, would have answered by now.
  await page.waitForTimeout(500);
  expect((await admin.get<{ status: string }>(`/orders/${order.orderNo}`)).status).toBe('paid');
});

test('an inspection weight of 12.7 g asks for whole grams instead of becoming 127 g, and a photo link the service refuses is said on its field', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'shipped_to_warehouse' });
  await openNav(page, 'Staff work');
  const row = page.getByRole('region', { name: 'Purchase orders in progress' }).getByRole('row').filter({ hasText: order.orderNo });
  await row.getByRole('button', { name: 'Arrived & inspected' }).click();
  const dialog = page.getByRole('dialog');
  const weight = dialog.getByLabel('Weight (g)');
  await weight.pressSequentially('12.7');
  await weight.blur();
  await expect(weight).toHaveValue('12.7');
  await expect(dialog.getByText('Enter whole grams')).toBeVisible();
  await dialog.getByRole('button', { name: 'Record arrival' }).click();
  await expect(dialog).toBeVisible();
  expect((await admin.get<{ status: string }>(`/orders/${order.orderNo}`)).status).toBe('shipped_to_warehouse');
  await weight.fill('13');
  // A photo link the service would refuse is said on its field, naming the link; nothing is sent.
  const photos = dialog.getByLabel('Photo URLs (optional, one per line)');
  await photos.fill('https://example.com/qc-1.jpg\nqc-2.jpg');
  await dialog.getByRole('button', { name: 'Record arrival' }).click();
  await expect(dialog.getByText('Not a photo link: qc-2.jpg (a link starts with http://, https:// or /media/)')).toBeVisible();
  expect((await admin.get<{ status: string }>(`/orders/${order.orderNo}`)).status).toBe('shipped_to_warehouse');
  await photos.fill('https://example.com/qc-1.jpg');
  await dialog.getByRole('button', { name: 'Record arrival' }).click();
  await expect(dialog).toBeHidden();
  const moved = await admin.get<{ status: string; inspection: { weight: number } }>(`/orders/${order.orderNo}`);
  expect(moved.status).toBe('in_warehouse');
  expect(moved.inspection.weight).toBe(13);
});

test('a double click on "+1h" moves the clock one hour', async ({ app: page, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const before = await admin.get<{ offsetMs: number }>('/clock');
  await openNav(page, 'Staff work');
  const clock = page.getByRole('region', { name: 'Service clock' });
  await doubleClick(page, clock.getByRole('button', { name: 'Advance by 1h' }));
  await expect(clock.getByRole('status')).toBeVisible();
  await page.waitForTimeout(500);
  const after = await admin.get<{ offsetMs: number }>('/clock');
  expect(Math.round((after.offsetMs - before.offsetMs) / 3_600_000)).toBe(1);
});

test('a price decrease says what was refunded, and the refund dialog what is left of the order', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  const { totalAmount } = await admin.get<{ totalAmount: number }>(`/orders/${order.orderNo}`);
  await page.goto('/#/work');
  await page.getByRole('button', { name: `After-sales for ${order.orderNo}` }).click();
  const drawer = page.getByRole('dialog', { name: `After-sales: ${order.orderNo}` });
  const form = drawer.getByRole('form', { name: 'Price change or postage' });
  await form.getByText('Price decrease', { exact: true }).click();
  await form.getByLabel('Amount (CNY)').fill('99999');
  await form.getByRole('button', { name: 'Refund the difference' }).click();
  // The server caps the refund at the order's money: that amount is said, not the one typed.
  await expect(form.getByRole('status')).toContainText(`Price decrease of ${money(totalAmount)} refunded`);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const row = page.getByRole('region', { name: 'Purchase orders in progress' }).getByRole('row').filter({ hasText: order.orderNo });
  await row.getByRole('button', { name: 'Refund (out of stock)' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNo}?` });
  await expect(dialog.getByText(/^Nothing is left to refund/)).toBeVisible();
  await expect(dialog.getByText(/The whole/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Refund the order' }).click();
  await expect(page.getByText(`Order ${order.orderNo} refunded; ${money(0)} credited to the wallet`)).toBeVisible();
});
