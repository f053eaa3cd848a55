/**
 * The filter language's SQL over a contact's custom fields (`contacts.data`) that differs by
 * database: typed comparisons that never match a value of another JSON type and never fail on one.
 * dialect.ts picks the implementation; src/segments/filters/compile.ts writes everything else.
 *
 * Cost matters here: these run per contact over whole projects, and a benchmark holds the compiled
 * `data.plan = "pro" AND data.age > 30 AND createdAt within 90 days` to 1.2× a hand-written query.
 * So each guard is the cheapest one that keeps the comparison exact (measured at 1M contacts).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

export type Comparison = '=' | '<' | '<=' | '>' | '>=';
export type JsonScalar = string | number | boolean;

export interface FilterSql {
  /** The value at `path` has `value`'s JSON type and equals it (strings case-sensitively). */
  dataEquals(path: string[], value: JsonScalar): RawBuilder<SqlBool>;
  /** The value at `path` is one of `values`, with their JSON type. */
  dataIn(path: string[], values: string[] | number[]): RawBuilder<SqlBool>;
  /** The value at `path` is a JSON number and compares so with `value`. */
  dataNumber(path: string[], op: Comparison, value: number): RawBuilder<SqlBool>;
  /** The value at `path` is a JSON string matching the LIKE `pattern` (escaped with `\`, lower-cased) in any case. */
  dataLike(path: string[], pattern: string): RawBuilder<SqlBool>;
  /**
   * The value at `path` is a date string (`YYYY-MM-DD`, `…THH:MM:SSZ` or `…THH:MM:SS.sssZ`) whose
   * instant compares so with `iso` (a `toISOString()` text). Both sides are brought to the 24-character
   * form and compared as text, which orders them as instants: no cast that an odd value could fail.
   */
  dataInstant(path: string[], op: Comparison, iso: string): RawBuilder<SqlBool>;
  /** The contact's email (stored lower-cased) matches the LIKE `pattern` (lower-cased, escaped with `\`). */
  emailLike(pattern: string): RawBuilder<SqlBool>;
}

const cmp = (op: Comparison) => sql.raw(op);

/** A SQLite JSON path with every key quoted (keys never hold a double quote: parseFieldName refuses them). */
const sqlitePath = (path: string[]) => `$${path.map((k) => `."${k}"`).join('')}`;

// `->>` gives the SQL value: TEXT for a JSON string, INTEGER/REAL for a number, 1/0 for true/false.
const sqliteValue = (path: string[]) => sql`(contacts.data ->> ${sqlitePath(path)})`;
const sqliteIsNumber = (path: string[]) =>
  sql<SqlBool>`json_type(contacts.data, ${sqlitePath(path)}) in ('integer', 'real')`;

/** The next double above `n` (`n` finite): `v > n` is `v >= nextUp(n)` for every double `v`. */
function nextUp(n: number): number {
  if (n === 0) return Number.MIN_VALUE;
  const bits = new BigInt64Array(new Float64Array([n]).buffer);
  bits[0] = bits[0]! + (n > 0 ? 1n : -1n);
  return new Float64Array(bits.buffer)[0]!;
}

/**
 * `v > n` / `v >= n` for numbers only. BETWEEN evaluates `v` (a JSON extraction) once, and TEXT sorts
 * above the upper bound 9e999 (infinity), so strings fall out with no second extraction (measured:
 * as fast as the unguarded comparison). `>` becomes `>= nextUp(n)`, exact for doubles; beyond 2^53,
 * where SQLite's 64-bit integers are finer than doubles, the two-extraction form stays exact.
 */
function sqliteAbove(path: string[], op: '>' | '>=', n: number): RawBuilder<SqlBool> {
  if (Math.abs(n) >= 2 ** 53) {
    return sql<SqlBool>`(${sqliteValue(path)} ${cmp(op)} ${n} and ${sqliteValue(path)} < '')`;
  }
  return sql<SqlBool>`(${sqliteValue(path)} between ${op === '>' ? nextUp(n) : n} and 9e999)`;
}

/** True when a JSON boolean, which `->>` reads as 1 or 0, would pass a numeric test. */
const booleanCouldPass = (test: (n: number) => boolean) => test(0) || test(1);

const TESTS: Record<Comparison, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

// Date shapes as GLOB patterns (SQLite) and regular expressions (PostgreSQL): constants, never input.
const D = '[0-9]';
const DAY = `${D}${D}${D}${D}-${D}${D}-${D}${D}`;
const TIME = `T${D}${D}:${D}${D}:${D}${D}`;

/**
 * SQLite. A bare `v > 30` also matches every string (SQLite orders any TEXT above any number), so `>`
 * and `>=` bound `v` above as well (sqliteAbove). JSON booleans read as 1/0, so
 * a test that 0 or 1 would pass (`lt 5`, `equals 1`, `in [0, 2]`) asks json_type as well: an exact
 * guard where it is needed, and none where no boolean could pass (`gt 30`).
 */
export const sqliteFilters: FilterSql = {
  dataEquals: (path, value) => {
    if (typeof value === 'boolean') {
      return sql<SqlBool>`((contacts.data -> ${sqlitePath(path)}) = ${value ? 'true' : 'false'})`;
    }
    if (typeof value === 'number') return sqliteFilters.dataNumber(path, '=', value);
    // A TEXT value never equals an INTEGER one: no type guard needed.
    return sql<SqlBool>`(${sqliteValue(path)} = ${value})`;
  },
  dataIn: (path, values) => {
    const base = sql<SqlBool>`${sqliteValue(path)} in (${sql.join(values)})`;
    const numbers = values as unknown[];
    if (!numbers.some((v) => v === 0 || v === 1)) return sql<SqlBool>`(${base})`;
    return sql<SqlBool>`(${base} and ${sqliteIsNumber(path)})`;
  },
  dataNumber: (path, op, value) => {
    const base = sql<SqlBool>`${sqliteValue(path)} ${cmp(op)} ${value}`;
    if (booleanCouldPass((n) => TESTS[op](n, value))) return sql<SqlBool>`(${base} and ${sqliteIsNumber(path)})`;
    if (op === '>' || op === '>=') return sqliteAbove(path, op, value);
    return sql<SqlBool>`(${base})`;
  },
  // SQLite's LIKE folds ASCII case only; non-ASCII letters match in their own case.
  dataLike: (path, pattern) =>
    sql<SqlBool>`(${sqliteValue(path)} >= '' and ${sqliteValue(path)} like ${pattern} escape '\\')`,
  dataInstant: (path, op, iso) => {
    const v = sqliteValue(path);
    const canonical = sql`(case
      when ${v} glob ${sql.lit(DAY)} then ${v} || 'T00:00:00.000Z'
      when ${v} glob ${sql.lit(`${DAY}${TIME}Z`)} then substr(${v}, 1, 19) || '.000Z'
      when ${v} glob ${sql.lit(`${DAY}${TIME}.${D}${D}${D}Z`)} then ${v} end)`;
    return sql<SqlBool>`(${canonical} ${cmp(op)} ${iso})`;
  },
  emailLike: (pattern) => sql<SqlBool>`(contacts.email like ${pattern} escape '\\')`,
};

// One key reads with `->` (what a person writes); deeper paths with `#>`.
const pgAt = (path: string[]) =>
  path.length === 1 ? sql`(contacts.data -> ${path[0]}::text)` : sql`(contacts.data #> ${path}::text[])`;
const pgText = (path: string[]) =>
  path.length === 1 ? sql`(contacts.data ->> ${path[0]}::text)` : sql`(contacts.data #>> ${path}::text[])`;

const PG_DAY = `^${DAY}$`;
const PG_SECONDS = `^${DAY}${TIME}Z$`;
const PG_MILLIS = `^${DAY}${TIME}[.]${D}${D}${D}Z$`;

/**
 * PostgreSQL. jsonb equality and ordering are typed already (`'"30"'` never equals `30`), so equals
 * and in are one operator; ordering guards with jsonb_typeof and compares jsonb to jsonb, never
 * casting (a cast of a string to numeric would fail the whole query).
 */
export const postgresFilters: FilterSql = {
  dataEquals: (path, value) => sql<SqlBool>`(${pgAt(path)} = ${JSON.stringify(value)}::jsonb)`,
  dataIn: (path, values) =>
    sql<SqlBool>`(${pgAt(path)} = any(${(values as unknown[]).map((v) => JSON.stringify(v))}::jsonb[]))`,
  dataNumber: (path, op, value) =>
    sql<SqlBool>`(jsonb_typeof(${pgAt(path)}) = 'number' and ${pgAt(path)} ${cmp(op)} ${JSON.stringify(value)}::jsonb)`,
  dataLike: (path, pattern) =>
    sql<SqlBool>`(jsonb_typeof(${pgAt(path)}) = 'string' and lower(${pgText(path)}) like ${pattern} escape '\\')`,
  dataInstant: (path, op, iso) => {
    const v = pgText(path);
    // A regex guard before any text surgery; "C" collation compares the fixed-width forms byte-wise.
    const canonical = sql`(case
      when ${v} ~ ${sql.lit(PG_DAY)} then ${v} || 'T00:00:00.000Z'
      when ${v} ~ ${sql.lit(PG_SECONDS)} then left(${v}, 19) || '.000Z'
      when ${v} ~ ${sql.lit(PG_MILLIS)} then ${v} end)`;
    return sql<SqlBool>`(${canonical} collate "C" ${cmp(op)} ${iso})`;
  },
  // lower(email) is the form the trigram index holds (emails are stored lower-cased anyway).
  emailLike: (pattern) => sql<SqlBool>`(lower(contacts.email) like ${pattern} escape '\\')`,
};
