import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { CHUNK_ROWS } from '../../../src/main/core/exports/stream.js';
import { postEntry } from '../../../src/main/core/wallet/ledger.js';
import { addUser } from '../../helpers/order-setup.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let user: { userId: number; key: string };
const ORDERS = CHUNK_ROWS + 20; // more than one chunk

/** Parses RFC 4180 text (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  // The rows below are months old: the autopilot would move the paid ones along at once.
  expect((await server.admin('PUT', '/autopilot', { pace: 'off' })).status).toBe(200);
  user = addUser(server, 'exporter');
  const { ctx } = server.running.core;
  const channel = ctx.db.prepare('SELECT channel_id, name FROM channels LIMIT 1').get() as { channel_id: string; name: string };
  inTransaction(ctx.db, () => {
    for (let i = 0; i < ORDERS; i++) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
      ctx.db
        .prepare(
          `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor, total_minor, created_at, updated_at)
           VALUES (?, ?, ?, 'taobao', 'CNY', ?, 0, 5, ?, ?, ?)`,
        )
        .run(`PX${String(i).padStart(5, '0')}`, user.userId, i % 2 ? 'paid' : 'cancelled', 1000 + i, 1005 + i, at, at);
    }
    const recipient = (name: string) => JSON.stringify({ name, phone: '1', country: 'US', state: '', city: 'c', address: 'a', zipCode: 'z' });
    const insertShipping = ctx.db.prepare(
      `INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor, currency, recipient, remark, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 500, 4250, 'CNY', ?, ?, ?, ?)`,
    );
    insertShipping.run('SX1', user.userId, 'pending', channel.channel_id, channel.name, recipient('Ann "Nan" Lee'), '=HYPERLINK("http://evil")', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
    insertShipping.run('SX2', user.userId, 'delivered', channel.channel_id, channel.name, recipient('Bo, Jr.'), '-2+3\nline two', '2026-02-02T00:00:00.000Z', '2026-02-02T00:00:00.000Z');
    // SX1 insured on a declared value, with storage fees and a shipping coupon: its money columns.
    ctx.db
      .prepare('UPDATE shipping_orders SET declared_value_minor = 61050, insurance = 1, insurance_premium_minor = 1832, storage_fees_minor = 300, coupon_discount_minor = 500 WHERE order_no = ?')
      .run('SX1');
    postEntry(ctx, { userId: user.userId, type: 'deposit', amount: 100_000, reference: 'R1', description: '+ top-up, "cash"' });
    postEntry(ctx, { userId: user.userId, type: 'adjustment', amount: -1250, reference: 'R2', description: '@SUM(A1)' });
  });
});
afterAll(() => server.close());

const get = (path: string, key = user.key) => fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });

describe('CSV exports', () => {
  it('streams every order, oldest first, with a header row and two-decimal amounts', async () => {
    const response = await get('/exports/orders.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="crossbuy-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(['orderNo', 'status', 'platform', 'itemCount', 'subtotal', 'discount', 'serviceFee', 'totalAmount', 'currency', 'createdAt', 'updatedAt']);
    expect(rows).toHaveLength(ORDERS + 1);
    expect(rows[1]).toEqual(['PX00000', 'cancelled', 'taobao', '0', '10.00', '0.00', '0.05', '10.05', 'CNY', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(rows.at(-1)![0]).toBe(`PX${String(ORDERS - 1).padStart(5, '0')}`);
  });

  it('filters orders by status and period (from inclusive, to exclusive)', async () => {
    const paid = parseCsv(await (await get('/exports/orders.csv?status=paid')).text());
    expect(paid).toHaveLength(ORDERS / 2 + 1);
    expect(paid.slice(1).every((r) => r[1] === 'paid')).toBe(true);
    const period = parseCsv(await (await get('/exports/orders.csv?from=2026-01-01T02:00:00Z&to=2026-01-01T05:00:00Z')).text());
    expect(period.slice(1).map((r) => r[0])).toEqual(['PX00002', 'PX00003', 'PX00004']);
  });

  it('writes each shipping order\'s declared value, insurance, storage, coupon and total like the other amounts (issue 26)', async () => {
    const rows = parseCsv(await (await get('/exports/shipping.csv')).text());
    expect(rows[0]).toEqual([
      'orderNo', 'status', 'channelId', 'channelName', 'trackingNo', 'totalWeightGrams', 'shippingFee', 'currency', 'recipientName', 'country', 'remark',
      'createdAt', 'updatedAt', 'shippedAt', 'deliveredAt', 'declaredValue', 'insurancePremium', 'storageFees', 'couponDiscount', 'totalCharge',
    ]);
    const money = (r: string[]) => [r[0], r[6], ...r.slice(15)];
    // SX1: 42.50 freight - 5.00 coupon + 18.32 insurance + 3.00 storage = 58.82, the order detail's totalCharge.
    expect(rows.slice(1).map(money)).toEqual([
      ['SX1', '42.50', '610.50', '18.32', '3.00', '5.00', '58.82'],
      ['SX2', '42.50', '0.00', '0.00', '0.00', '0.00', '42.50'],
    ]);
    const detail = await get('/shipping/orders/SX1');
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { data: { totalCharge: number } }).data.totalCharge).toBe(58.82);
  });

  it('quotes per RFC 4180 and defuses formulas in text, never in amounts', async () => {
    const text = await (await get('/exports/shipping.csv')).text();
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(text).toContain('"Ann ""Nan"" Lee"');
    const rows = parseCsv(text);
    expect(rows.map((r) => [r[0], r[8], r[10], r[6]])).toEqual([
      ['orderNo', 'recipientName', 'remark', 'shippingFee'],
      ['SX1', 'Ann "Nan" Lee', `'=HYPERLINK("http://evil")`, '42.50'],
      ['SX2', 'Bo, Jr.', "'-2+3\nline two", '42.50'],
    ]);
    const ledger = parseCsv(await (await get('/exports/transactions.csv')).text());
    expect(ledger.slice(1).map((r) => [r[1], r[2], r[3], r[6]])).toEqual([
      ['deposit', '1000.00', '1000.00', `'+ top-up, "cash"`],
      ['adjustment', '-12.50', '987.50', `'@SUM(A1)`],
    ]);
    const adjustments = parseCsv(await (await get('/exports/transactions.csv?type=adjustment')).text());
    expect(adjustments).toHaveLength(2);
  });

  it('answers bad filters 400 in the error shape, and a missing scope 403', async () => {
    for (const path of ['/exports/orders.csv?status=lost', '/exports/orders.csv?from=yesterday', '/exports/transactions.csv?type=gift', '/exports/shipping.csv?from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z']) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const readsOrdersOnly = server.makeKey(['orders:read']);
    expect((await get('/exports/orders.csv', readsOrdersOnly)).status).toBe(200);
    for (const kind of ['transactions', 'shipping']) {
      const refused = await get(`/exports/${kind}.csv`, readsOrdersOnly);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/scope/i);
    }
    expect((await fetch(`${server.baseUrl}/exports/orders.csv`)).status).toBe(401);
  });

  it('shows only the caller\'s own rows', async () => {
    const mine = parseCsv(await (await get('/exports/orders.csv', server.key)).text());
    expect(mine.some((r) => r[0]?.startsWith('PX'))).toBe(false);
  });
});
