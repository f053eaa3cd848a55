/**
 * SQL for the onboarding state: each step is one indexed probe (the first matching row by the
 * table's (project_id, id) index, LIMIT 1), so the answer costs the same for ten contacts or ten million.
 */
import type { Executor } from '../../db/index.ts';

type At = string | null | undefined;

/** A probe for one moment: `limit` and `executeTakeFirst` of a select of `at`. */
interface AtProbe {
  limit(n: number): { executeTakeFirst(): Promise<{ at: At } | undefined> };
}

/** The `at` of the probe's first row (null: none); one row is read. */
const first = async (q: AtProbe) => (await q.limit(1).executeTakeFirst())?.at ?? null;

/** Tables whose first row of the project marks a step; ids are UUIDv7, so the first id is the first row. */
type StepTable = 'domains' | 'contacts' | 'templates' | 'emails' | 'campaigns' | 'workflows';

/** When the project's first row of `table` was created, found by the table's (project_id, id) index. */
function firstCreated(db: Executor, table: StepTable, projectId: string): Promise<string | null> {
  return first(db.selectFrom(table).select('createdAt as at').where('projectId', '=', projectId).orderBy('id'));
}

/** Awaits every probe of `probes` at once; the answer has the same keys. */
async function allOf<T extends Record<string, Promise<unknown>>>(
  probes: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const values = await Promise.all(Object.values(probes));
  return Object.fromEntries(Object.keys(probes).map((key, i) => [key, values[i]])) as { [K in keyof T]: Awaited<T[K]> };
}

/** When each onboarding step first happened (null: not yet). */
export async function findSetupMoments(db: Executor, projectId: string) {
  const domains = db.selectFrom('domains').where('projectId', '=', projectId);
  const campaigns = db.selectFrom('campaigns').where('projectId', '=', projectId);
  const workflows = db.selectFrom('workflows').where('projectId', '=', projectId);
  return allOf({
    domainAdded: firstCreated(db, 'domains', projectId),
    // A project has a handful of domains: reading them through domains_project_idx is bounded.
    domainVerified: first(domains.select('verifiedAt as at').where('status', '=', 'VERIFIED').orderBy('verifiedAt')),
    firstContact: firstCreated(db, 'contacts', projectId),
    firstTemplate: firstCreated(db, 'templates', projectId),
    firstSend: firstCreated(db, 'emails', projectId),
    firstCampaign: firstCreated(db, 'campaigns', projectId),
    firstCampaignSent: first(
      campaigns.select('startedAt as at').where('startedAt', 'is not', null).orderBy('startedAt'),
    ),
    firstWorkflow: firstCreated(db, 'workflows', projectId),
    // No "enabled at" is stored: the enabled workflow's last change is the closest moment we know.
    firstWorkflowEnabled: first(workflows.select('updatedAt as at').where('enabled', '=', true).orderBy('id')),
  });
}
