/**
 * Shapes that request validation leaves to a service's own parser (which names the failing path in its
 * 422) but that the OpenAPI document shows exactly: a route schema marks the place with `COMPONENT`
 * naming a component of `components.schemas`, and the document's transform swaps each mark for a
 * reference. Filters (src/segments/filters/schemas.ts) and block documents (src/authoring) use it.
 */

/** The keyword a route schema's placeholder carries to name the component that goes there. */
export const COMPONENT = 'x-component';

/** A JSON reference to a component of the document. */
export const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** Returns `schema` with every component placeholder replaced by a reference to its component (a copy; the input is not changed). */
export function resolveComponents<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(resolveComponents) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  // `component | null`: OpenAPI 3.0 has no null type beside a reference, so it is the reference made nullable.
  const branches = Array.isArray(node.anyOf) ? (node.anyOf as Record<string, unknown>[]) : [];
  const marked = branches.filter((b) => typeof b[COMPONENT] === 'string');
  if (marked.length === 1 && branches.every((b) => b === marked[0] || b.type === 'null')) {
    const inner = resolveComponents(marked[0]) as Record<string, unknown>;
    const { description, ...target } = inner;
    return { allOf: [target], nullable: true, ...(description ? { description } : {}) } as T;
  }
  const form = node[COMPONENT];
  if (typeof form === 'string') {
    const description = typeof node.description === 'string' ? { description: node.description } : {};
    return { ...componentRef(form), ...description } as T;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveComponents(v)])) as T;
}
