/**
 * Runs one claimed execution forward, step by step, until it waits, ends or has had its turn. Each
 * step's effect (an outbox row, a contact update) and the move to the next step commit in ONE
 * transaction fenced to the claim, so a crash repeats no effect and loses no step: either both
 * happened or neither did, and the execution is taken up again where the last commit left it.
 */
import { toJson } from '../../db/codecs.ts';
import type { Trx } from '../../db/index.ts';
import type { TransactionGroup } from '../../db/transaction-group.ts';
import type { ExecutionStatus } from '../../db/workflow-tables.ts';
import type { Deps } from '../../deps.ts';
import { type EmailToSend, enqueue } from '../../emails/enqueue.ts';
import { AppError } from '../../errors.ts';
import { LeaseLost } from '../../jobs/job-rows.ts';
import { newId } from '../../lib/ids.ts';
import { announceEnded, type ExecutionIdentity, identityOf } from './ended-webhooks.ts';
import {
  type ExecClaim,
  type ExecutionMove,
  type ExecutionRow,
  type ExecutionState,
  insertStepRuns,
  moveClaimedMany,
} from './executions.repo.ts';
import { type Graph, nextStepId, type Step } from './graph.ts';
import { runStep, type StepInput, type StepOutcome } from './steps.ts';

/** Steps one claim runs for an execution before it gives the others a turn (a graph has no spinning cycle). */
const STEPS_PER_TURN = 50;
/** Claims of one step that end without progress (crashes) before the execution fails. */
export const MAX_STEP_RUNS = 5;
const ERROR_MAX = 1000;

export interface Running {
  row: ExecutionRow;
  claim: ExecClaim;
  /** The claim's lease end, moved forward by the run's renewals. */
  lease: { until: Date };
  graphOf(projectId: string, workflowId: string): Promise<Graph | undefined>;
  once: StepInput['once'];
  /** Runs a step's commit: the batch's executions committing in one turn share one transaction. */
  transaction: TransactionGroup<DeferredMove>;
}

const cut = (s: string) => s.slice(0, ERROR_MAX);

/**
 * Steps with no effect (TRIGGER, CONDITION, an elapsed DELAY) not committed yet: their moves are in
 * the row the run carries on with, their history rows here, and both commit with the next step that
 * has an effect, or with the wait or end that follows. Nothing of them exists before that commit, so
 * a crash in between only makes the execution walk them again.
 */
interface Carried {
  history: NonNullable<ReturnType<typeof historyOf>>[];
}

/** Runs the execution until it waits or ends (or has had STEPS_PER_TURN steps); never throws except LeaseLost. */
export async function runExecution(deps: Deps, run: Running): Promise<void> {
  let row = run.row;
  const carried: Carried = { history: [] };
  for (let i = 0; i < STEPS_PER_TURN; i++) {
    const graph = await run.graphOf(row.projectId, row.workflowId);
    const step = graph && row.currentStepId ? graph.steps.get(row.currentStepId) : undefined;
    let outcome: StepOutcome;
    if (!graph) outcome = { kind: 'end', status: 'CANCELLED', error: 'the workflow was deleted' };
    else if (!step) outcome = { kind: 'fail', error: 'the step the execution was at no longer exists' };
    else if (row.attempts > limitFor(deps, step.type)) {
      outcome = { kind: 'fail', error: row.lastError ?? `the step was interrupted ${row.attempts - 1} times` };
    } else {
      try {
        outcome = await runStep(deps, { row, graph, step, now: deps.clock.now(), once: run.once });
      } catch (err) {
        await record(deps, run, row, afterError(deps, row, err), { graph, step, carried });
        return;
      }
    }
    let next: ExecutionRow | undefined;
    try {
      next = await record(deps, run, row, outcome, { graph, step, carried });
    } catch (err) {
      // The commit failed and rolled back whole (an UPDATE_CONTACT refused by the data rules, the database).
      if (err instanceof LeaseLost) throw err;
      await record(deps, run, row, afterError(deps, row, err), { graph, step, carried });
      return;
    }
    if (!next) return;
    row = next;
  }
  // Its turn is over: due now again, so the next claim (of any worker) carries on after the others.
  // The step it is at has not run: that claim is its first run.
  const release = { dueAt: deps.clock.now(), attempts: 0, leaseToken: null, leaseUntil: null };
  await run.transaction(async (_trx, defer) => deferMove(defer, { run, row, carried, move: release }));
}

/** An execution's move as the transaction group writes it, with others, at the end of its transaction. */
export interface DeferredMove {
  claim: ExecClaim;
  state: ExecutionState;
  history: NonNullable<ReturnType<typeof historyOf>>[];
  emails: EmailToSend[];
  /** Who the execution is, for the webhook of its end. */
  execution: ExecutionIdentity;
}

/** The execution's whole state once `move` is applied to `row` (which holds what was carried). */
function stateAfter(row: ExecutionRow, move: ExecutionMove): ExecutionState {
  const next = { ...row, ...move } as unknown as ExecutionState & { event: unknown };
  const event = typeof next.event === 'string' ? JSON.parse(next.event) : next.event;
  return { ...next, event: (event ?? {}) as Record<string, unknown> };
}

/**
 * Hands the carried history and moves, `move` with the step's own history, and the step's outbox rows
 * to the transaction's flush, which writes them fenced to the claim with the other executions'.
 */
function deferMove(
  defer: (write: DeferredMove) => void,
  at: { run: Running; row: ExecutionRow; carried: Carried; move: ExecutionMove; history?: Carried['history'][number] },
  emails: EmailToSend[] = [],
): void {
  const { run, carried, move, history } = at;
  const rows = history ? [...carried.history, history] : carried.history;
  defer({ claim: run.claim, state: stateAfter(at.row, move), history: rows, emails, execution: identityOf(at.row) });
}

/**
 * Writes the deferred moves of one grouped transaction: outbox rows, step history and moves in three
 * statements, whatever their number; throws LeaseLost when a claim no longer holds.
 */
export async function flushMoves(
  trx: Trx,
  deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'deliveryWaker' | 'webhooks'>,
  writes: DeferredMove[],
) {
  await enqueue(
    deps,
    trx,
    writes.flatMap((w) => w.emails),
    { skipDuplicates: true },
  );
  await insertStepRuns(
    trx,
    writes.flatMap((w) => w.history),
  );
  const moved = await moveClaimedMany(trx, deps.dialect, writes);
  const lost = writes.find((w) => !moved.has(w.claim.id));
  if (lost) throw new LeaseLost({ id: lost.claim.id, attempt: 0 });
  await announceEnded(deps, trx, writes);
}

/**
 * What an error thrown by a step or its commit means: a refusal of ours (a 4xx AppError: the contact is
 * gone, the data rules refuse the write) fails the step; anything else (a bug, the database) is tried
 * again by a later claim, with a growing pause, until the step's runs are spent.
 */
function afterError(deps: Deps, row: ExecutionRow, err: unknown): StepOutcome {
  if (err instanceof AppError && err.statusCode < 500) return { kind: 'fail', error: err.message };
  deps.log.error({ err, executionId: row.id }, 'workflow step failed unexpectedly');
  const dueAt = new Date(deps.clock.now().getTime() + 5000 * Math.max(1, row.attempts));
  return { kind: 'retry', dueAt, error: String(err) };
}

/** WEBHOOK counts its calls (each retry is a claim); other steps their interrupted runs. */
function limitFor(deps: Pick<Deps, 'config'>, type: string): number {
  return type === 'WEBHOOK' ? deps.config.webhookMaxAttempts : MAX_STEP_RUNS;
}

/**
 * Records the outcome: the step's effect, its history row and the move, with whatever is carried, in
 * one transaction fenced to the claim. A step with no effect that leads on is carried instead of
 * committed. Returns the execution as it now is when it goes on RUNNING in this run, else undefined.
 */
async function record(
  deps: Deps,
  run: Running,
  row: ExecutionRow,
  outcome: StepOutcome,
  at: { graph: Graph | undefined; step: Step | undefined; carried: Carried },
): Promise<ExecutionRow | undefined> {
  const { graph, step, carried } = at;
  const now = deps.clock.now();
  const leadsOn = (move: ExecutionMove) => move.currentStepId !== undefined;
  if (outcome.kind === 'next' && !outcome.effect && !outcome.emails && !outcome.after) {
    const move = moveFor(row, outcome, graph, now, run.lease.until);
    if (leadsOn(move)) {
      const history = step && historyOf(row, step, outcome, now);
      if (history) carried.history.push(history);
      return { ...row, ...move } as ExecutionRow;
    }
  }
  let move: ExecutionMove = {};
  // On a throw nothing was written, the carried moves included: they stay carried for the caller.
  await run.transaction(async (trx, defer) => {
    const final = (outcome.kind === 'wait' && (await outcome.settle?.(trx))) || outcome;
    if (final.kind === 'next' && final.effect) await final.effect(trx);
    move = moveFor(row, final, graph, now, run.lease.until);
    const history = step && historyOf(row, step, final, now);
    deferMove(defer, { run, row, carried, move, history }, final.kind === 'next' ? final.emails : []);
  });
  carried.history = [];
  if (outcome.kind === 'next') await outcome.after?.();
  // Moved on to another step and still holding the claim: the run carries on with it.
  return leadsOn(move) ? ({ ...row, ...move } as ExecutionRow) : undefined;
}

/** The execution's columns after `outcome`. */
function moveFor(
  row: ExecutionRow,
  outcome: StepOutcome,
  graph: Graph | undefined,
  now: Date,
  leaseUntil: Date,
): ExecutionMove {
  const ended = (status: ExecutionStatus, extra: ExecutionMove = {}): ExecutionMove => ({
    status,
    dueAt: null,
    leaseToken: null,
    leaseUntil: null,
    waitingEvent: null,
    // A retry's error does not outlive the step that got past it (FAILED and the like set their own).
    lastError: null,
    endedAt: now,
    updatedAt: now,
    ...extra,
  });
  switch (outcome.kind) {
    case 'wait':
      return {
        status: 'WAITING',
        dueAt: outcome.dueAt,
        waitingEvent: outcome.waitingEvent ?? null,
        leaseToken: null,
        leaseUntil: null,
        resume: null,
        updatedAt: now,
      };
    case 'retry':
      return {
        dueAt: outcome.dueAt,
        leaseToken: null,
        leaseUntil: null,
        lastError: cut(outcome.error),
        updatedAt: now,
      };
    case 'exit':
      return ended('EXITED', { exitReason: outcome.reason });
    case 'fail':
      return ended('FAILED', { lastError: cut(outcome.error) });
    case 'end':
      return ended(outcome.status, outcome.error ? { lastError: cut(outcome.error) } : {});
    case 'next': {
      const to = graph ? nextStepId(graph, row.currentStepId!, outcome.way) : undefined;
      if (!to) return ended('COMPLETED', outcome.event ? { event: toJson(outcome.event) } : {});
      return {
        ...(outcome.event ? { event: toJson(outcome.event) } : {}),
        currentStepId: to,
        stepToken: newId(),
        stepEnteredAt: now,
        // This run carries on with the next step under its claim: that is the step's first run (a
        // WEBHOOK's first call), as a claim's increment makes it for a step reached by a claim.
        attempts: 1,
        resume: null,
        waitingEvent: null,
        lastError: null,
        dueAt: leaseUntil,
        updatedAt: now,
      };
    }
  }
}

/** The history row of a step that finished (or failed); none for a wait or a retry. */
function historyOf(row: ExecutionRow, step: Step, outcome: StepOutcome, now: Date) {
  if (outcome.kind === 'wait' || outcome.kind === 'retry' || outcome.kind === 'end') return undefined;
  const status =
    outcome.kind === 'fail' ? 'FAILED' : outcome.kind === 'next' ? (outcome.status ?? 'COMPLETED') : 'COMPLETED';
  return {
    id: newId(),
    executionId: row.id,
    projectId: row.projectId,
    stepId: step.id,
    stepType: step.type,
    status,
    output: JSON.stringify(outcome.output ?? {}),
    error: outcome.kind === 'fail' ? cut(outcome.error) : null,
    attempts: Math.max(1, row.attempts),
    startedAt: row.stepEnteredAt,
    finishedAt: now,
  } as const;
}
