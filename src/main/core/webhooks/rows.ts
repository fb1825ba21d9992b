import { Int, Str, rowReader, type RowOf } from '../db/row-reader.js';

/** A webhook endpoint as SQLite hands it back, declared once and checked on every read (db/row-reader.ts). */
export const endpointRows = rowReader('webhook_endpoints', { id: Int, url: Str, events: Str, secret: Str, description: Str, active: Int, created_at: Str });
export type EndpointRow = RowOf<typeof endpointRows>;
