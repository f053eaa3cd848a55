/**
 * Where a field is referenced. Segments, campaigns and workflows each give a lookup at composition
 * (src/composition.ts) as they land; until then every list is empty. Contacts never import them.
 */
import type { FieldUsage } from './fields.schemas.ts';

/** Finds references to `field` (`email`, `data.plan`) within one project. */
export type FieldUsageLookup = (projectId: string, field: string) => Promise<Partial<FieldUsage>>;

/** Every lookup's references to `field`, merged. */
export async function findFieldUsage(
  lookups: readonly FieldUsageLookup[],
  projectId: string,
  field: string,
): Promise<FieldUsage> {
  const usage: FieldUsage = { segments: [], campaigns: [], workflows: [] };
  for (const part of await Promise.all(lookups.map((lookup) => lookup(projectId, field)))) {
    usage.segments.push(...(part.segments ?? []));
    usage.campaigns.push(...(part.campaigns ?? []));
    usage.workflows.push(...(part.workflows ?? []));
  }
  return usage;
}
