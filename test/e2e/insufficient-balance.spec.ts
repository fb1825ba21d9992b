import { adminApiOf, expect, test } from './fixtures';
import { cents, cheapProducts, money, orderTotal, placeOrder, type Balance } from './orders-helpers';

/** Drain the wallet with a back-office adjustment, run the test, then put the money back whatever happens. */
async function withDrainedWallet(
  admin: ReturnType<typeof adminApiOf>,
  openApi: Parameters<typeof cheapProducts>[0],
  run: (drained: number) => Promise<void>,
) {
  const before = await openApi.get<Balance>('/user/wallet/balance');
  const drained = before.availableBalance;
  await admin.send('POST', '/wallet/adjust', { amount: -drained, note: 'e2e: drain the wallet' });
  try {
    await run(drained);
  } finally {
    const now = await openApi.get<Balance>('/user/wallet/balance');
    const refill = cents(drained) - cents(now.availableBalance);
    if (refill > 0) await admin.send('POST', '/wallet/deposit', { amount: refill / 100, note: 'e2e: refill after the drain' });
    await openApi.send('DELETE', '/cart');
  }
}

test('a wallet that cannot pay: Place order is disabled with the shortfall, and Top up deposits exactly it once', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });

  await withDrainedWallet(admin, openApi, async () => {
    const ordersBefore = await orderTotal(openApi);
    await page.goto('/#/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 2 })).toBeVisible();
    await expect(page.getByTestId('checkout-available')).toHaveText(money(0));
    const total = await page.getByTestId('checkout-total').innerText();

    // Before any click: the button is off and the shortfall (the whole total here) is shown.
    const place = page.getByRole('button', { name: 'Place order' });
    await expect(place).toBeDisabled();
    const shortfall = page.getByTestId('checkout-shortfall');
    await expect(shortfall).toContainText(`${total} more is needed`);
    await expect(page.getByRole('main')).not.toContainText('back office');

    // Top up in place: one deposit of exactly the shortfall, even on a double click.
    await shortfall.getByRole('button', { name: `Top up ${total}` }).dblclick();
    await expect(page.getByTestId('checkout-available')).toHaveText(total);
    await expect(page.getByTestId('checkout-balance-after')).toHaveText(money(0));
    await expect(shortfall).toHaveCount(0);
    const balance = await openApi.get<Balance>('/user/wallet/balance');
    expect(money(balance.availableBalance)).toBe(total);
    expect(await orderTotal(openApi)).toBe(ordersBefore);

    // Now the order goes through.
    await expect(place).toBeEnabled();
    await place.click();
    await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
    expect(await orderTotal(openApi)).toBe(ordersBefore + 1);
    expect(cents((await openApi.get<Balance>('/user/wallet/balance')).availableBalance)).toBe(0);
  });
});

test('a 402 at the click (the wallet moved since the page loaded) says so and offers the top-up, not the back office', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });

  await withDrainedWallet(admin, openApi, async (drained) => {
    const ordersBefore = await orderTotal(openApi);
    // The page still believes the old balance: the order previews it reads before the click answer with
    // the wallet as it was before the drain.
    let stale = true;
    await page.route('**/api/v1/open/orders/preview', async (route) => {
      if (!stale) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { totalAmount: number; wallet: Record<string, unknown> } };
      const after = (cents(drained) - cents(body.data.totalAmount)) / 100;
      await route.fulfill({
        response,
        json: { data: { ...body.data, wallet: { availableBalance: drained, availableAfter: after, sufficient: after >= 0, shortfall: 0 } } },
      });
    });
    await page.goto('/#/checkout');
    await expect(page.getByTestId('checkout-available')).toHaveText(money(drained));
    await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
    stale = false;

    await page.getByRole('button', { name: 'Place order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not enough balance' });
    // Worded in the app's money format (the service's code and amounts), not the service's raw sentence.
    await expect(alert).toContainText(/it needs CN¥[\d,.]+, and CN¥0\.00 is available/);
    await expect(alert).not.toContainText('Required:');
    await expect(alert).toContainText('Top up the wallet here');
    await expect(alert).not.toContainText('back office');
    await expect(page).toHaveURL(/#\/checkout$/);
    // The wallet was read again: the shortfall and the top-up are there, the button is off.
    await expect(page.getByTestId('checkout-available')).toHaveText(money(0));
    await expect(page.getByTestId('checkout-shortfall').getByRole('button', { name: /^Top up / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();

    // Nothing was written: no order, no payment, the line still in the cart.
    expect(await orderTotal(openApi)).toBe(ordersBefore);
    expect(cents((await openApi.get<Balance>('/user/wallet/balance')).availableBalance)).toBe(0);
    expect((await openApi.get<{ items: unknown[] }>('/cart')).items).toHaveLength(1);
  });
});

test('a refused payment elsewhere words the amounts in the app\'s money format and offers the Top up dialog, in both languages', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const [line] = await cheapProducts(openApi, 1);
  const order = await placeOrder(openApi, line!);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  // A supplement far above what the wallet holds: paying it is a 402 (issue 26: "Required: 9999.00 CNY" raw).
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 99_999 });
  const { availableBalance } = await openApi.get<Balance>('/user/wallet/balance');

  await page.goto(`/#/orders/${order.orderNo}`);
  const banner = page.getByTestId('amount-due');
  await banner.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: `Pay ${money(99_999)}` }).click();
  const alert = page.getByRole('alert', { name: 'Cannot pay the supplement' });
  await expect(alert).toContainText(`it needs ${money(99_999)}, and ${money(availableBalance)} is available`);
  await expect(alert).not.toContainText('CNY');
  await expect(alert).not.toContainText('Required:');
  await alert.getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Top up the wallet' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  const zh = (amount: number) => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' }).format(amount);
  await banner.getByRole('button', { name: /^支付/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: `支付 ${zh(99_999)}` }).click();
  const zhAlert = page.getByRole('alert', { name: '无法支付补款' });
  await expect(zhAlert).toContainText(`需要 ${zh(99_999)}，可用余额为 ${zh(availableBalance)}`);
  await expect(zhAlert).not.toContainText('Insufficient balance');
  await zhAlert.getByRole('button', { name: '充值', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '钱包充值' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});
