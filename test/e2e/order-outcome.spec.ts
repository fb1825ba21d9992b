import { shipPackage } from './after-sales-helpers';
import { adminApiOf, expect, test, type OpenApi } from './fixtures';

/**
 * Issue 26 items 6 and 12: the order page's "Total paid" is what the ledger says the order cost after sales
 * (a supplement paid, an extra photo, a return refunded), and an order completed with a lost parcel and a
 * returned item says so after its status, in English and Chinese.
 */
interface CatalogProduct {
  id: number;
  cargoType: string;
  weight: number;
  skus: { skuId: string; price: number; stock: number }[];
}
interface Detail {
  orderNo: string;
  status: string;
  totalAmount: number;
  items: { itemId: number }[];
  supplements: { id: number }[];
  returns: { id: number }[];
  money: { paid: number; fees: number; refunded: number; net: number };
  outcome: string[];
}

/** Two lines of general cargo a Japanese channel takes. */
async function twoGeneralLines(openApi: OpenApi) {
  const page = await openApi.get<{ items: CatalogProduct[] }>('/products/search?limit=100');
  return page.items
    .filter((p) => p.cargoType === 'general' && p.weight >= 100 && p.weight <= 2000)
    .flatMap((product) => product.skus.filter((s) => s.stock > 3).map((sku) => ({ productId: String(product.id), skuId: sku.skuId, quantity: 1 })).slice(0, 1))
    .slice(0, 2);
}

const language = (lang: 'en' | 'zh-CN') => JSON.stringify({ state: { language: lang, chosen: true }, version: 0 });

test('total paid counts a supplement, a photo fee and a refund; completed with a lost parcel and a returned item says so (en, zh)', async ({ app: page, openApi, server }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const order = await openApi.send<Detail>('POST', '/orders', { items: await twoGeneralLines(openApi) });
  const [kept, returned] = order.items;
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
  await admin.send('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 3.5, itemId: kept!.itemId });
  const raised = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  await openApi.send('POST', `/orders/${order.orderNo}/supplements/${raised.supplements[0]!.id}/pay`);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  await openApi.send('POST', `/orders/${order.orderNo}/photo-requests`, { count: 1 });
  const ret = await openApi.send<{ id: number }>('POST', `/orders/${order.orderNo}/returns`, { itemId: returned!.itemId, type: 'return', reason: 'too big' });
  await admin.send('POST', `/orders/${order.orderNo}/returns/${ret.id}/decide`, { decision: 'approved' });

  const after = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect(after.money.refunded).toBeGreaterThan(0);
  expect(after.money.net).not.toBe(order.totalAmount);
  const cny = (amount: number) => `CN¥${amount.toFixed(2)}`;

  await page.goto(`/#/orders/${order.orderNo}`);
  await expect(page.getByTestId('order-total')).toHaveText(cny(order.totalAmount));
  await expect(page.getByTestId('order-paid')).toHaveText(cny(after.money.paid));
  await expect(page.getByTestId('order-fees')).toHaveText(cny(2));
  await expect(page.getByTestId('order-refunded')).toHaveText(`−${cny(after.money.refunded)}`);
  await expect(page.getByTestId('order-net-paid')).toHaveText(cny(after.money.net));
  await expect(page.getByText('Total paid')).toBeVisible();

  // The kept line is shipped and lost in transit: the order completes, its goods did not all arrive.
  const packages = await openApi.get<{ items: { id: number; orderId: string; weight: number }[] }>('/warehouse/packages/shippable?limit=100');
  const pkg = packages.items.find((p) => p.orderId === order.orderNo)!;
  const shippingNo = await shipPackage(openApi, admin, pkg);
  await admin.send('POST', `/shipping/${shippingNo}/simulate`, { scenario: 'lost_in_transit' });
  const ended = await openApi.get<Detail>(`/orders/${order.orderNo}`);
  expect(ended.status).toBe('completed');
  expect(ended.outcome).toEqual(['lost', 'returned']);

  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Completed · parcel lost and item returned');

  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('zh-CN'));
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('已完成 · 包裹丢失和商品已退货');
  await expect(page.getByText('实付合计')).toBeVisible();
  await expect(page.getByText('已退回钱包')).toBeVisible();
  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('en'));
});
