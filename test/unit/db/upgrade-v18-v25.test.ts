import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';

/**
 * Migrations 023-025 (v1.2) on a filled v18 database: top-up tables, shipping coupons (added to a demo
 * catalog), and the two CHECKs widened by rebuilding wallet_entries and shipping_orders, which must keep
 * every row, the AUTOINCREMENT counter, the indexes and the triggers (ranks, counters, due steps).
 */
function filledV18(): Database.Database {
  const db = databaseAtVersion(18);
  db.exec(`
    INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', '2026-01-01T00:00:00.000Z');
    INSERT INTO channels (channel_id, name, carrier, delivery_days, supported_cargo, min_weight_g, max_weight_g, countries, first_weight_g, first_price_minor, step_weight_g, step_price_minor)
      VALUES ('ems', 'EMS', 'EMS', '7-12', '["general"]', 1, 30000, '["US"]', 500, 4000, 500, 1000);
    INSERT INTO coupons (id, name, type, value, min_order_minor, expires_at, created_at) VALUES (1, 'Welcome', 'percentage', 10, 0, '2030-01-01T00:00:00.000Z', 'x');
    INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, reference, description, created_at)
      VALUES (1, 'deposit', 10000, 10000, 'CNY', 'D', '', 'x'), (1, 'service_charge', -200, 9800, 'CNY', 'PKG1', '', 'x');
    INSERT INTO wallets (user_id, balance_minor, frozen_minor) VALUES (1, 9800, 0);
    INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor, currency, recipient, created_at, updated_at)
      VALUES ('SO1', 1, 'pending', 'ems', 'EMS', 1000, 5000, 'CNY', '{}', 'x', 'x'), ('SO2', 1, 'lost', 'ems', 'EMS', 1000, 5000, 'CNY', '{}', 'x', 'x');
  `);
  return db;
}

describe('migrations 023-025 on a filled database', () => {
  it('keep every row, counter, index and trigger, and take the new values', () => {
    const db = filledV18();
    const schemaOf = (table: string) =>
      db.prepare("SELECT type, name FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') ORDER BY type, name").all(table);
    const before = { entries: schemaOf('wallet_entries'), orders: schemaOf('shipping_orders') };
    const steps = db.prepare("SELECT kind, subject FROM due_steps WHERE subject = 'SO1'").all();
    migrateToCurrent(db);
    expect(schemaOf('wallet_entries')).toEqual(before.entries);
    expect(schemaOf('shipping_orders')).toEqual(before.orders);
    expect(db.prepare('SELECT id, type, amount_minor FROM wallet_entries ORDER BY id').all()).toEqual([
      { id: 1, type: 'deposit', amount_minor: 10000 },
      { id: 2, type: 'service_charge', amount_minor: -200 },
    ]);
    expect(db.prepare("SELECT kind, subject FROM due_steps WHERE subject = 'SO1'").all()).toEqual(steps);
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');

    // The new values are accepted; the counter goes on; the rank trigger still ranks.
    db.prepare(
      `INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, reference, description, created_at)
       VALUES (1, 'shipping_supplement', -300, 9500, 'CNY', 'SO1', '', 'y')`,
    ).run();
    expect(db.prepare('SELECT MAX(id) FROM wallet_entries').pluck().get()).toBe(3);
    expect(db.prepare("SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = 1 AND type = ''").pluck().get()).toBe(3);
    expect(() => db.prepare("UPDATE wallet_entries SET amount_minor = 1 WHERE id = 1").run()).toThrow(/append-only/);
    db.prepare("UPDATE shipping_orders SET status = 'awaiting_payment' WHERE order_no = 'SO1'").run();
    expect(db.prepare("SELECT n FROM shipping_order_counts WHERE user_id = 1 AND status = 'awaiting_payment'").pluck().get()).toBe(1);
    expect(() => db.prepare("UPDATE shipping_orders SET status = 'nonsense' WHERE order_no = 'SO1'").run()).toThrow(/CHECK/);

    // A demo catalog gains its two shipping coupons; top-up methods are seeded.
    expect(db.prepare("SELECT name, applies_to FROM coupons WHERE applies_to = 'shipping' ORDER BY id").all()).toHaveLength(2);
    expect(db.prepare("SELECT applies_to FROM coupons WHERE id = 1").pluck().get()).toBe('purchase');
    expect(db.prepare('SELECT method, fee_bp, fixed_fee_minor FROM top_up_methods ORDER BY method').all()).toContainEqual({ method: 'paypal', fee_bp: 440, fixed_fee_minor: 30 });
  });
});
