import { adminApiOf, expect, test } from './fixtures';
import { cents, cheapProducts, money, orderTotal, type Balance } from './orders-helpers';

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
    await expect(alert).toContainText(/Insufficient balance\. Required: [\d.]+ CNY\. Available: 0\.00 CNY/);
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
