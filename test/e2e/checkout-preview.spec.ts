import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, money, type Order } from './orders-helpers';

/**
 * Issue 26: checkout shows only what POST /orders/preview answers (the fee at the operator's rate, named
 * with it; domestic shipping said to come later), and the order placed charges exactly the total shown.
 */
test.beforeEach(async ({ openApi }) => {
  await openApi.send('DELETE', '/cart');
});

test('the summary is the service\'s preview: the operator\'s fee rate is named, and the order charges the total shown', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  await admin.send('PUT', '/settings', { serviceFeeRate: 7.5 });
  try {
    const [line] = await cheapProducts(openApi, 1);
    await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 3 });
    await page.goto('/#/checkout');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('Service fee (7.5%)')).toBeVisible();
    // The domestic shipping known so far, as the preview says it, and how a seller's postage comes later.
    await expect(page.getByTestId('checkout-domestic-freight')).toHaveText('CN¥0.00');
    await expect(summary.getByText('A seller that charges postage asks for it after ordering (a supplement you pay or decline).')).toBeVisible();
    await expect(page.getByTestId('seller-domestic-freight')).toHaveText('Domestic shipping: none asked for yet');
    const shown = await page.getByTestId('checkout-total').innerText();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
    const orderNo = /#\/orders\/(PO[0-9A-Z]+)/.exec(page.url())![1]!;
    const order = await openApi.get<Order>(`/orders/${orderNo}`);
    expect(money(order.totalAmount)).toBe(shown);
  } finally {
    await admin.send('PUT', '/settings', { serviceFeeRate: 5 });
  }
});

test('in Chinese the fee rate and the domestic shipping line read Chinese', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/checkout');
  await page.reload();
  await expect(page.getByText('服务费（5%）')).toBeVisible();
  await expect(page.getByTestId('checkout-domestic-freight')).toHaveText('¥0.00');
  await expect(page.getByText('如卖家收取运费，下单后会发起补款，您可以支付或拒绝。')).toBeVisible();
  await expect(page.getByTestId('seller-domestic-freight')).toHaveText('国内运费：卖家尚未收取');
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

test('each line shows the preview\'s price, not the cart\'s price times the quantity (the price may have moved since)', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 2 });
  // The service prices the line anew: a unit price that is not the cart's, and its amount.
  await page.route('**/api/v1/open/orders/preview', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { lines: { unitPrice: number; amount: number }[] } };
    body.data.lines = body.data.lines.map((l) => ({ ...l, unitPrice: 12.34, amount: 24.68 }));
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto('/#/checkout');
  const item = page.getByRole('group', { name: 'Lines in this order' }).getByRole('listitem');
  await expect(item.getByTestId('checkout-line-amount')).toHaveText(money(24.68));
  await expect(item).toContainText(`${money(12.34)} each`);
});

test('a line waits for its price while the preview answers, and shows none when the preview is refused', async ({ app: page, openApi }) => {
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/open/orders/preview', async (route) => {
    await answered;
    await route.fulfill({ status: 422, json: { statusCode: 422, error: 'Unprocessable Entity', message: 'this line cannot be priced' } });
  });
  await page.goto('/#/checkout');
  const item = page.getByRole('group', { name: 'Lines in this order' }).getByRole('listitem');
  await expect(item.getByTestId('checkout-line-pricing')).toBeVisible();
  answer();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot price this order' })).toContainText('this line cannot be priced');
  await expect(item.getByTestId('checkout-line-pricing')).toHaveCount(0);
  await expect(item.getByTestId('checkout-line-amount')).toHaveCount(0);
});
