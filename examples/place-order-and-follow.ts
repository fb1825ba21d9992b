/**
 * Places a purchase order for the first search hit and follows it over Server-Sent Events until it
 * reaches a status (default in_warehouse) or a final one. A supplement the agent asks for on the way (the
 * seller raised the price, domestic freight) is paid from the wallet, as the order waits for it otherwise.
 *
 *   CROSSBUY_KEY=sk-... npx tsx examples/place-order-and-follow.ts [until-status] [search words]
 *
 * CROSSBUY_SCENARIO=price_increase (any order scenario of the sandbox) programs that case on the order.
 */
import { randomUUID } from 'node:crypto';
import { createClient, openEventStream, unwrap } from 'crossbuy/client';

const baseUrl = process.env.CROSSBUY_URL ?? 'http://127.0.0.1:4680';
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (README.md, "Scripting")`);
  return value;
}

const apiKey = required('CROSSBUY_KEY');
const scenario = process.env.CROSSBUY_SCENARIO;
const until = process.argv[2] ?? 'in_warehouse';
const q = process.argv[3] ?? 'hoodie';
const FINAL = ['completed', 'cancelled', 'refunded'];

const crossbuy = createClient({ baseUrl, apiKey });

const found = await unwrap(crossbuy.GET('/products/search', { params: { query: { q, limit: 1 } } }));
const product = found.items[0];
const sku = product?.skus.find((s) => s.stock > 0);
if (!product || !sku) throw new Error(`nothing in stock matches "${q}"`);

// Connected before the order exists, so none of its events can be missed.
const events = await openEventStream({ baseUrl, apiKey });
const order = await unwrap(
  crossbuy.POST('/orders', {
    body: { items: [{ productId: String(product.id), skuId: sku.skuId, quantity: 1 }] },
    // A retry of this request can never pay twice; the sandbox case, when one is asked for.
    headers: { 'Idempotency-Key': randomUUID(), ...(scenario ? { 'Crossbuy-Scenario': scenario } : {}) },
  }),
);
console.log(`placed ${order.orderNo}: ${product.title} (${sku.name}), ${order.totalAmount} ${order.currency}, status ${order.status}`);

if (order.status !== until) {
  for await (const event of events) {
    if (event.type === 'order.supplement_requested' && event.data.orderNo === order.orderNo) {
      const { supplementId, amount, reason } = event.data;
      console.log(`${order.orderNo}: supplement ${supplementId} of ${amount} ${order.currency} asked for (${reason}): paying it`);
      const paid = await unwrap(
        crossbuy.POST('/orders/{id}/supplements/{sid}/pay', {
          params: { path: { id: order.orderNo, sid: supplementId } },
          headers: { 'Idempotency-Key': randomUUID() },
        }),
      );
      console.log(`${order.orderNo}: supplement ${supplementId} ${paid.status}`);
      continue;
    }
    if (event.type !== 'order.status_changed' || event.data.orderNo !== order.orderNo) continue;
    console.log(`${event.data.orderNo}: ${event.data.from} -> ${event.data.to} at ${event.data.at}`);
    if (event.data.to === until || FINAL.includes(event.data.to)) break;
  }
}
events.close();
