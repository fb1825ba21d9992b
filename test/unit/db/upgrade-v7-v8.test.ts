import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/main/core/db/migrations/index.js';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';

/**
 * Migration 008 rebuilds packages, shipping_orders and wallet_entries (wider CHECKs) under live foreign
 * keys: on a filled database it must keep every row, reference, counter and AUTOINCREMENT position.
 */
/** Filled at v6 (before 007 rebuilds orders and 008 packages, shipping orders and the ledger). */
function filledV7(): Database.Database {
  const db = databaseAtVersion(6);
  db.exec(`
    INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', '2026-01-01T00:00:00.000Z');
    INSERT INTO channels (channel_id, name, carrier, delivery_days, supported_cargo, min_weight_g, max_weight_g, countries, first_weight_g,
      first_price_minor, step_weight_g, step_price_minor) VALUES ('ems', 'EMS', 'EMS', '1-2', '["general"]', 1, 30000, '["US"]', 500, 100, 500, 50);
    INSERT INTO products (id, source, platform, platform_item_id, title, price_minor, currency, shop_name, shop_url, weight_g, cargo_type, created_at)
      VALUES (1, 'local', 'taobao', 'i1', 't', 100, 'CNY', 's', 'u', 100, 'general', 'x');
    INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor, total_minor, created_at, updated_at)
      VALUES ('PO1', 1, 'in_warehouse', 'taobao', 'CNY', 100, 0, 0, 100, 'x', 'x');
    INSERT INTO order_items (id, order_no, product_id, sku_id, title, sku_name, price_minor, quantity, weight_g, cargo_type)
      VALUES (1, 'PO1', 1, 's', 't', 'n', 100, 1, 100, 'general'), (2, 'PO1', 1, 's', 't', 'n', 100, 1, 100, 'general');
    INSERT INTO packages (id, user_id, order_no, order_item_id, product_name, quantity, weight_g, cargo_type, status, arrived_at)
      VALUES (7, 1, 'PO1', 1, 'p', 1, 100, 'general', 'packing', '2026-01-01T00:00:00.000Z'),
             (9, 1, 'PO1', 2, 'q', 1, 100, 'general', 'in_warehouse', '2026-01-01T00:00:00.000Z');
    INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor, currency, recipient, created_at, updated_at)
      VALUES ('SO1', 1, 'pending', 'ems', 'EMS', 100, 100, 'CNY', '{}', 'x', 'x');
    INSERT INTO shipping_order_items (shipping_order_no, package_id) VALUES ('SO1', 7);
    INSERT INTO shipping_events (shipping_order_no, at, status, description) VALUES ('SO1', 'x', 'pending', 'd');
    INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, created_at) VALUES (1, 'deposit', 100, 100, 'CNY', 'x');
  `);
  // A deleted highest id must not be handed out again.
  db.exec("UPDATE sqlite_sequence SET seq = 50 WHERE name = 'packages'");
  return db;
}

describe('migrations 007 and 008 on a filled database', () => {
  it('keeps rows, references, counters and sequences; accepts the v1.1 values', () => {
    const db = filledV7();
    const counts = db.prepare('SELECT * FROM package_counts ORDER BY status').all();
    const orderCounts = db.prepare('SELECT * FROM order_counts ORDER BY status').all();
    migrateToCurrent(db);
    expect(db.pragma('user_version', { simple: true })).toBe(Math.max(...migrations.map((m) => m.version)));
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT order_no, status FROM orders').all()).toEqual([{ order_no: 'PO1', status: 'in_warehouse' }]);
    expect(db.prepare('SELECT * FROM order_counts ORDER BY status').all()).toEqual(orderCounts);
    expect(db.prepare('SELECT id, status FROM packages ORDER BY id').all()).toEqual([
      { id: 7, status: 'packing' },
      { id: 9, status: 'in_warehouse' },
    ]);
    expect(db.prepare('SELECT * FROM package_counts ORDER BY status').all()).toEqual(counts);
    expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'packages'").pluck().get()).toBe(50);
    expect(db.prepare('SELECT COUNT(*) FROM shipping_order_items').pluck().get()).toBe(1);
    expect(db.prepare("SELECT kind FROM due_steps WHERE subject = 'SO1'").pluck().all()).toEqual(['shipping.dispatch']);
    // The in_warehouse package owes its storage alert.
    expect(db.prepare("SELECT kind FROM due_steps WHERE subject = '9'").pluck().all()).toEqual(['package.storage_expiring']);
    db.prepare("UPDATE shipping_orders SET status = 'lost' WHERE order_no = 'SO1'").run();
    db.prepare("INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, created_at) VALUES (1, 'insurance_payout', 5, 105, 'CNY', 'x')").run();
    expect(() => db.prepare('DELETE FROM wallet_entries').run()).toThrow(/append-only/);
    expect(db.prepare("SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = 1 AND type = ''").pluck().get()).toBe(2);
    db.close();
  });
});
