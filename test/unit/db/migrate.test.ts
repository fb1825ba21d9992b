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
