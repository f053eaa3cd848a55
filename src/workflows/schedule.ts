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
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { lastMatch, parseCron } from '../jobs/cron.ts';
import {
  advanceJobRow,
  claimJobRow,
  finishJobRow,
  handOverJobRow,
  type JobRowPolicy,
  LeaseLost,
  noteJobRowError,
} from '../jobs/job-rows.ts';
import { newId } from '../lib/ids.ts';
import { findMaxContactId, listAudienceAfter } from '../segments/audience.repo.ts';
import { audienceCondition, loadFilterEnv } from '../segments/audience.ts';
import { insertExecutions } from './engine/executions.repo.ts';
import { findFanout, insertFanout } from './fanouts.repo.ts';
import {
  advanceScheduledThrough,
  findGraph,
  findWorkflow,
  listScheduledWorkflows,
  type WorkflowRow,
} from './workflows.repo.ts';

export const FANOUT_JOB = 'workflow.fanout';
const fanoutKey = (id: string) => `${FANOUT_JOB}:${id}`;

/** Queues a run of each fan-out (at its fire time, from the sweep, at a hand-over), in `trx` when given. */
export function queueFanoutRuns(deps: Pick<Deps, 'jobs'>, ids: string[], trx?: Executor): Promise<void> {
  return deps.jobs.enqueueMany(
    ids.map((fanoutId) => ({ name: FANOUT_JOB, payload: { fanoutId }, options: { jobKey: fanoutKey(fanoutId) } })),
    { trx },
  );
}
/** Contacts per fan-out transaction. */
const BATCH = 500;

export function fanoutPolicy(deps: Pick<Deps, 'config'>): JobRowPolicy<'workflowFanouts'> {
  return { table: 'workflowFanouts', maxAttempts: 10, leaseMs: deps.config.jobLeaseMs };
}

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
  const upTo = (await findMaxContactId(deps.reader, w.projectId)) ?? '';
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
    await queueFanoutRuns(deps, [id], trx);
  });
}

/**
 * Runs (or resumes) a fan-out; safe to run twice, a no-op once it has ended. Once `signal` aborts (the
 * process stops) it ends after the batch in hand and hands the row over to another worker.
 */
export async function runFanout(deps: Deps, fanoutId: string, signal?: AbortSignal): Promise<void> {
  const policy = fanoutPolicy(deps);
  const claimed = await claimJobRow(deps, policy, fanoutId);
  if (!claimed) return;
  const { row, lease } = claimed;
  try {
    const fanout = await findFanout(deps.db, fanoutId);
    const graph = fanout && (await findGraph(deps.reader, fanout.projectId, fanout.workflowId));
    const trigger = graph?.steps.find((s) => s.type === 'TRIGGER');
    const workflow = fanout && (await findWorkflow(deps.reader, fanout.projectId, fanout.workflowId));
    if (!fanout || !trigger || !workflow || workflow.triggerType !== 'SCHEDULE' || !toBool(workflow.enabled)) {
      await finishJobRow(deps, lease, { status: 'failed', reason: 'The workflow is no longer enabled on a schedule.' });
      return;
    }
    const config = fromJson<{ segmentId?: string | null }>(workflow.triggerConfig);
    const env = await loadFilterEnv(deps, fanout.projectId);
    const audience = config.segmentId
      ? { kind: 'segment' as const, segmentId: config.segmentId }
      : { kind: 'all' as const };
    const where = audienceCondition(audience, env, { dialect: deps.dialect, projectId: fanout.projectId });
    let progress = { cursor: row.cursor, started: row.started };
    for (;;) {
      const range = { after: progress.cursor, upTo: row.maxContactId ?? '', limit: BATCH, subscribedOnly: false };
      const contacts = await listAudienceAfter(deps.reader, fanout.projectId, where, range);
      if (contacts.length === 0) break;
      const at = deps.clock.now();
      const event = { id: null, name: 'workflow.schedule', data: { fireAt: new Date(fanout.fireAt).toISOString() } };
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
      const next = { cursor: contacts.at(-1)!.id, started: progress.started };
      await deps.db.transaction().execute(async (trx) => {
        next.started += (await insertExecutions(trx, deps.dialect, starts)).length;
        await advanceJobRow(trx, deps, lease, next);
        await deps.workflowWaker.wake(trx);
      });
      progress = next;
      await nextTurn();
      if (signal?.aborted) return await handOverJobRow(deps, lease, (trx) => queueFanoutRuns(deps, [fanoutId], trx));
    }
  } catch (err) {
    if (err instanceof LeaseLost) return;
    await noteJobRowError(deps, lease, err);
    throw err;
  }
  await finishJobRow(deps, lease, { status: 'completed' });
}
