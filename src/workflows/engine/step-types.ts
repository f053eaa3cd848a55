/**
 * What a step handler is given and what it answers (steps.ts runs them; execute.ts commits the answer).
 * Types only, so the handlers in their own files and the dispatch in steps.ts import one another in
 * one direction.
 */
import type { Trx } from '../../db/index.ts';
import type { ExecutionStatus } from '../../db/workflow-tables.ts';
import type { EmailToSend } from '../../emails/enqueue.ts';
import type { ExecutionRow } from './executions.repo.ts';
import type { Graph, Step, Way } from './graph.ts';

type Json = Record<string, unknown>;

export type StepOutcome =
  | {
      kind: 'next';
      way?: Way;
      status?: 'COMPLETED' | 'SKIPPED';
      output?: Json;
      /** The step's effect, written in the move's transaction. */
      effect?: (trx: Trx) => Promise<void>;
      /** Outbox rows written with the move (with the other executions' of its transaction). */
      emails?: EmailToSend[];
      /** The execution's latest event from now on (an awaited event that arrived). */
      event?: Json;
      /** After the commit (a wake-up). */
      after?: () => Promise<void> | void;
    }
  | {
      kind: 'wait';
      dueAt: Date | null;
      waitingEvent?: string;
      /** Run in the commit's transaction: another outcome instead of the wait (an event already came). */
      settle?: (trx: Trx) => Promise<StepOutcome | undefined>;
    }
  | { kind: 'retry'; dueAt: Date; error: string }
  | { kind: 'exit'; reason: string | null; output?: Json }
  | { kind: 'fail'; error: string; output?: Json }
  | { kind: 'end'; status: ExecutionStatus; error?: string };

export interface StepInput {
  row: ExecutionRow;
  graph: Graph;
  step: Step;
  now: Date;
  /** Reads what the batch's executions share once per batch (see run.ts). */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}
