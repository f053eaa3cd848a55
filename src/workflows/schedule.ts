/**
 * SCHEDULE workflows: a minutely tick finds each enabled one whose cron pattern has matched since its
 * mark (`scheduled_through`), moves the mark with a conditional update (one process wins a fire time)
 * and, in the same transaction, creates the fire time's fan-out row: a job row (src/jobs/job-rows.ts)
 * that walks the project's contacts (or a segment's) by id and starts one execution each, a batch per
 * transaction with the cursor. A crash loses at most the uncommitted batch, which the next run redoes;
 * the reentry indexes keep a redone batch from starting anyone twice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson, toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { lastMatch, parseCron } from '../jobs/cron.ts';
import { defineJobRowKind, JobRowFailure, type StepContext } from '../jobs/job-row-kind.ts';
import { advanceJobRow, type JobRow, type Lease } from '../jobs/job-rows.ts';
import { newId } from '../lib/ids.ts';
import { audienceBatches, newestContactId } from '../segments/audience.ts';
import { insertExecutions } from './engine/executions.repo.ts';
import { findFanout, insertFanout } from './fanouts.repo.ts';
import {
  advanceScheduledThrough,
  findGraph,
  findWorkflow,
  listScheduledWorkflows,
  type WorkflowRow,
} from './workflows.repo.ts';

/** Contacts per fan-out transaction. */
const BATCH = 500;

/** SCHEDULE fan-outs: one execution started per audience contact, a committed batch at a time. */
export const fanoutKind = defineJobRowKind({
  table: 'workflowFanouts',
  job: 'workflow.fanout',
  idField: 'fanoutId',
  maxAttempts: 10,
  step: (deps: Deps, row, lease, ctx) => walkFanout(deps, row, lease, ctx),
});

/** Starts the fan-out of every SCHEDULE workflow whose pattern matched since its mark. */
export async function scheduleTick(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  for (const w of await listScheduledWorkflows(deps.db)) {
    let fireAt: Date | undefined;
    try {
      fireAt = lastMatch(parseCron(String(fromJson<{ schedule?: string }>(w.triggerConfig).schedule ?? '')), now);
    } catch {
      continue; // enabling checked the pattern; a row edited around the API is not ours to fire
    }
    if (!fireAt || (w.scheduledThrough && fireAt <= new Date(w.scheduledThrough))) continue;
    await startFanout(deps, w, fireAt);
  }
}

async function startFanout(deps: Deps, w: WorkflowRow, fireAt: Date): Promise<void> {
  const id = newId();
  const upTo = await newestContactId(deps, w.projectId);
  await deps.db.transaction().execute(async (trx) => {
    // Of several processes ticking the same minute, exactly one moves the mark.
    if (!(await advanceScheduledThrough(trx, w.id, w.scheduledThrough, fireAt))) return;
    await insertFanout(trx, {
      id,
      projectId: w.projectId,
      workflowId: w.id,
      fireAt,
      maxContactId: upTo,
      now: deps.clock.now(),
    });
    await fanoutKind.queue(deps, [id], trx);
  });
}

/**
 * Runs (or resumes) a fan-out; safe to run twice, a no-op once it has ended. Once `signal` aborts (the
 * process stops) it ends after the batch in hand and hands the row over to another worker.
 */
export function runFanout(deps: Deps, fanoutId: string, signal?: AbortSignal): Promise<void> {
  return fanoutKind.run(deps, fanoutId, { shouldStop: () => signal?.aborted === true });
}

/** Walks the audience from the row's cursor; false when it stopped early. */
async function walkFanout(
  deps: Deps,
  row: JobRow<'workflowFanouts'>,
  lease: Lease<'workflowFanouts'>,
  ctx: StepContext,
): Promise<boolean> {
  const fanout = await findFanout(deps.db, row.id);
  const graph = fanout && (await findGraph(deps.reader, fanout.projectId, fanout.workflowId));
  const trigger = graph?.steps.find((s) => s.type === 'TRIGGER');
  const workflow = fanout && (await findWorkflow(deps.reader, fanout.projectId, fanout.workflowId));
  if (!fanout || !trigger || !workflow || workflow.triggerType !== 'SCHEDULE' || !toBool(workflow.enabled)) {
    throw new JobRowFailure('The workflow is no longer enabled on a schedule.');
  }
  const config = fromJson<{ segmentId?: string | null }>(workflow.triggerConfig);
  const batches = audienceBatches(deps, fanout.projectId, {
    audience: config.segmentId ? { kind: 'segment', segmentId: config.segmentId } : { kind: 'all' },
    cursor: row.cursor,
    upTo: row.maxContactId ?? '',
    limit: ctx.batchSize ?? BATCH,
    subscribedOnly: false,
  });
  const event = { id: null, name: 'workflow.schedule', data: { fireAt: new Date(fanout.fireAt).toISOString() } };
  let started = row.started;
  for await (const contacts of batches) {
    const at = deps.clock.now();
    const starts = contacts.map((c) => ({
      id: newId(),
      projectId: fanout.projectId,
      workflowId: fanout.workflowId,
      contactId: c.id,
      allowReentry: toBool(workflow.allowReentry),
      stepId: trigger.id,
      event,
      context: {},
      at,
    }));
    const next = { cursor: contacts.at(-1)!.id, started };
    await deps.db.transaction().execute(async (trx) => {
      next.started += (await insertExecutions(trx, deps.dialect, starts)).length;
      await advanceJobRow(trx, deps, lease, next);
      await deps.workflowWaker.wake(trx);
    });
    started = next.started;
    await nextTurn();
    if (ctx.shouldStop()) return false;
  }
  return true;
}
