import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/database.js';
import { migrate, type Migration } from '../../../src/main/core/db/migrate.js';
import { migrations } from '../../../src/main/core/db/migrations/index.js';

describe('migrations', () => {
  it('bring a new database to the latest version with WAL-ready pragmas and foreign keys', () => {
    const db = openDatabase(':memory:');
    const version = migrate(db);
    expect(version).toBe(migrations.at(-1)!.version);
    expect(db.pragma('user_version', { simple: true })).toBe(version);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(migrate(db)).toBe(version); // idempotent
    db.close();
  });

  it('apply each migration atomically: a failing one leaves the previous version intact', () => {
    const db = openDatabase(':memory:');
    const list: Migration[] = [
      { version: 1, name: 'a', up: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'b', up: 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y INTEGER);' },
    ];
    expect(() => migrate(db, list)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'b'`).get()).toBeUndefined();
    db.close();
  });

  it('refuse a database newer than the build', () => {
    const db = openDatabase(':memory:');
    db.pragma('user_version = 99');
    expect(() => migrate(db)).toThrow(/newer/);
    db.close();
  });

  it('keep the ledger append-only', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    db.exec(`INSERT INTO users (id, username, email, created_at) VALUES (1, 'u', 'e', 'now')`);
    db.exec(`INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, created_at) VALUES (1, 'deposit', 100, 100, 'CNY', 'now')`);
    expect(() => db.exec('UPDATE wallet_entries SET amount_minor = 1')).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM wallet_entries')).toThrow(/append-only/);
    db.close();
  });
});

describe('order counters', () => {
  it('stay equal to COUNT(*) per user and status through inserts, status changes and deletes', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    db.exec(`INSERT INTO users (id, username, email, created_at) VALUES (1, 'a', 'e', 't'), (2, 'b', 'e', 't')`);
    const insert = db.prepare(
      `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
       VALUES (?, ?, ?, 'taobao', 'CNY', 100, 5, 105, 't', 't')`,
    );
    const statuses = ['pending', 'paid', 'cancelled'];
    for (let i = 0; i < 60; i++) insert.run(`PO${i}`, 1 + (i % 2), statuses[i % 3]);
    for (let i = 0; i < 60; i += 4) db.prepare(`UPDATE orders SET status = 'refunded' WHERE order_no = ?`).run(`PO${i}`);
    db.prepare(`UPDATE orders SET status = status WHERE order_no = 'PO1'`).run();
    db.prepare(`DELETE FROM orders WHERE order_no IN ('PO3', 'PO5')`).run();
    const truth = db.prepare('SELECT user_id, status, COUNT(*) AS n FROM orders GROUP BY user_id, status ORDER BY user_id, status').all();
    const counted = db.prepare('SELECT user_id, status, n FROM order_counts WHERE n > 0 ORDER BY user_id, status').all();
    expect(counted).toEqual(truth);
    db.close();
  });
});
