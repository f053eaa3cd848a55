/**
 * Schema validation: bodies are checked strictly (a wrong type is a 422, never silently coerced),
 * while query strings and path params are coerced from text as HTTP requires.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: false, useDefaults: true, removeAdditional: false, allErrors: true, ...options });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart !== 'body') return textAjv.compile(schema as object);
  const check = bodyAjv.compile(schema as object);
  if (!acceptsEmptyBody(schema)) return check;
  // Fastify hands a missing body over as null and takes `{ value }` as the body to use instead.
  const orEmpty = (data: unknown) => {
    if (data !== null) return check(data);
    const empty = {};
    return check(empty) ? { value: empty } : false;
  };
  return Object.defineProperty(orEmpty, 'errors', { get: () => check.errors });
};

/**
 * Whether a route's body may be left out: it has no body schema, or an object schema none of whose
 * fields is required (a contract route that "takes no body", such as a project reset, may still
 * accept options). A body left out, or sent as empty JSON, is then read as `{}`.
 */
export function acceptsEmptyBody(schema: unknown): boolean {
  if (schema === undefined) return true;
  const s = schema as { type?: unknown; required?: unknown[] };
  return s.type === 'object' && (s.required === undefined || s.required.length === 0);
}
