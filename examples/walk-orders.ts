/**
 * Walks every purchase order, newest first, with cursor paging: each page asks for the orders after the
 * last one it saw (`startingAfter`), so orders placed meanwhile never shift a page.
 *
 *   CROSSBUY_KEY=sk-... npx tsx examples/walk-orders.ts [page-size]
 */
import { createClient, unwrap } from 'crossbuy/client';

const baseUrl = process.env.CROSSBUY_URL ?? 'http://127.0.0.1:4680';
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (README.md, "Scripting")`);
  return value;
}

const crossbuy = createClient({ baseUrl, apiKey: required('CROSSBUY_KEY') });
const limit = Number(process.argv[2] ?? 100);

let startingAfter: string | undefined;
let count = 0;
for (;;) {
  const page = await unwrap(crossbuy.GET('/orders', { params: { query: { limit, startingAfter } } }));
  for (const order of page.items) {
    count += 1;
    console.log(`${order.orderNo}\t${order.status}\t${order.totalAmount} ${order.currency}\t${order.createdAt}`);
  }
  const last = page.items.at(-1);
  if (!last || page.items.length < limit) break;
  startingAfter = last.orderNo;
}
console.log(`${count} orders`);
