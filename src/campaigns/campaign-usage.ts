/** Where campaigns reference contact fields: their audience filters (GET /contacts/fields/:field/usage). */
import type { FieldUsageLookup } from '../contacts/fields/field-usage.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { filterReferences } from '../segments/filters/check.ts';
import type { FilterGroup } from '../segments/filters/tree.ts';
import { listFilteredCampaigns } from './campaigns.repo.ts';

/** The project's campaigns whose audience filter names `field` (few campaigns per project have one). */
export function campaignFieldUsage(deps: Pick<Deps, 'reader'>): FieldUsageLookup {
  return async (projectId, field) => {
    const rows = await listFilteredCampaigns(deps.reader, projectId);
    const using = rows.filter((r) => filterReferences(fromJson<FilterGroup>(r.audienceFilter)).fields.includes(field));
    return { campaigns: using.map((r) => ({ id: r.id, name: r.name })) };
  };
}
