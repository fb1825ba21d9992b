import { Int, Text, rowReader, type RowOf } from '../db/row-reader.js';

/** A webhook endpoint as SQLite hands it back, declared once and checked on every read (db/row-reader.ts). */
export const endpointRows = rowReader('webhook_endpoints', { id: Int, url: Text, events: Text, secret: Text, description: Text, active: Int, created_at: Text });
export type EndpointRow = RowOf<typeof endpointRows>;
