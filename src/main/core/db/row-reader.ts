import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';

/**
 * A row as better-sqlite3 hands it back, typed at one place: each domain's rows.ts declares the columns
 * it reads (their names and SQLite types) once, and every read goes through `one`/`all`/`each`, which check
 * the row against that declaration instead of trusting a cast at each call site.
 *
 * The check runs on every row, in production too: the declaration (TypeBox's Type builders, already the
 * contract's, for the static type) is compiled here, on first use, into one function of `typeof` tests
 * (measured: ~25 ns for a 28-column row, against the microseconds SQLite spends stepping it). Not by
 * typebox/compile: its few hundred modules would add to every cold start for the five column kinds a row
 * has. A row that does not match is a bug (a migration and a reader disagree), so it throws, naming the
 * source and the column.
 */

/** SQLite INTEGER (no safeIntegers on our connections: a JavaScript number, never a bigint). */
export const Int = Type.Integer();
/** SQLite REAL, or any number (an INTEGER column read as a quantity). */
export const Real = Type.Number();
/** SQLite TEXT (JSON columns too: parsed by the domain, not here). */
export const Str = Type.String();
/** A 0/1 INTEGER flag. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** The column may be NULL. */
export const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);
/** A TEXT column holding one of a contract's words (statuses, kinds). */
export const OneOf = <const Values extends string[]>(values: readonly [...Values]) => Type.Enum(values);

/** The row type a reader hands back. */
export type RowOf<R> = R extends RowReader<infer P> ? Static<TObject<P>> : never;

export interface RowReader<P extends TProperties, T = Static<TObject<P>>> {
  /** The table (or named query) the rows come from: what a mismatch names, and what the drift test reads. */
  readonly source: string;
  /** The declared columns. */
  readonly columns: TObject<P>;
  /** A `.get()` result: the row checked, or undefined when there was none. */
  one(row: unknown): T | undefined;
  /** A `.get()` of a row that must exist (one this transaction just wrote): checked, and missing is a bug. */
  existing(row: unknown): T;
  /** An `.all()` result, each row checked (the array itself is returned: no copy on a list's path). */
  all(rows: unknown[]): T[];
  /** An `.iterate()` result, each row checked as it is stepped. */
  each(rows: Iterable<unknown>): Generator<T, void, undefined>;
}

export class RowShapeError extends Error {
  constructor(source: string, detail: string) {
    super(`A ${source} row does not match its declared columns: ${detail}`);
    this.name = 'RowShapeError';
  }
}

/** Declares the columns read from `source` (a table, or a query's name when it joins or computes). */
export function rowReader<P extends TProperties>(source: string, properties: P): RowReader<P> {
  type Row = Static<TObject<P>>;
  const columns = Type.Object(properties);
  let matches: ((row: unknown) => boolean) | undefined;
  const check = (row: unknown): Row => {
    matches ??= compileRowTest(properties);
    if (!matches(row)) throw new RowShapeError(source, mismatchOf(properties, row));
    return row as Row; // eslint-disable-line no-restricted-syntax -- the one place a row becomes its type: just checked
  };
  return {
    source,
    columns,
    one: (row) => (row === undefined ? undefined : check(row)),
    existing: (row) => {
      if (row === undefined) throw new RowShapeError(source, 'no row where one must be');
      return check(row);
    },
    all(rows) {
      for (const row of rows) check(row);
      return rows as Row[]; // eslint-disable-line no-restricted-syntax -- each row checked above
    },
    *each(rows) {
      for (const row of rows) yield check(row);
    },
  };
}

/** A table's columns plus computed ones (a list query's counts beside the table's row). */
export function withColumns<P extends TProperties, Q extends TProperties>(base: RowReader<P>, source: string, more: Q): RowReader<P & Q> {
  return rowReader(source, { ...base.columns.properties, ...more });
}

/** Some of a table's columns, as a query that selects only those reads them (declared once, in the table's reader). */
export function pickColumns<P extends TProperties, K extends keyof P & string>(base: RowReader<P>, source: string, keys: readonly K[]): RowReader<Pick<P, K>> {
  const picked = {} as Pick<P, K>;
  for (const key of keys) picked[key] = base.columns.properties[key];
  return rowReader(source, picked);
}

/** A column's test as a JavaScript expression over `v` (the five kinds a row declaration uses). */
function testOf(schema: TSchema): string {
  const s = schema as { type?: string; enum?: readonly unknown[]; anyOf?: readonly TSchema[]; const?: unknown };
  if (s.anyOf) return `(${s.anyOf.map(testOf).join(' || ')})`;
  if (s.enum) return `(${s.enum.map((value) => `v === ${JSON.stringify(value)}`).join(' || ')})`;
  if ('const' in s) return `v === ${JSON.stringify(s.const)}`;
  switch (s.type) {
    case 'integer':
      return 'Number.isInteger(v)';
    case 'number':
      return "typeof v === 'number'";
    case 'string':
      return "typeof v === 'string'";
    case 'null':
      return 'v === null';
  }
  throw new Error(`row-reader: no test for the column type ${JSON.stringify(schema)}`);
}

/** One function testing every declared column of a row (generated once per reader, like a compiled schema). */
function compileRowTest(properties: TProperties): (row: unknown) => boolean {
  const tests = Object.entries(properties).map(([name, schema]) => `v = r[${JSON.stringify(name)}]; if (!(${testOf(schema)})) return false;`);
  // The code is made from the declarations in rows.ts only (names quoted by JSON.stringify), never from data.
  return new Function('r', `if (typeof r !== 'object' || r === null) return false; let v; ${tests.join(' ')} return true;`) as (row: unknown) => boolean;
}

/** What is wrong with a row that failed its test: the first column that does not match (the slow path). */
function mismatchOf(properties: TProperties, row: unknown): string {
  if (typeof row !== 'object' || row === null) return `not a row but ${String(row)}`;
  for (const [name, schema] of Object.entries(properties)) {
    const value = (row as Record<string, unknown>)[name];
    const test = new Function('v', `return ${testOf(schema)};`) as (v: unknown) => boolean;
    if (!test(value)) {
      const got = !(name in row) ? 'missing' : typeof value === 'bigint' ? `the bigint ${value}` : JSON.stringify(value);
      return `${name} is ${got}, declared ${testOf(schema)}`;
    }
  }
  return 'no column differs';
}
