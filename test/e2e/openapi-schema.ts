/** Reading response schemas of /openapi.json in tests: enum values, pointers, and conformance of a real answer. */
import { expect } from 'vitest';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  /** OpenAPI 3.0's null branch: the swagger plugin turns `T | null` into T with `nullable: true`. */
  nullable?: boolean;
};
export type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };
type OpenApiOperation = {
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

/** The values an enum-like schema allows (`enum`, `const`, or a union of those); [] when it is not one. */
export function enumOf(s: Schema): unknown[] {
  if (s.enum) return s.enum;
  if ('const' in s) return [s.const];
  if (s.anyOf?.every((x) => enumOf(x).length > 0)) return s.anyOf.flatMap(enumOf);
  return [];
}

/** The schema at a dotted pointer: property names, `[]` for array items. */
export function at(s: Schema, pointer: string): Schema {
  return pointer.split('.').reduce((cur, step) => (step === '[]' ? cur.items! : cur.properties![step]!), s);
}

/** Checks `value` against `s`: required properties present, no property the schema lacks, enum values listed. */
export function expectConforms(value: unknown, s: Schema, where: string): void {
  const allowed = enumOf(s);
  if (value === null && s.nullable) return;
  if (allowed.length > 0) {
    expect(allowed, `${where} = ${JSON.stringify(value)}`).toContain(value);
  } else if (s.anyOf) {
    // Nullable fields: null needs a null branch; anything else is checked against the other branch.
    if (value === null)
      expect(
        s.anyOf.some((x) => x.type === 'null'),
        `${where} may be null`,
      ).toBe(true);
    else expectConforms(value, s.anyOf.find((x) => x.type !== 'null')!, where);
  } else if (s.type === 'array') {
    for (const [i, v] of (value as unknown[]).entries()) expectConforms(v, s.items!, `${where}[${i}]`);
  } else if (s.properties) {
    const obj = value as Record<string, unknown>;
    expect(
      Object.keys(obj).filter((k) => !(k in s.properties!)),
      `${where}: fields the schema lacks`,
    ).toEqual([]);
    expect(
      (s.required ?? []).filter((k) => !(k in obj)),
      `${where}: required fields missing`,
    ).toEqual([]);
    for (const [k, v] of Object.entries(obj)) expectConforms(v, s.properties[k]!, `${where}.${k}`);
  }
}
