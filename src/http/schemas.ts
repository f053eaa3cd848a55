/**
 * TypeBox pieces the request and response schemas of many features repeat: the `:id` path
 * parameter, a timestamp and a union of string literals. Each builds the same JSON Schema the features wrote by hand, so the OpenAPI document is unchanged.
 */
import { type Static, type TLiteral, type TUnion, Type } from 'typebox';

/** A resource id in a path: UUIDv7 in practice, any short text accepted (unknown ids are 404s). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });

/** The `:id` path parameter of a resource's routes. */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** A timestamp in a view (ISO 8601, UTC). */
export const DateTime = Type.String({ format: 'date-time' });

/** One of the given strings: a union of their literals, in that order. */
export function literals<const V extends readonly string[]>(
  values: V,
): TUnion<{ -readonly [K in keyof V]: TLiteral<V[K]> }> {
  return Type.Union(values.map((v) => Type.Literal(v))) as never;
}
