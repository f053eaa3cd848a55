/**
 * The webhooks of executions a turn ends: workflow.execution.completed (COMPLETED or EXITED) and
 * workflow.execution.failed, written in the transaction that ends them.
 */
import type { Trx } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import type { ExecutionRow, ExecutionState } from './executions.repo.ts';

/** Who an execution is, as its end's webhook names it. */
export type ExecutionIdentity = Pick<ExecutionRow, 'id' | 'projectId' | 'workflowId' | 'contactId' | 'startedAt'>;

export function identityOf(row: ExecutionRow): ExecutionIdentity {
  const { id, projectId, workflowId, contactId, startedAt } = row;
  return { id, projectId, workflowId, contactId, startedAt };
}

export async function announceEnded(
  deps: Pick<Deps, 'webhooks' | 'clock'>,
  trx: Trx,
  moves: Array<{ state: ExecutionState; execution: ExecutionIdentity }>,
): Promise<void> {
  const ended = moves.filter((m) => ['COMPLETED', 'EXITED', 'FAILED'].includes(m.state.status));
  for (const { state, execution } of ended) {
    const { id, projectId, workflowId, contactId, startedAt } = execution;
    const failed = state.status === 'FAILED';
    const type = failed ? 'workflow.execution.failed' : 'workflow.execution.completed';
    if (!(await deps.webhooks.wants(trx, projectId, [type]))) continue;
    const data = {
      executionId: id,
      workflowId,
      contactId,
      status: state.status,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(state.endedAt ?? deps.clock.now()).toISOString(),
      ...(failed && { error: state.lastError }),
      ...(state.status === 'EXITED' && { exitReason: state.exitReason }),
    };
    await deps.webhooks.announce(trx, projectId, [{ type, data }]);
  }
}
