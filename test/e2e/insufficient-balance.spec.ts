import { adminApiOf, expect, test } from './fixtures';
import { cents, cheapProducts, money, orderTotal, type Balance } from './orders-helpers';

test('a wallet that cannot pay shows the service 402 message with a hint to deposit', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });

  // Drain the wallet with a back-office adjustment; put the money back whatever happens.
  const before = await openApi.get<Balance>('/user/wallet/balance');
  const drained = before.availableBalance;
  await admin.send('POST', '/wallet/adjust', { amount: -drained, note: 'e2e: drain the wallet' });
  try {
    const ordersBefore = await orderTotal(openApi);
    await page.goto('/#/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 2 })).toBeVisible();
    await expect(page.getByTestId('checkout-available')).toHaveText(money(0));
    // The preview already warns; the button still asks the service, whose answer is the authority.
    await expect(page.getByText('Your available balance does not cover this order')).toBeVisible();

    await page.getByRole('button', { name: 'Place order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not enough balance' });
    await expect(alert).toContainText(/Insufficient balance\. Required: [\d.]+ CNY\. Available: 0\.00 CNY/);
    await expect(alert).toContainText('Deposit to the wallet in the back office');
    await expect(page).toHaveURL(/#\/checkout$/);

    // Nothing was written: no order, no payment, the line still in the cart.
    expect(await orderTotal(openApi)).toBe(ordersBefore);
    expect(cents((await openApi.get<Balance>('/user/wallet/balance')).availableBalance)).toBe(0);
    expect((await openApi.get<{ items: unknown[] }>('/cart')).items).toHaveLength(1);
  } finally {
    await admin.send('POST', '/wallet/deposit', { amount: drained, note: 'e2e: refill after the drain' });
    await openApi.send('DELETE', '/cart');
  }
});
