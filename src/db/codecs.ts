/** Read-side conversions that hide how each dialect returns booleans and JSON. */

/** SQLite returns 0/1, PostgreSQL true/false. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** SQLite returns JSON as text, PostgreSQL (jsonb) as a parsed value. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** JSON is always written as text; both dialects accept it (PostgreSQL casts it to jsonb). */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}
