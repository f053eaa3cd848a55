/**
 * The filter language's SQL over a contact's custom fields (`contacts.data`) that differs by
 * database: typed comparisons that never match a value of another JSON type and never fail on one.
 * dialect.ts picks the implementation; src/segments/filters/compile.ts writes everything else.
 * `over(doc)` gives the same tests over another JSON object (a workflow's bound event or context
 * document), so both readings share one implementation of every comparison.
 *
 * Cost matters here: these run per contact over whole projects, and a benchmark holds the compiled
 * `data.plan = "pro" AND data.age > 30 AND createdAt within 90 days` to 1.2× a hand-written query.
 * So each guard is the cheapest one that keeps the comparison exact (measured at 1M contacts).
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

export type Comparison = '=' | '<' | '<=' | '>' | '>=';
export type JsonScalar = string | number | boolean;

export interface FilterSql {
  /**
   * The same data tests over the JSON object `doc` (e.g. a bound document, JsonSql.document) instead
   * of `contacts.data`. `doc` is repeated wherever a test reads the value, so it must be free of side effects.
   */
  over(doc: RawBuilder<unknown>): FilterSql;
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
function sqliteAbove(value: RawBuilder<unknown>, op: '>' | '>=', n: number): RawBuilder<SqlBool> {
  if (Math.abs(n) >= 2 ** 53) {
    return sql<SqlBool>`(${value} ${cmp(op)} ${n} and ${value} < '')`;
  }
  return sql<SqlBool>`(${value} between ${op === '>' ? nextUp(n) : n} and 9e999)`;
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
function sqliteFiltersOver(doc: RawBuilder<unknown>): FilterSql {
  // `->>` gives the SQL value: TEXT for a JSON string, INTEGER/REAL for a number, 1/0 for true/false.
  const value = (path: string[]) => sql`(${doc} ->> ${sqlitePath(path)})`;
  const isNumber = (path: string[]) => sql<SqlBool>`json_type(${doc}, ${sqlitePath(path)}) in ('integer', 'real')`;
  const self: FilterSql = {
    over: sqliteFiltersOver,
    dataEquals: (path, v) => {
      if (typeof v === 'boolean') return sql<SqlBool>`((${doc} -> ${sqlitePath(path)}) = ${v ? 'true' : 'false'})`;
      if (typeof v === 'number') return self.dataNumber(path, '=', v);
      // A TEXT value never equals an INTEGER one: no type guard needed.
      return sql<SqlBool>`(${value(path)} = ${v})`;
    },
    dataIn: (path, values) => {
      const base = sql<SqlBool>`${value(path)} in (${sql.join(values)})`;
      const numbers = values as unknown[];
      if (!numbers.some((v) => v === 0 || v === 1)) return sql<SqlBool>`(${base})`;
      return sql<SqlBool>`(${base} and ${isNumber(path)})`;
    },
    dataNumber: (path, op, v) => {
      const base = sql<SqlBool>`${value(path)} ${cmp(op)} ${v}`;
      if (booleanCouldPass((n) => TESTS[op](n, v))) return sql<SqlBool>`(${base} and ${isNumber(path)})`;
      if (op === '>' || op === '>=') return sqliteAbove(value(path), op, v);
      return sql<SqlBool>`(${base})`;
    },
    // SQLite's LIKE folds ASCII case only; non-ASCII letters match in their own case.
    dataLike: (path, pattern) => sql<SqlBool>`(${value(path)} >= '' and ${value(path)} like ${pattern} escape '\\')`,
    dataInstant: (path, op, iso) => {
      const v = value(path);
      const canonical = sql`(case
      when ${v} glob ${sql.lit(DAY)} then ${v} || 'T00:00:00.000Z'
      when ${v} glob ${sql.lit(`${DAY}${TIME}Z`)} then substr(${v}, 1, 19) || '.000Z'
      when ${v} glob ${sql.lit(`${DAY}${TIME}.${D}${D}${D}Z`)} then ${v} end)`;
      return sql<SqlBool>`(${canonical} ${cmp(op)} ${iso})`;
    },
    emailLike: (pattern) => sql<SqlBool>`(contacts.email like ${pattern} escape '\\')`,
  };
  return self;
}

export const sqliteFilters: FilterSql = sqliteFiltersOver(sql.raw('contacts.data'));

const PG_DAY = `^${DAY}$`;
const PG_SECONDS = `^${DAY}${TIME}Z$`;
const PG_MILLIS = `^${DAY}${TIME}[.]${D}${D}${D}Z$`;

/**
 * PostgreSQL. jsonb equality and ordering are typed already (`'"30"'` never equals `30`), so equals
 * and in are one operator; ordering guards with jsonb_typeof and compares jsonb to jsonb, never
 * casting (a cast of a string to numeric would fail the whole query).
 */
function postgresFiltersOver(doc: RawBuilder<unknown>): FilterSql {
  // One key reads with `->` (what a person writes); deeper paths with `#>`.
  const at = (path: string[]) =>
    path.length === 1 ? sql`(${doc} -> ${path[0]}::text)` : sql`(${doc} #> ${path}::text[])`;
  const text = (path: string[]) =>
    path.length === 1 ? sql`(${doc} ->> ${path[0]}::text)` : sql`(${doc} #>> ${path}::text[])`;
  return {
    over: postgresFiltersOver,
    dataEquals: (path, value) => sql<SqlBool>`(${at(path)} = ${JSON.stringify(value)}::jsonb)`,
    dataIn: (path, values) =>
      sql<SqlBool>`(${at(path)} = any(${(values as unknown[]).map((v) => JSON.stringify(v))}::jsonb[]))`,
    dataNumber: (path, op, value) =>
      sql<SqlBool>`(jsonb_typeof(${at(path)}) = 'number' and ${at(path)} ${cmp(op)} ${JSON.stringify(value)}::jsonb)`,
    dataLike: (path, pattern) =>
      sql<SqlBool>`(jsonb_typeof(${at(path)}) = 'string' and lower(${text(path)}) like ${pattern} escape '\\')`,
    dataInstant: (path, op, iso) => {
      const v = text(path);
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
}

export const postgresFilters: FilterSql = postgresFiltersOver(sql.raw('contacts.data'));
