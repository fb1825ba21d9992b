import type { OpenApi } from './fixtures';

/** Setup shared by the after-sales specs (warehouse services, the back office's after-sales tools). */

interface CatalogProduct {
  id: number;
  cargoType: string;
  weight: number;
  skus: { skuId: string; price: number; stock: number }[];
}

export interface Package {
  id: number;
  productName: string;
  weight: number;
  orderId: string;
}

export interface LedgerEntry {
  type: string;
  amount: number;
  reference: string;
  description: string;
}

/**
 * An order of one general-cargo line, moved by the back office to the warehouse: its package. `minPrice`
 * picks a line dear enough that a percentage of its price is above a fixed minimum.
 */
export async function arrivedPackage(openApi: OpenApi, admin: OpenApi, options: { minPrice?: number } = {}): Promise<Package> {
  const page = await openApi.get<{ items: CatalogProduct[] }>('/products/search?limit=100');
  const found = page.items
    .filter((p) => p.cargoType === 'general' && p.weight >= 100 && p.weight <= 2000)
    .flatMap((product) => product.skus.filter((s) => s.stock > 3 && s.price >= (options.minPrice ?? 0)).map((sku) => ({ product, sku })))[0]!;
  const order = await openApi.send<{ orderNo: string }>('POST', '/orders', { items: [{ productId: String(found.product.id), skuId: found.sku.skuId, quantity: 1 }] });
  await admin.send('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  const packages = await openApi.get<{ items: Package[] }>('/warehouse/packages/shippable?limit=100');
  return packages.items.find((p) => p.orderId === order.orderNo)!;
}

/** Creates a shipping order of a package in the warehouse to Japan on the cheapest channel (status pending): its number. */
async function createShipment(openApi: OpenApi, pkg: Pick<Package, 'id' | 'weight'>): Promise<string> {
  const quotes = await openApi.send<{ channels: { channelId: string; totalPrice: number }[] }>('POST', '/logistics/calculate-freight-batch', { country: 'JP', weight: pkg.weight });
  const channel = [...quotes.channels].sort((a, b) => a.totalPrice - b.totalPrice)[0]!;
  const created = await openApi.send<{ orderNo: string }>('POST', '/shipping/create', {
    items: [{ inventoryId: pkg.id, quantity: 1 }],
    logisticsChannelId: channel.channelId,
    recipientName: 'Console Case',
    recipientPhone: '+81 3 1234 5678',
    recipientCountry: 'JP',
    recipientCity: 'Tokyo',
    recipientAddress: '1-1 Chiyoda',
    recipientZipCode: '100-0001',
  });
  return created.orderNo;
}

/** A shipping order of one arrived package to Japan on the cheapest channel, not dispatched yet (status pending). */
export async function pendingShippingOrder(openApi: OpenApi, admin: OpenApi): Promise<string> {
  return createShipment(openApi, await arrivedPackage(openApi, admin));
}

/** Ships a package in the warehouse to Japan on the cheapest channel and dispatches it: the shipping order number. */
export async function shipPackage(openApi: OpenApi, admin: OpenApi, pkg: Pick<Package, 'id' | 'weight'>): Promise<string> {
  const orderNo = await createShipment(openApi, pkg);
  await admin.send('POST', `/shipping/orders/${orderNo}/dispatch`, {});
  return orderNo;
}

/** A shipping order of one arrived package to Japan on the cheapest channel, dispatched (status shipped). */
export async function shippedOrder(openApi: OpenApi, admin: OpenApi): Promise<string> {
  return shipPackage(openApi, admin, await arrivedPackage(openApi, admin));
}

/** The wallet entries of one type for one reference (an order number), newest first. */
export async function ledgerEntries(openApi: OpenApi, type: string, reference: string): Promise<LedgerEntry[]> {
  const page = await openApi.get<{ items: LedgerEntry[] }>(`/user/wallet/transactions?type=${type}&limit=100`);
  return page.items.filter((e) => e.reference === reference);
}
