import { EVENT_TYPES } from '../../../contract/events.js';
import { Int, OneOf, Str, rowReader } from '../db/row-reader.js';

/** The event log's rows as SQLite hands them back, declared once and checked on every read (db/row-reader.ts). */
export const eventRows = rowReader('events', { id: Int, type: OneOf(EVENT_TYPES), user_id: Int, data: Str, created_at: Str });
