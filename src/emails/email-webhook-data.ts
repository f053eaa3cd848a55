/**
 * The `data` of an email webhook (beyond.md §4) built from email rows, in one place for every email
 * type: `{ emailId, messageId, contactId, to, from, subject, sourceType, campaignId?, variant?, workflowId? }`
 * plus what the type adds (smtpResponse, url, bounceType …). A workflow email's row names its
 * execution, so the workflows of all WORKFLOW rows are read in one query. Callers ask
 * `deps.webhooks.wants` first and build nothing when no endpoint listens.
 */
import type { Selectable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { EmailsTable } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { groupBy } from '../lib/group-by.ts';
import type { WebhookEventType } from '../webhooks/webhook-types.ts';
import { findEmailFacts, listExecutionWorkflows } from './emails.repo.ts';

/** The columns of an email row the webhook data is made of. */
export type EmailFacts = Pick<
  Selectable<EmailsTable>,
  | 'id'
  | 'projectId'
  | 'messageId'
  | 'contactId'
  | 'toEmail'
  | 'fromEmail'
  | 'subject'
  | 'sourceType'
  | 'sourceId'
  | 'variant'
>;

export interface EmailWebhookData extends Record<string, unknown> {
  emailId: string;
  messageId: string;
  contactId: string | null;
  to: string;
  from: string;
  subject: string;
  sourceType: EmailFacts['sourceType'];
  campaignId?: string;
  workflowId?: string;
  /** The A/B variant the email is (beyond.md §9); only on a campaign test's emails. */
  variant?: string;
}

/** What a type adds to one row's data (`smtpResponse`, `url`, `bounceType` …); undefined: nothing. */
export type ExtraData<R extends EmailFacts> = (row: R) => Record<string, unknown> | undefined;

/**
 * The webhook data of each row, in order (read through `db`: pass the transaction of the change).
 * `campaignId` for CAMPAIGN rows; `workflowId` for WORKFLOW rows whose execution still exists.
 */
export async function emailWebhookData<R extends EmailFacts>(
  db: Executor,
  rows: readonly R[],
  extra?: ExtraData<R>,
): Promise<EmailWebhookData[]> {
  const executionIds = rows.filter((r) => r.sourceType === 'WORKFLOW' && r.sourceId).map((r) => r.sourceId!);
  const workflows = new Map<string, string>();
  if (executionIds.length > 0) {
    for (const x of await listExecutionWorkflows(db, [...new Set(executionIds)])) {
      workflows.set(`${x.projectId}\u0000${x.id}`, x.workflowId);
    }
  }
  return rows.map((r) => {
    const data: EmailWebhookData = {
      emailId: r.id,
      messageId: r.messageId,
      contactId: r.contactId,
      to: r.toEmail,
      from: r.fromEmail,
      subject: r.subject,
      sourceType: r.sourceType,
    };
    if (r.sourceType === 'CAMPAIGN' && r.sourceId) data.campaignId = r.sourceId;
    if (r.variant) data.variant = r.variant;
    // Keyed by project too: an execution id is only this row's when it is of the row's project.
    const workflowId = r.sourceType === 'WORKFLOW' && workflows.get(`${r.projectId}\u0000${r.sourceId}`);
    if (workflowId) data.workflowId = workflowId;
    return { ...data, ...extra?.(r) };
  });
}

/**
 * Announces `type` for each row through `db` (the transaction of the status change), grouped by
 * project. The caller has asked `deps.webhooks.wants` and passes only rows of projects that want it.
 */
export async function announceEmails<R extends EmailFacts>(
  deps: Pick<Deps, 'webhooks'>,
  db: Executor,
  type: WebhookEventType,
  rows: readonly R[],
  extra?: ExtraData<R>,
): Promise<void> {
  if (rows.length === 0) return;
  const data = await emailWebhookData(db, rows, extra);
  const byProject = groupBy(
    rows.map((r, i) => ({ projectId: r.projectId, data: data[i]! })),
    (x) => x.projectId,
  );
  for (const [projectId, items] of byProject) {
    await deps.webhooks.announce(
      db,
      projectId,
      items.map((x) => ({ type, data: x.data })),
    );
  }
}

/** The facts of the project's emails among `ids`, read through `db` (pass the transaction of the change). */
export async function emailFactsIn(db: Executor, projectId: string, ids: readonly string[]): Promise<EmailFacts[]> {
  return findEmailFacts(db, projectId, ids);
}
