/** The source text of client/schema.d.ts for an OpenAPI document (shared by the generator and its drift test). */
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = '/** Generated from /openapi.json by `npm run client:generate`. Do not edit by hand. */\n\n';

interface Parameter {
  required?: boolean;
  schema?: { default?: unknown };
}

/**
 * A parameter with a default is one the caller may leave out (the server fills it in), though the
 * schema lists it as required after defaults are applied; the client's types say it is optional.
 */
function relaxDefaultedParameters(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(doc);
  const paths = (copy.paths ?? {}) as Record<string, Record<string, { parameters?: Parameter[] }>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const p of operation.parameters ?? []) if (p.schema?.default !== undefined) p.required = false;
    }
  }
  return copy;
}

export async function clientTypes(doc: Record<string, unknown>): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes its own OpenAPI3 type; ours is the served JSON.
  const ast = await openapiTS(relaxDefaultedParameters(doc) as any, { alphabetize: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}
