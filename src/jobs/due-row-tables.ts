/**
 * The tables that hold due work, each declared once as data: a row is worked when its due column has
 * passed while its status is active. A claim makes it `held` under a fresh token in `lease_token` and
 * moves its due column to the lease's end, so fresh, retried and abandoned rows are one range and a
 * killed worker's rows fall due again when the lease runs out. The fence of every write of a claim
 * (renewal, outcome, hand-back) is the same for all: the row is still `held` under the claim's
 * token. The SQL over these declarations is in due-rows.repo.ts; the loop that works them in
 * due-rows.ts.
 *
 * Job rows (job-rows.repo.ts: imports, bulk jobs, fan-outs) are not due rows: each is claimed alone
 * by id and fenced by its attempt count, which only grows there, so it is a token already. A due
 * row's count goes back (an outbox row handed back uncounted, an execution counting each step's runs
 * afresh), so it could not fence a claim: hence the token column here.
 */
import type { Database } from '../db/schema.ts';

/** A table of due rows: it has `id`, `status`, `attempts` and `lease_token` columns. */
export interface DueRowTable<T extends DueTableName> {
  /** The table as Kysely names it (camelCase; the plugin maps it to SQL). */
  table: T;
  /** When the row falls due; while it is held, the end of its claim's lease. */
  due: keyof Database[T] & string;
  /**
   * The statuses a claim may take a row in. Written into the SQL as literals, not bound: a partial
   * index (`status in (…)`) serves only queries whose WHERE visibly implies its own, and a planner
   * cannot see through parameters.
   */
  active: readonly StatusOf<T>[];
  /** The status of a row a claim holds; with its token, the fence of every write of the claim. */
  held: StatusOf<T>;
  /** The column holding the claim's token. */
  token: 'leaseToken';
  /** A column that keeps the lease's end apart from the due column, where the table has one. */
  leaseUntil?: keyof Database[T] & string;
  /** The claim's pick order: the columns its due index is ordered by. */
  order: readonly (keyof Database[T] & string)[];
}

export type DueTableName = 'emails' | 'workflowExecutions' | 'webhookMessages';
/** Any one of the declared tables. */
export type AnyDueRowTable = { [T in DueTableName]: DueRowTable<T> }[DueTableName];
type StatusOf<T extends DueTableName> = Database[T]['status'];

/** The due-row tables, by name. A table that comes to hold due work is declared here. */
export const DUE_ROWS: { [T in DueTableName]: DueRowTable<T> } = {
  // The outbox: PENDING until sent; emails_due_idx orders transactional mail first.
  emails: {
    table: 'emails',
    due: 'nextAttemptAt',
    active: ['PENDING', 'SENDING'],
    held: 'SENDING',
    token: 'leaseToken',
    leaseUntil: 'leaseUntil',
    order: ['priority', 'nextAttemptAt', 'id'],
  },
  // Workflow executions: RUNNING and due now, or WAITING until a delay or timeout ends (due_at null:
  // waiting for an event only).
  workflowExecutions: {
    table: 'workflowExecutions',
    due: 'dueAt',
    active: ['RUNNING', 'WAITING'],
    held: 'RUNNING',
    token: 'leaseToken',
    leaseUntil: 'leaseUntil',
    order: ['dueAt'],
  },
  // Event-webhook messages: PENDING until delivered or out of attempts.
  webhookMessages: {
    table: 'webhookMessages',
    due: 'nextAttemptAt',
    active: ['PENDING', 'SENDING'],
    held: 'SENDING',
    token: 'leaseToken',
    order: ['nextAttemptAt', 'id'],
  },
};
