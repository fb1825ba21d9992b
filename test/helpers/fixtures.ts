import { forEachShippingProblem } from '../../src/main/core/shipping/invariants.js';
import { POSTCODE_FORMATS } from '../../src/contract/address-rules.js';
import type { CoreContext } from '../../src/main/core/context.js';
import { inTransaction } from '../../src/main/core/db/database.js';
import { inspectionPhotoPath } from '../../src/main/core/media/media.js';
import { applyBasisPoints } from '../../src/main/core/shared/money.js';
import { auditLedger, postEntry } from '../../src/main/core/wallet/ledger.js';
import { receiveOrderPackages } from '../../src/main/core/warehouse/receive.js';

/** A deliverable recipient in the United States, as a shipping order's body carries it. */
export const US_RECIPIENT = {
  recipientName: 'Ann Lee',
  recipientPhone: '+1 212 555 0100',
  recipientCountry: 'US',
  recipientState: 'NY',
  recipientCity: 'New York',
  recipientAddress: '1 Main St, Apt 4',
  recipientZipCode: '10001',
};

/**
 * Test data made through the core's own functions, no mocks: a purchase order that was paid from the
 * wallet and has arrived at the warehouse, with its packages. The purchase-order flow has its own tests;
 * these fixtures only need its end state, built the way the core builds it.
 */

export type GoodsCargo = 'general' | 'battery' | 'sensitive';

export interface FixtureLine {
  /** Picks a catalog product of this cargo type (default general). */
  cargoType?: GoodsCargo;
  quantity?: number;
  /** Which product of that cargo type, by position in the catalog (default: a new one each call). */
  pick?: number;
}

export interface ArrivedOrderOptions {
  userId?: number;
  lines?: FixtureLine[];
  /** The weight the warehouse measured, split over the lines (receive.ts); default the SKU estimates. */
  inspectedWeightGrams?: number;
  /** Deposit the order's total before paying it, so the wallet nets to zero (default true). */
  fund?: boolean;
}

export interface ArrivedOrder {
  orderNo: string;
  packageIds: number[];
  totalMinor: number;
}

let picks = 0;

interface CatalogLine {
  product_id: number;
  platform: string;
  title: string;
  weight_g: number;
  cargo_type: string;
  sku_id: string;
  sku_name: string;
  price_minor: number;
}

function catalogLine(ctx: CoreContext, cargo: GoodsCargo, pick: number): CatalogLine {
  const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM products WHERE cargo_type = ?').get(cargo) as { n: number }).n;
  if (count === 0) throw new Error(`the catalog has no ${cargo} product (was the server started with --empty?)`);
  return ctx.db
    .prepare(
      `SELECT p.id AS product_id, p.platform, p.title, p.weight_g, p.cargo_type, s.sku_id, s.name AS sku_name, s.price_minor
         FROM products p JOIN product_skus s ON s.product_id = p.id
        WHERE p.cargo_type = ? AND s.position = 0
        ORDER BY p.id LIMIT 1 OFFSET ?`,
    )
    .get(cargo, pick % count) as CatalogLine;
}

/** A second account (the operator is user 1), with an empty wallet. */
/** A catalog SKU with stock for a few orders and a price, as an order line names it (productId as a string). */
export function orderableSku(ctx: CoreContext): { productId: string; skuId: string } {
  const row = ctx.db
    .prepare(`SELECT p.id, s.sku_id FROM products p JOIN product_skus s ON s.product_id = p.id WHERE s.stock >= 20 AND s.price_minor > 0 ORDER BY p.id LIMIT 1`)
    .get() as { id: number; sku_id: string };
  return { productId: String(row.id), skuId: row.sku_id };
}

export function createUser(ctx: CoreContext, username: string): number {
  return inTransaction(ctx.db, () => {
    const id = Number(
      ctx.db
        .prepare('INSERT INTO users (username, email, avatar, language, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(username, `${username}@example.test`, '', 'en', ctx.nowIso()).lastInsertRowid,
    );
    ctx.db.prepare('INSERT INTO wallets (user_id, balance_minor, frozen_minor) VALUES (?, 0, 0)').run(id);
    return id;
  });
}

/** An operator deposit, as the back office makes it. */
export function deposit(ctx: CoreContext, userId: number, amountMinor: number): void {
  inTransaction(ctx.db, () => postEntry(ctx, { userId, type: 'deposit', amount: amountMinor, reference: 'TEST', description: 'Test deposit' }));
}

/**
 * A purchase order, paid, bought, inspected and in the warehouse: one `orders` row, its `order_items` from
 * real catalog SKUs, the `order_payment` ledger entry for its total, the timeline, and one package per
 * line made by receiveOrderPackages. One transaction.
 */
export function createArrivedOrder(ctx: CoreContext, options: ArrivedOrderOptions = {}): ArrivedOrder {
  const userId = options.userId ?? 1;
  const specs = options.lines ?? [{}];
  return inTransaction(ctx.db, () => {
    const lines = specs.map((spec) => ({ spec, item: catalogLine(ctx, spec.cargoType ?? 'general', spec.pick ?? picks++) }));
    const subtotal = lines.reduce((sum, l) => sum + l.item.price_minor * (l.spec.quantity ?? 1), 0);
    const serviceFee = applyBasisPoints(subtotal, 500);
    const total = subtotal + serviceFee;
    const now = ctx.nowIso();
    const orderNo = `PO${now.slice(0, 10).replaceAll('-', '')}${ctx.random.draw().code(8)}`;

    if (options.fund ?? true) postEntry(ctx, { userId, type: 'deposit', amount: total, reference: 'TEST', description: 'Test deposit' });
    postEntry(ctx, { userId, type: 'order_payment', amount: -total, reference: orderNo, description: `Payment for purchase order ${orderNo}` });
    const photos = [inspectionPhotoPath(orderNo, 0), inspectionPhotoPath(orderNo, 1)];
    ctx.db
      .prepare(
        `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor, total_minor,
           inspection_result, inspection_weight_g, inspection_photos, inspected_at, created_at, updated_at)
         VALUES (?, ?, 'in_warehouse', ?, ?, ?, 0, ?, ?, 'passed', ?, ?, ?, ?, ?)`,
      )
      .run(orderNo, userId, lines[0]!.item.platform, ctx.currency, subtotal, serviceFee, total, options.inspectedWeightGrams ?? null,
        JSON.stringify(photos), now, now, now);
    const insertItem = ctx.db.prepare(
      `INSERT INTO order_items (order_no, product_id, sku_id, title, sku_name, price_minor, quantity, weight_g, cargo_type)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const { spec, item } of lines) {
      insertItem.run(orderNo, item.product_id, item.sku_id, item.title, item.sku_name, item.price_minor, spec.quantity ?? 1, item.weight_g, item.cargo_type);
    }
    const timeline = ctx.db.prepare('INSERT INTO order_timeline (order_no, status, at, note) VALUES (?, ?, ?, ?)');
    for (const status of ['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']) timeline.run(orderNo, status, now, 'test fixture');
    const packageIds = receiveOrderPackages(ctx, orderNo, { inspectedWeightGrams: options.inspectedWeightGrams, photos });
    return { orderNo, packageIds, totalMinor: total };
  });
}

/** The status of a purchase order, straight from the database. */
export function orderStatus(ctx: CoreContext, orderNo: string): string {
  return (ctx.db.prepare('SELECT status FROM orders WHERE order_no = ?').get(orderNo) as { status: string }).status;
}

/**
 * A shipping order's recipient fields (POST /shipping/create) that pass the address rules for `country`:
 * its postcode is the country's own example (src/contract/address-rules.ts), so a test that does not care
 * about the recipient never trips a rule it is not testing.
 */
export function deliverableRecipient(country: string) {
  return {
    recipientName: 'Robin Reed',
    recipientPhone: '+44 20 7946 0000',
    recipientCountry: country,
    recipientCity: 'Capital City',
    recipientAddress: '1 Harbour Road',
    recipientZipCode: POSTCODE_FORMATS[country]?.example ?? '12345',
  };
}

/** Every shipping and wallet money problem doctor would list (empty when whole): shipping invariants and wallets against ledgers. */
export function moneyProblems(ctx: CoreContext): unknown[] {
  const problems: unknown[] = [];
  forEachShippingProblem(ctx, (p) => problems.push(p));
  for (const wallet of auditLedger(ctx)) if (!wallet.ok) problems.push(wallet);
  return problems;
}
