/**
 * Where a field is referenced. Segments, campaigns and workflows register a resolver here as they
 * land; until then every list is empty.
 */
import type { Deps } from '../../deps.ts';

export interface UsageRef {
  id: string;
  name: string;
}

export interface FieldUsage {
  segments: UsageRef[];
  campaigns: UsageRef[];
  workflows: UsageRef[];
}

/** Finds references to `field` (`email`, `data.plan`) within one project. */
export type FieldUsageResolver = (deps: Deps, projectId: string, field: string) => Promise<Partial<FieldUsage>>;

const resolvers: FieldUsageResolver[] = [];

/** Adds a resolver (call at module load of the feature that references fields); returns its removal. */
export function registerFieldUsageResolver(resolver: FieldUsageResolver): () => void {
  if (!resolvers.includes(resolver)) resolvers.push(resolver);
  return () => {
    const at = resolvers.indexOf(resolver);
    if (at >= 0) resolvers.splice(at, 1);
  };
}

/** Every registered resolver's references to `field`, merged. */
export async function findFieldUsage(deps: Deps, projectId: string, field: string): Promise<FieldUsage> {
  const usage: FieldUsage = { segments: [], campaigns: [], workflows: [] };
  for (const part of await Promise.all(resolvers.map((r) => r(deps, projectId, field)))) {
    usage.segments.push(...(part.segments ?? []));
    usage.campaigns.push(...(part.campaigns ?? []));
    usage.workflows.push(...(part.workflows ?? []));
  }
  return usage;
}
