import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';

/**
 * Migration 031 gives each seller group its own domestic parcel (carrier and tracking number on its lines).
 * An order shipped before it had one number for the whole order: on a filled v30 database its lines take
 * that one; an order not yet shipped keeps none.
 */
describe('migration 031 on a filled database', () => {
  it("copies each shipped order's carrier and tracking number to its lines, and leaves unshipped lines empty", () => {
    const db = databaseAtVersion(30);
    db.pragma('foreign_keys = OFF'); // the lines' products and SKUs do not matter here
    db.exec(`
      INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', 'x');
      INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor, total_minor, carrier, tracking_no, created_at, updated_at)
        VALUES ('PO1', 1, 'shipped_to_warehouse', 'mixed', 'CNY', 200, 0, 0, 200, 'SF Express', 'SF123', 'x', 'x'),
               ('PO2', 1, 'paid', 'taobao', 'CNY', 100, 0, 0, 100, NULL, NULL, 'x', 'x');
      INSERT INTO order_items (id, order_no, product_id, sku_id, title, sku_name, price_minor, quantity, weight_g, cargo_type, platform, shop_name)
        VALUES (1, 'PO1', 1, 's', 't', 'n', 100, 1, 100, 'general', 'taobao', 'A'), (2, 'PO1', 1, 's', 't', 'n', 100, 1, 100, 'general', '1688', 'B'),
               (3, 'PO2', 1, 's', 't', 'n', 100, 1, 100, 'general', 'taobao', 'A');
    `);
    migrateToCurrent(db);
    expect(db.prepare('SELECT id, domestic_carrier, domestic_tracking_no FROM order_items ORDER BY id').all()).toEqual([
      { id: 1, domestic_carrier: 'SF Express', domestic_tracking_no: 'SF123' },
      { id: 2, domestic_carrier: 'SF Express', domestic_tracking_no: 'SF123' },
      { id: 3, domestic_carrier: null, domestic_tracking_no: null },
    ]);
    db.close();
  });
});
