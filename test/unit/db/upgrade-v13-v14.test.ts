import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';

/**
 * Migration 014 rebuilds webhook_deliveries (event_id nullable, test_event_id) under live foreign keys:
 * dropping it would cascade to webhook_attempts, so on a filled database every delivery, attempt and
 * AUTOINCREMENT position must survive.
 */
function filledV13(): Database.Database {
  const db = databaseAtVersion(13);
  db.exec(`
    INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', '2026-01-01T00:00:00.000Z');
    INSERT INTO events (id, type, user_id, data, created_at) VALUES (5, 'order.created', 1, '{}', '2026-01-01T00:00:00.000Z');
    INSERT INTO webhook_endpoints (id, url, events, secret, created_at) VALUES (2, 'http://127.0.0.1:9/h', '["*"]', 'whsec_x', 'x');
    INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at)
      VALUES (3, 2, 5, 'pending', 2, '2026-01-01T00:01:00.000Z', 500, 'HTTP 500', 'x');
    INSERT INTO webhook_attempts (id, delivery_id, at, status_code, error, duration_ms)
      VALUES (8, 3, 'a', 500, 'HTTP 500', 12), (9, 3, 'b', 500, 'HTTP 500', 13);
  `);
  // Deleted rows' ids must not be handed out again.
  db.exec("UPDATE sqlite_sequence SET seq = 40 WHERE name = 'webhook_deliveries'; UPDATE sqlite_sequence SET seq = 90 WHERE name = 'webhook_attempts'");
  return db;
}

describe('migration 014 on a filled database', () => {
  it('keeps every delivery, attempt and id counter; a test delivery needs its evt_test_ id instead of an event', () => {
    const db = filledV13();
    const deliveries = db.prepare('SELECT id, endpoint_id, event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at FROM webhook_deliveries').all();
    const attempts = db.prepare('SELECT * FROM webhook_attempts ORDER BY id').all();
    migrateToCurrent(db);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT id, endpoint_id, event_id, status, attempts, next_attempt_at, last_status_code, last_error, created_at FROM webhook_deliveries').all()).toEqual(deliveries);
    expect(db.prepare('SELECT test_event_id FROM webhook_deliveries').pluck().all()).toEqual([null]);
    expect(db.prepare('SELECT * FROM webhook_attempts ORDER BY id').all()).toEqual(attempts);
    expect(db.prepare("SELECT name, seq FROM sqlite_sequence WHERE name IN ('webhook_attempts', 'webhook_deliveries') ORDER BY name").all()).toEqual([
      { name: 'webhook_attempts', seq: 90 },
      { name: 'webhook_deliveries', seq: 40 },
    ]);
    const insert = db.prepare("INSERT INTO webhook_deliveries (endpoint_id, event_id, test_event_id, status, created_at) VALUES (2, ?, ?, 'succeeded', 'y')");
    expect(Number(insert.run(null, 'evt_test_1').lastInsertRowid)).toBe(41);
    expect(() => insert.run(null, null)).toThrow(/CHECK/);
    expect(() => insert.run(5, 'evt_test_2')).toThrow(/CHECK/);
    // The cascade still holds: deleting the endpoint takes its deliveries and their attempts.
    db.prepare('DELETE FROM webhook_endpoints WHERE id = 2').run();
    expect(db.prepare('SELECT COUNT(*) FROM webhook_attempts').pluck().get()).toBe(0);
    db.close();
  });
});
