import type { CoreContext } from '../context.js';
import type { EventPayloads, EventType, ServiceEvent } from './catalog.js';
import { eventRows } from './rows.js';
import type { RowOf } from '../db/row-reader.js';

/**
 * The persisted event log. Events are written in the same transaction as the change they describe, so an
 * event exists exactly when its change committed; readers (SSE, IPC, webhooks) follow the log by id,
 * which also picks up changes made by another process on the same data folder (the CLI).
 */
/** Writes an event in the transaction of its change; returns its id. */
export function emitEvent<T extends EventType>(ctx: CoreContext, type: T, userId: number, data: EventPayloads[T]): number {
  if (!ctx.db.inTransaction) throw new Error('events are written inside the transaction of their change');
  const { lastInsertRowid } = ctx.db
    .prepare('INSERT INTO events (type, user_id, data, created_at) VALUES (?, ?, ?, ?)')
    .run(type, userId, JSON.stringify(data), ctx.nowIso());
  return Number(lastInsertRowid);
}

const toEvent = (row: RowOf<typeof eventRows>): ServiceEvent => ({
  id: row.id,
  type: row.type,
  userId: row.user_id,
  data: JSON.parse(row.data) as ServiceEvent['data'],
  createdAt: row.created_at,
});

export function eventsAfter(ctx: CoreContext, afterId: number, limit = 500): ServiceEvent[] {
  return eventRows.all(ctx.db.prepare('SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?').all(afterId, limit)).map(toEvent);
}

export function lastEventId(ctx: CoreContext): number {
  return (ctx.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM events').get() as { id: number }).id;
}
