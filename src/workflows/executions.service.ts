/**
 * Executions through the API: a manual start (reentry rules and all, as for a trigger), the list with
 * a status filter, one execution with its per-step history, and cancelling one or all. A cancel is a
 * conditional update: a step being run meanwhile fails its fenced move and rolls back.
 */
import { getContact } from '../contacts/contacts.service.ts';
import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { insertExecutions } from './engine/executions.repo.ts';
import * as repo from './executions.repo.ts';
import { toExecutionSummary, toStepRunView } from './views.ts';
import { findGraph } from './workflows.repo.ts';
import type {
  CancelAllResult,
  ExecutionSummary,
  ExecutionView,
  ListExecutionsQuery,
  StartExecutionBody,
} from './workflows.schemas.ts';
import { getWorkflowRow } from './workflows.service.ts';

/** `total` of a filtered list is exact below this and this number at or above it. */
const TOTAL_CAP = 10_000;
const CANCEL_SLICE = 5000;
const CONTEXT_MAX_BYTES = 64 * 1024;

type ExecDeps = Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock' | 'workflowWaker' | 'topics'>;

async function executionRow(deps: Pick<Deps, 'reader'>, projectId: string, workflowId: string, id: string) {
  const row = isUuid(id) ? await repo.findExecution(deps.reader, projectId, workflowId, id) : undefined;
  if (!row) throw notFound('EXECUTION');
  return row;
}

/** One execution with the steps it finished, in order. */
export async function getExecution(deps: Pick<Deps, 'reader'>, projectId: string, workflowId: string, id: string) {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const row = await executionRow(deps, projectId, workflowId, id);
  const runs = await repo.listStepRuns(deps.reader, projectId, row.id);
  return { ...toExecutionSummary(row), steps: runs.map(toStepRunView) } satisfies ExecutionView;
}

/**
 * Starts an execution of an enabled workflow for one contact of the project, with an optional
 * context. 409 when the workflow is disabled or the reentry rules keep the contact out.
 */
export async function startExecution(
  deps: ExecDeps,
  projectId: string,
  workflowId: string,
  body: StartExecutionBody,
): Promise<ExecutionView> {
  const workflow = await getWorkflowRow(deps.reader, projectId, workflowId);
  const context = body.context ?? {};
  if (Buffer.byteLength(JSON.stringify(context)) > CONTEXT_MAX_BYTES) {
    throw invalid('context', 'must be at most 64 KB of JSON', 'TOO_LONG');
  }
  if (!isUuid(body.contactId)) throw notFound('CONTACT');
  await getContact(deps, projectId, body.contactId);
  if (!toBool(workflow.enabled)) throw conflict('The workflow is disabled: enable it before starting executions.');
  const { steps } = await findGraph(deps.reader, projectId, workflowId);
  const trigger = steps.find((s) => s.type === 'TRIGGER')!;
  const id = newId();
  const started = await deps.db.transaction().execute(async (trx) => {
    const ids = await insertExecutions(trx, deps.dialect, [
      {
        id,
        projectId,
        workflowId,
        contactId: body.contactId,
        allowReentry: toBool(workflow.allowReentry),
        stepId: trigger.id,
        event: {},
        context,
        at: deps.clock.now(),
      },
    ]);
    if (ids.length > 0) await deps.workflowWaker.wake(trx);
    return ids.length > 0;
  });
  if (!started) {
    throw conflict(
      toBool(workflow.allowReentry)
        ? 'The contact is already in this workflow (a running or waiting execution).'
        : 'The contact has already been through this workflow, which does not allow reentry.',
    );
  }
  return getExecution(deps, projectId, workflowId, id);
}

/** A cursor page of the workflow's executions, newest first, optionally of one status. */
export async function listExecutions(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  workflowId: string,
  query: ListExecutionsQuery,
): Promise<CursorPage<ExecutionSummary>> {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const beforeId = decodeCursor(query.cursor);
  const rows = await repo.listExecutions(deps.reader, projectId, workflowId, {
    status: query.status,
    beforeId,
    limit: query.limit,
  });
  const count = () => repo.countExecutions(deps.reader, projectId, workflowId, query.status, TOTAL_CAP);
  return toCursorPage(rows, query.limit, beforeId === undefined, count, toExecutionSummary);
}

/** Cancels a RUNNING or WAITING execution; 409 when it has ended already. */
export async function cancelExecution(deps: ExecDeps, projectId: string, workflowId: string, id: string) {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  const before = await executionRow(deps, projectId, workflowId, id);
  const row = await repo.cancelExecution(deps.db, projectId, workflowId, id, deps.clock.now());
  if (!row)
    throw conflict(`The execution has ended (${before.status}); only a running or waiting one can be cancelled.`);
  return getExecution(deps, projectId, workflowId, id);
}

/** Cancels every active execution of the workflow, a slice per statement; answers how many. */
export async function cancelAllExecutions(
  deps: ExecDeps,
  projectId: string,
  workflowId: string,
): Promise<CancelAllResult> {
  await getWorkflowRow(deps.reader, projectId, workflowId);
  let cancelled = 0;
  for (;;) {
    const n = await repo.cancelActiveSlice(deps.db, projectId, workflowId, CANCEL_SLICE, deps.clock.now());
    cancelled += n;
    if (n < CANCEL_SLICE) return { cancelled };
  }
}
