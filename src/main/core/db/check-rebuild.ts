import type { Db } from './database.js';

/**
 * Widens a CHECK constraint of a table (a new status or ledger type), in the caller's transaction. SQLite
 * cannot change a CHECK in place, and better-sqlite3's defensive mode forbids editing the schema text, so
 * the table is rebuilt: its own CREATE statement (read from the schema, so columns other migrations added
 * are kept whatever they are) with the CHECK's text replaced, its rows copied back, its AUTOINCREMENT
 * counter, indexes and triggers restored. Foreign keys are deferred for the transaction, as in migration
 * 008: children are orphans only between the DROP and the refill. Throws when the text to replace is not
 * found exactly once (the table is not as expected: nothing is changed).
 */
export function widenCheck(db: Db, table: string, from: string, to: string): void {
  const row = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) as { sql: string } | undefined;
  if (!row) throw new Error(`no table ${table}`);
  const at = row.sql.indexOf(from);
  if (at < 0 || row.sql.indexOf(from, at + 1) >= 0) throw new Error(`${table}: the CHECK text to widen is not found exactly once`);
  const created = row.sql.slice(0, at) + to + row.sql.slice(at + from.length);
  const dependents = db
    .prepare("SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type = 'trigger', name")
    .all(table) as { sql: string }[];
  const sequence = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) as number | undefined;
  const copy = `temp."${table}_rebuild"`;
  db.pragma('defer_foreign_keys = ON');
  db.exec(`CREATE TABLE ${copy} AS SELECT * FROM "${table}"; DROP TABLE "${table}";`);
  db.exec(created);
  db.exec(`INSERT INTO "${table}" SELECT * FROM ${copy}; DROP TABLE ${copy};`);
  if (sequence !== undefined) {
    db.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(table);
    db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, sequence);
  }
  for (const d of dependents) db.exec(d.sql);
}
