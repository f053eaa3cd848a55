/**
 * Where a template is referenced. Campaigns and workflows each give a lookup at composition
 * (src/composition.ts) as they land; until then both lists are empty. Templates never import them.
 */
import type { TemplateUsage } from './templates.schemas.ts';

/** Finds references to the template `templateId` within one project. */
export type TemplateUsageLookup = (projectId: string, templateId: string) => Promise<Partial<TemplateUsage>>;

/** Every lookup's references to the template, merged. */
export async function findTemplateUsage(
  lookups: readonly TemplateUsageLookup[],
  projectId: string,
  templateId: string,
): Promise<TemplateUsage> {
  const usage: TemplateUsage = { campaigns: [], workflows: [] };
  for (const part of await Promise.all(lookups.map((lookup) => lookup(projectId, templateId)))) {
    usage.campaigns.push(...(part.campaigns ?? []));
    usage.workflows.push(...(part.workflows ?? []));
  }
  return usage;
}
