/**
 * SQL for the onboarding state: each step is one indexed probe (the first matching row by the
 * table's (project_id, id) index, LIMIT 1), so the answer costs the same for ten contacts or ten million.
 */
import type { Executor } from '../../db/index.ts';

type At = string | null | undefined;

const first = async (q: Promise<{ at: At } | undefined>) => (await q)?.at ?? null;

/** Tables whose first row of the project marks a step; ids are UUIDv7, so the first id is the first row. */
type StepTable = 'domains' | 'contacts' | 'templates' | 'emails' | 'campaigns' | 'workflows';

/** When the project's first row of `table` was created, found by the table's (project_id, id) index. */
function firstCreated(db: Executor, table: StepTable, projectId: string): Promise<string | null> {
  const q = db.selectFrom(table);
  return first(
    q.select('createdAt as at').where('projectId', '=', projectId).orderBy('id').limit(1).executeTakeFirst(),
  );
}

/** When each onboarding step first happened (null: not yet). */
export async function findSetupMoments(db: Executor, projectId: string) {
  const [
    domainAdded,
    domainVerified,
    firstContact,
    firstTemplate,
    firstSend,
    firstCampaign,
    firstCampaignSent,
    firstWorkflow,
    firstWorkflowEnabled,
  ] = await Promise.all([
    firstCreated(db, 'domains', projectId),
    // A project has a handful of domains: reading them through domains_project_idx is bounded.
    first(
      db
        .selectFrom('domains')
        .select('verifiedAt as at')
        .where('projectId', '=', projectId)
        .where('status', '=', 'VERIFIED')
        .orderBy('verifiedAt')
        .limit(1)
        .executeTakeFirst(),
    ),
    firstCreated(db, 'contacts', projectId),
    firstCreated(db, 'templates', projectId),
    firstCreated(db, 'emails', projectId),
    firstCreated(db, 'campaigns', projectId),
    first(
      db
        .selectFrom('campaigns')
        .select('startedAt as at')
        .where('projectId', '=', projectId)
        .where('startedAt', 'is not', null)
        .orderBy('startedAt')
        .limit(1)
        .executeTakeFirst(),
    ),
    firstCreated(db, 'workflows', projectId),
    // No "enabled at" is stored: the enabled workflow's last change is the closest moment we know.
    first(
      db
        .selectFrom('workflows')
        .select('updatedAt as at')
        .where('projectId', '=', projectId)
        .where('enabled', '=', true)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),
    ),
  ]);
  return {
    domainAdded,
    domainVerified,
    firstContact,
    firstTemplate,
    firstSend,
    firstCampaign,
    firstCampaignSent,
    firstWorkflow,
    firstWorkflowEnabled,
  };
}
