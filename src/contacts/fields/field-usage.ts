/**
 * Where a field is referenced. Segments, campaigns and workflows each give a lookup at composition
 * (src/composition.ts); contacts never import them.
 */
import type { UsageLookup } from '../../lib/usage.ts';
import type { FieldUsage } from './fields.schemas.ts';

declare module '../../deps.ts' {
  interface FeatureHooks {
    /** Where custom fields are referenced (segments, campaigns, workflows): GET /contacts/fields/:field/usage. */
    fieldUsage: readonly UsageLookup[];
  }
}

/** Finds references to `field` (`email`, `data.plan`) within one project. */
export type FieldUsageLookup = UsageLookup<FieldUsage>;
