/**
 * Where a template is referenced. Campaigns and workflows each give a lookup at composition
 * (src/composition.ts); templates never import them.
 */
import type { UsageLookup } from '../lib/usage.ts';
import type { TemplateUsage } from './templates.schemas.ts';

declare module '../deps.ts' {
  interface FeatureHooks {
    /** Where templates are referenced (campaigns, workflows): GET /templates/:id/usage. */
    templateUsage: readonly UsageLookup[];
  }
}

/** Finds references to the template within one project. */
export type TemplateUsageLookup = UsageLookup<TemplateUsage>;
