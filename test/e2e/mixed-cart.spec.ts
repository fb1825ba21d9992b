import { adminApiOf, expect, test } from './fixtures';
import { cents, orderTotal, type Balance, type Order, type Product } from './orders-helpers';

/** API v1.1 section 1 in the UI: a cart from Taobao, 1688 and Weidian checks out as one order, shown by seller. */

interface MixedItem {
  itemId: number;
  productId: number;
  price: number;
  quantity: number;
  platform: string;
  shopName: string;
  marketplaceOrderNo: string | null;
}

type MixedOrder = Order & { platform: string; items: MixedItem[] };

test('a cart from three platforms is one order: seller groups at checkout, platform "mixed", one purchase number per seller', async ({ app: page, openApi, server }) => {
  test.slow(); // a whole journey: cart, checkout, purchase and the sellers' parcels
  await openApi.send('DELETE', '/cart');
  const catalog = await openApi.get<{ items: (Product & { shopName: string })[] }>('/products/search?limit=100');
  const inStock = catalog.items.filter((p) => p.skus.some((s) => s.stock > 2));
  const picks = ['taobao', '1688', 'weidian'].map((platform) => inStock.find((p) => p.platform === platform)!);
  // A second Taobao line from the same shop shares its group (and its purchase number).
  const sameShop = inStock.find((p) => p.platform === 'taobao' && p.shopName === picks[0]!.shopName && p.id !== picks[0]!.id);
  if (sameShop) picks.push(sameShop);
  const lines = picks.map((p) => ({ productId: String(p.id), skuId: p.skus.find((s) => s.stock > 2)!.skuId, quantity: 2 }));
  await openApi.send('POST', '/cart/items/batch', { items: lines });
  const sellers = new Set(picks.map((p) => `${p.platform}/${p.shopName}`));

  const before = await openApi.get<Balance>('/user/wallet/balance');
  const ordersBefore = await orderTotal(openApi);

  // The cart groups its lines by seller as the checkout does, with the domestic shipping known so far (issue 26 item 9).
  await page.goto('/#/cart');
  await expect(page.getByTestId('cart-seller-group')).toHaveCount(sellers.size);
  await expect(page.getByText(`From ${sellers.size} sellers: each ships its own parcel to the warehouse.`)).toBeVisible();
  for (const name of ['Taobao', '1688', 'Weidian']) {
    await expect(page.getByRole('group', { name: 'Cart lines' }).getByRole('list', { name: new RegExp(`^${name} · `) }).first()).toBeVisible();
  }
  await expect(page.getByTestId('seller-domestic-freight')).toHaveText(Array(sellers.size).fill('Domestic shipping: none asked for yet'));
  await expect(page.getByTestId('cart-domestic-freight')).toHaveText('CN¥0.00');

  await page.goto('/#/checkout');
  const list = page.getByRole('group', { name: 'Lines in this order' });
  await expect(list.getByRole('listitem')).toHaveCount(picks.length);
  await expect(page.getByTestId('seller-group')).toHaveCount(sellers.size);
  for (const name of ['Taobao', '1688', 'Weidian']) await expect(list.getByRole('list', { name: new RegExp(`^${name} · `) }).first()).toBeVisible();
  await expect(page.getByText(`One order for ${sellers.size} sellers`)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
  const orderNo = /#\/orders\/(PO[0-9A-Z]+)$/.exec(page.url())![1]!;

  // One order with every line, priced and paid as one.
  expect(await orderTotal(openApi)).toBe(ordersBefore + 1);
  const order = await openApi.get<MixedOrder>(`/orders/${orderNo}`);
  expect(order.platform).toBe('mixed');
  expect(order.items).toHaveLength(picks.length);
  expect(new Set(order.items.map((i) => i.platform))).toEqual(new Set(['taobao', '1688', 'weidian']));
  expect(cents(order.subtotal)).toBe(order.items.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0));
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(before.balance) - cents(after.balance)).toBe(cents(order.totalAmount));
  expect((await openApi.get<{ items: unknown[] }>('/cart')).items).toHaveLength(0);

  // Purchased: one marketplace order number per seller group, shown on each line of the order page.
  const admin = adminApiOf(page.request, server.origin);
  await admin.send('POST', `/orders/${orderNo}/advance`, { to: 'purchased' });
  const purchased = await openApi.get<MixedOrder>(`/orders/${orderNo}`);
  const numberOf = new Map<string, string>();
  for (const item of purchased.items) {
    expect(item.marketplaceOrderNo).toBeTruthy();
    const key = `${item.platform}/${item.shopName}`;
    expect(numberOf.get(key) ?? item.marketplaceOrderNo).toBe(item.marketplaceOrderNo);
    numberOf.set(key, item.marketplaceOrderNo!);
  }
  expect(new Set(numberOf.values()).size).toBe(sellers.size);

  await expect(page.getByTestId('order-status')).toHaveText('Purchased');
  const shown = page.getByRole('list', { name: 'Order items' }).getByTestId('line-seller');
  await expect(shown).toHaveCount(purchased.items.length);
  for (const [index, item] of purchased.items.entries()) {
    const label = { taobao: 'Taobao', '1688': '1688', weidian: 'Weidian' }[item.platform];
    await expect(shown.nth(index)).toHaveText(`${label} · ${item.shopName} · Marketplace order ${item.marketplaceOrderNo}`);
  }
  // The header names every seller's marketplace order, not only the first.
  await expect(page.getByTestId('marketplace-order-numbers')).toHaveText(`${sellers.size} marketplace orders: ${[...numberOf.values()].join(', ')}`);

  // Each seller ships its own parcel: one tracking number per seller, none shared.
  await admin.send('POST', `/orders/${orderNo}/advance`, { to: 'shipped_to_warehouse' });
  await page.reload();
  await expect(page.getByTestId('domestic-parcel')).toHaveCount(sellers.size);
  const trackingNos = await page.getByTestId('domestic-tracking-no').allInnerTexts();
  expect(new Set(trackingNos).size).toBe(sellers.size);
});

test('in Chinese the cart\'s seller groups, their domestic shipping and the order\'s marketplace orders read Chinese', async ({ app: page, openApi, server }) => {
  await openApi.send('DELETE', '/cart');
  const catalog = await openApi.get<{ items: (Product & { shopName: string })[] }>('/products/search?limit=100');
  const inStock = catalog.items.filter((p) => p.skus.some((s) => s.stock > 2));
  const picks = ['taobao', '1688'].map((platform) => inStock.find((p) => p.platform === platform)!);
  await openApi.send('POST', '/cart/items/batch', { items: picks.map((p) => ({ productId: String(p.id), skuId: p.skus.find((s) => s.stock > 2)!.skuId, quantity: 1 })) });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/cart');
  await page.reload();
  await expect(page.getByText('来自 2 个卖家：每个卖家各自发一个包裹到仓库。')).toBeVisible();
  await expect(page.getByTestId('seller-domestic-freight')).toHaveText(['国内运费：卖家尚未收取', '国内运费：卖家尚未收取']);
  await expect(page.getByText('目前的国内运费')).toBeVisible();

  const order = await openApi.send<{ orderNo: string }>('POST', '/orders', { items: picks.map((p) => ({ productId: String(p.id), skuId: p.skus.find((s) => s.stock > 2)!.skuId, quantity: 1 })) });
  const admin = adminApiOf(page.request, server.origin);
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' });
  const purchased = await openApi.get<MixedOrder>(`/orders/${order.orderNo}`);
  await page.goto(`/#/orders/${order.orderNo}`);
  await expect(page.getByTestId('marketplace-order-numbers')).toHaveText(`2 个平台订单：${purchased.items.map((i) => i.marketplaceOrderNo).join(', ')}`);
});
