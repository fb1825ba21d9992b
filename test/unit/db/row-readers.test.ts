import Database from 'better-sqlite3';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authRows from '../../../src/main/core/auth/rows.js';
import * as cartRows from '../../../src/main/core/cart/rows.js';
import * as couponRows from '../../../src/main/core/coupons/rows.js';
import { RowShapeError, Str, type RowReader } from '../../../src/main/core/db/row-reader.js';
import * as eventRows from '../../../src/main/core/events/rows.js';
import * as exportRows from '../../../src/main/core/exports/rows.js';
import * as logisticsRows from '../../../src/main/core/logistics/rows.js';
import * as mediaRows from '../../../src/main/core/media/rows.js';
import * as orderRows from '../../../src/main/core/orders/rows.js';
import * as productRows from '../../../src/main/core/products/rows.js';
import { RequestLogStore } from '../../../src/main/core/requests/log-store.js';
import * as requestRows from '../../../src/main/core/requests/rows.js';
import * as shippingRows from '../../../src/main/core/shipping/rows.js';
import * as userRows from '../../../src/main/core/users/rows.js';
import * as walletRows from '../../../src/main/core/wallet/rows.js';
import * as warehouseRows from '../../../src/main/core/warehouse/rows.js';
import * as webhookRows from '../../../src/main/core/webhooks/rows.js';
import * as worldRows from '../../../src/main/core/world/rows.js';
import * as worldsRows from '../../../src/main/core/worlds/rows.js';
import { databaseAtVersion } from '../../helpers/migrated-db.js';
import type { TestServer } from '../../helpers/server.js';
import { applyShipped, startWorldFileServer } from '../../helpers/world-file.js';

/**
 * Issue 28: every row read in the core goes through a reader that declares its columns once (a domain's
 * rows.ts). These tests hold those declarations to the database: each column a reader names exists in
 * the migrated schema with the declared SQLite type and nullability, and every row of a database filled by
 * the shipped world files passes its table's reader. A migration that renames, retypes or loosens a column
 * fails here, not as a 500 in a user's hands.
 */

const MODULES: Record<string, Record<string, unknown>> = {
  'auth/rows.ts': authRows,
  'cart/rows.ts': cartRows,
  'coupons/rows.ts': couponRows,
  'events/rows.ts': eventRows,
  'exports/rows.ts': exportRows,
  'logistics/rows.ts': logisticsRows,
  'media/rows.ts': mediaRows,
  'orders/rows.ts': orderRows,
  'products/rows.ts': productRows,
  'requests/rows.ts': requestRows,
  'shipping/rows.ts': shippingRows,
  'users/rows.ts': userRows,
  'wallet/rows.ts': walletRows,
  'warehouse/rows.ts': warehouseRows,
  'webhooks/rows.ts': webhookRows,
  'world/rows.ts': worldRows,
  'worlds/rows.ts': worldsRows,
};

type AnyReader = RowReader<Record<string, TSchema>>;
const isReader = (value: unknown): value is AnyReader =>
  typeof value === 'object' && value !== null && 'source' in value && 'columns' in value && 'one' in value;
const READERS: AnyReader[] = Object.values(MODULES).flatMap((module) => Object.values(module).filter(isReader));

/** The table a reader reads: its source, or the source's first word ("orders (list page)" reads orders). */
const tableOf = (reader: AnyReader) => reader.source.split(' ')[0]!;

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

/** What a declared column means in SQLite: its storage type and whether NULL may come back. */
function sqliteTypeOf(schema: TSchema): { type: string; nullable: boolean } {
  const s = schema as { type?: string; enum?: unknown[]; anyOf?: TSchema[]; const?: unknown };
  if (s.anyOf) {
    const others = s.anyOf.filter((member) => (member as { type?: string }).type !== 'null');
    if (others.length === s.anyOf.length - 1 && others.length === 1) return { type: sqliteTypeOf(others[0]!).type, nullable: true };
    const types = new Set(others.map((member) => sqliteTypeOf(member).type));
    return { type: [...types].join('|'), nullable: others.length < s.anyOf.length };
  }
  if (s.enum) return { type: s.enum.every((v) => typeof v === 'string') ? 'TEXT' : 'INTEGER', nullable: false };
  if (s.const !== undefined) return { type: typeof s.const === 'string' ? 'TEXT' : 'INTEGER', nullable: false };
  if (s.type === 'integer') return { type: 'INTEGER', nullable: false };
  if (s.type === 'number') return { type: 'REAL', nullable: false };
  if (s.type === 'string') return { type: 'TEXT', nullable: false };
  return { type: `unknown ${JSON.stringify(schema)}`, nullable: false };
}

/** Every way the readers of `readers` disagree with the tables of `db` (columns of other tables skipped). */
function driftOf(db: Database.Database, readers: readonly AnyReader[]): string[] {
  const problems: string[] = [];
  for (const reader of readers) {
    const table = tableOf(reader);
    const info = db.prepare(`PRAGMA table_info("${table}")`).all() as ColumnInfo[];
    if (info.length === 0) {
      problems.push(`${reader.source}: no table ${table}`);
      continue;
    }
    const byName = new Map(info.map((c) => [c.name, c]));
    // A reader named after its table alone reads only that table: every column it declares must be there.
    const strict = reader.source === table;
    for (const [name, schema] of Object.entries(reader.columns.properties)) {
      const column = byName.get(name);
      if (column === undefined) {
        if (strict) problems.push(`${reader.source}.${name}: no such column in ${table}`);
        continue;
      }
      const declared = sqliteTypeOf(schema);
      if (declared.type !== column.type) problems.push(`${reader.source}.${name}: declared ${declared.type}, the table has ${column.type}`);
      // An INTEGER PRIMARY KEY is the rowid: never NULL whatever table_info's notnull says.
      const nullable = column.notnull === 0 && column.pk === 0;
      if (declared.nullable !== nullable) problems.push(`${reader.source}.${name}: declared ${declared.nullable ? 'nullable' : 'NOT NULL'}, the table's is ${nullable ? 'nullable' : 'NOT NULL'}`);
    }
  }
  return problems;
}

/** The request log keeps its own database (requests/log-store.ts); its first layout's table is read only to upgrade it. */
const LOG_TABLES = new Set(['request_log_batches', 'request_log']);
const inMainDatabase = (reader: AnyReader) => !LOG_TABLES.has(tableOf(reader));

describe('row readers', () => {
  it('cover every rows.ts of the core (a new one is listed here, so its tables are checked)', () => {
    const core = join(import.meta.dirname, '../../../src/main/core');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name === 'rows.ts') found.push(relative(core, path));
      }
    };
    walk(core);
    expect(found.sort()).toEqual(Object.keys(MODULES).sort());
    expect(READERS.length).toBeGreaterThan(30);
  });

  it('name columns the migrated schema has, with its SQLite types and nullability', () => {
    const db = databaseAtVersion(Number.MAX_SAFE_INTEGER);
    try {
      expect(driftOf(db, READERS.filter(inMainDatabase))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it("name the request log's columns as its own database has them", () => {
    const db = new Database(':memory:');
    try {
      new RequestLogStore(db, 100);
      expect(driftOf(db, READERS.filter((r) => tableOf(r) === 'request_log_batches'))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('see a migration that renames, retypes or loosens a column', () => {
    const db = databaseAtVersion(Number.MAX_SAFE_INTEGER);
    try {
      db.exec('ALTER TABLE orders RENAME COLUMN remark TO note');
      const drifted = driftOf(db, [
        orderRows.orderRows,
        // A reader that believes coupons.value is TEXT and coupons.channel_ids NOT NULL.
        { ...couponRows.couponRows, columns: { ...couponRows.couponRows.columns, properties: { value: Str, channel_ids: Str } } } as unknown as AnyReader,
      ]);
      expect(drifted).toEqual([
        'orders.remark: no such column in orders',
        'coupons.value: declared TEXT, the table has INTEGER',
        "coupons.channel_ids: declared NOT NULL, the table's is nullable",
      ]);
    } finally {
      db.close();
    }
  });

  it('refuse a row whose column is missing, of another type or unexpectedly NULL, naming the column', () => {
    const good = { id: 1, username: 'ann', email: 'a@example.com', avatar: '', language: 'en', created_at: '2026-01-01T00:00:00.000Z' };
    expect(userRows.userRows.one(good)).toBe(good);
    expect(userRows.userRows.one(undefined)).toBeUndefined();
    expect(() => userRows.userRows.one({ ...good, id: 1.5 })).toThrow(/users row .*: id is 1.5, declared Number.isInteger/);
    expect(() => userRows.userRows.one({ ...good, id: 10n })).toThrow(RowShapeError);
    expect(() => userRows.userRows.all([good, { ...good, email: null }])).toThrow(/email is null/);
    const { language: _language, ...renamed } = good;
    expect(() => userRows.userRows.one({ ...renamed, locale: 'en' })).toThrow(/language is missing/);
    expect(() => userRows.userRows.existing(undefined)).toThrow(/no row where one must be/);
    expect(() => orderRows.orderRows.one({ status: 'teleported' })).toThrow(RowShapeError);
  });

  describe('over a database the shipped world files filled', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startWorldFileServer({ demo: true });
      // Through the API: every read on the way (lists, details, joins) runs its reader's check too.
      for (const name of ['orders-every-status', 'packages-every-status', 'shipping-every-status', 'after-sales']) await applyShipped(server, name);
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });

    it("pass each table's reader, every row", () => {
      const db = server.running.core.ctx.db;
      const checked: Record<string, number> = {};
      for (const reader of READERS.filter((r) => inMainDatabase(r) && r.source === tableOf(r))) {
        const rows = db.prepare(`SELECT * FROM "${reader.source}"`).all();
        reader.all(rows);
        checked[reader.source] = rows.length;
      }
      // The files made rows of the tables the hot paths read, so the check above saw real ones.
      for (const table of ['orders', 'order_items', 'order_supplements', 'order_returns', 'packages', 'shipping_orders', 'wallet_entries', 'events', 'products', 'product_skus', 'coupons']) {
        expect(checked[table], table).toBeGreaterThan(0);
      }
    });
  });
});
