import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseAtVersion, migrateToCurrent } from '../../helpers/migrated-db.js';

/**
 * Migration 017 numbers each endpoint's existing deliveries (seq, oldest first) and counts them: on a
 * filled v16 database the seqs must follow each endpoint's ids, the counts equal a recount, and the
 * triggers go on from there.
 */
function filledV16(): Database.Database {
  const db = databaseAtVersion(16);
  db.exec(`
    INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (1, 'u', 'e', '', 'en', '2026-01-01T00:00:00.000Z');
    INSERT INTO events (id, type, user_id, data, created_at) VALUES (5, 'order.created', 1, '{}', 'x'), (6, 'order.paid', 1, '{}', 'x'), (7, 'order.created', 1, '{}', 'x');
    INSERT INTO webhook_endpoints (id, url, events, secret, created_at) VALUES (2, 'http://127.0.0.1:9/h', '["*"]', 'whsec_x', 'x'), (4, 'http://127.0.0.1:9/i', '["*"]', 'whsec_y', 'x');
    INSERT INTO webhook_deliveries (id, endpoint_id, event_id, test_event_id, status, attempts, created_at) VALUES
      (3, 2, 5, NULL, 'succeeded', 1, 'x'), (10, 4, 5, NULL, 'failed', 8, 'x'), (11, 2, 6, NULL, 'pending', 2, 'x'),
      (12, 2, NULL, 'evt_test_1', 'succeeded', 1, 'x'), (13, 4, 7, NULL, 'succeeded', 1, 'x');
  `);
  return db;
}

describe('migration 017 on a filled database', () => {
  it('numbers and counts each endpoint\'s deliveries, and the triggers carry on', () => {
    const db = filledV16();
    migrateToCurrent(db);
    expect(db.prepare('SELECT id, endpoint_id, seq FROM webhook_deliveries ORDER BY id').all()).toEqual([
      { id: 3, endpoint_id: 2, seq: 1 },
      { id: 10, endpoint_id: 4, seq: 1 },
      { id: 11, endpoint_id: 2, seq: 2 },
      { id: 12, endpoint_id: 2, seq: 3 },
      { id: 13, endpoint_id: 4, seq: 2 },
    ]);
    const counts = () => db.prepare('SELECT endpoint_id, n FROM webhook_delivery_counts ORDER BY endpoint_id').all();
    expect(counts()).toEqual([{ endpoint_id: 2, n: 3 }, { endpoint_id: 4, n: 2 }]);

    db.prepare("INSERT INTO webhook_deliveries (endpoint_id, event_id, status, created_at) VALUES (4, 6, 'pending', 'y')").run();
    expect(db.prepare('SELECT seq FROM webhook_deliveries WHERE endpoint_id = 4 ORDER BY id DESC LIMIT 1').pluck().get()).toBe(3);
    expect(counts()).toEqual([{ endpoint_id: 2, n: 3 }, { endpoint_id: 4, n: 3 }]);
    // The cascade from an endpoint takes its count with it.
    db.prepare('DELETE FROM webhook_endpoints WHERE id = 2').run();
    expect(counts()).toEqual([{ endpoint_id: 4, n: 3 }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
