/**
 * For the workflow crash test: calls to a `serve` process's API, the workflow it runs, the webhook
 * calls per execution, and a kill that strikes inside SEND_EMAIL steps on PostgreSQL.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Deps } from '../../src/deps.ts';
import { until } from '../fixtures/processes.ts';
import type { HttpListener, RecordedRequest } from '../servers/http-listener.ts';

type Json = Record<string, unknown>;
export type Api = (method: string, path: string, body?: object) => Promise<{ status: number; json: Json }>;

/** How long a round of held writes lasts, and for how long rounds look for a held outbox write. */
const HOLD_MS = 300;
const PROBE_MS = 20_000;

export function caller(url: string, auth: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
}

/**
 * Through the API: templates Welcome and Later, and the enabled workflow started by `signup`,
 * TRIGGER → SEND_EMAIL(Welcome) → WEBHOOK(POST hookUrl) → DELAY → SEND_EMAIL(Later) → UPDATE_CONTACT → EXIT.
 */
export async function buildOnboarding(api: Api, hookUrl: string, delayMinutes: number) {
  const template = async (name: string) => {
    const body = {
      name,
      subject: `${name} {{ n }}`,
      body: '<p>{{ n }}</p>',
      type: 'TRANSACTIONAL',
      from: 'hi@shop.test',
    };
    const r = await api('POST', '/templates', body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json.id as string;
  };
  const templates = { welcome: await template('Welcome'), later: await template('Later') };
  const created = await api('POST', '/workflows', { name: 'Onboarding', eventName: 'signup' });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const steps: Record<string, string> = { trigger: (created.json.steps as Json[])[0]!.id as string };
  const chain: [string, string, Json][] = [
    ['welcome', 'SEND_EMAIL', { templateId: templates.welcome }],
    ['hook', 'WEBHOOK', { url: `${hookUrl}/crm`, method: 'POST' }],
    ['delay', 'DELAY', { amount: delayMinutes, unit: 'minutes' }],
    ['later', 'SEND_EMAIL', { templateId: templates.later }],
    ['update', 'UPDATE_CONTACT', { updates: { welcomed: true } }],
    ['exit', 'EXIT', { reason: 'onboarded' }],
  ];
  let from = steps.trigger!;
  for (const [key, type, config] of chain) {
    const step = await api('POST', `/workflows/${id}/steps`, { type, config });
    expect(step.status, JSON.stringify(step.json)).toBe(201);
    const to = step.json.id as string;
    expect((await api('POST', `/workflows/${id}/transitions`, { fromStepId: from, toStepId: to })).status).toBe(201);
    steps[key] = from = to;
  }
  expect((await api('PATCH', `/workflows/${id}`, { enabled: true })).status).toBe(200);
  return { id, steps, templates };
}

/**
 * Tracks `signup` for c0…c{count - 1}@example.test in 8 lanes, in the background. A signup a killed
 * process never answered is sent again to its successor (a repeat starts nothing: a contact enters
 * once). `done` counts the answered ones; `failure` holds the first error, for a caller waiting on
 * something else meanwhile.
 */
export function signUpInBackground(api: Api, count: number) {
  const out: { done: number; failure?: unknown } = { done: 0 };
  let next = 0;
  const one = (i: number) =>
    until(
      async () => {
        const body = { email: `c${i}@example.test`, event: 'signup', data: { n: i } };
        const r = await api('POST', '/v1/track', body).catch(() => undefined);
        if (r) expect(r.status, JSON.stringify(r.json)).toBe(200);
        return r ? true : undefined;
      },
      `signup ${i}`,
      60_000,
    );
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      await one(i);
      out.done++;
    }
  };
  const all = Promise.all(Array.from({ length: 8 }, lane));
  all.catch((err) => {
    out.failure = err;
  });
  return Object.assign(out, { all });
}

const executionOf = (r: RecordedRequest) => ((r.json as Json).execution as Json).id as string;

/** Calls received and delivery ids seen, per execution (the default body names it). */
export function deliveriesByExecution(hook: HttpListener) {
  const by = new Map<string, { calls: number; ids: Set<string> }>();
  for (const r of hook.requests) {
    const e = by.get(executionOf(r)) ?? { calls: 0, ids: new Set<string>() };
    e.calls++;
    e.ids.add(r.headers['x-mailwright-delivery']!);
    by.set(executionOf(r), e);
  }
  return by;
}

export const executionRows = (deps: Deps, workflowId: string) =>
  deps.db
    .selectFrom('workflowExecutions')
    .select(['id', 'contactId', 'status', 'currentStepId', 'exitReason'])
    .where('workflowId', '=', workflowId)
    .execute();

export type Table = 'workflow_step_runs' | 'emails';

/**
 * A lock on `table`, from a connection of its own, that holds every write to it. It conflicts with
 * itself, so one taken while another is held queues behind the writers already waiting: releasing
 * the first lets those writers through, and the second stops every writer after them.
 */
function tableLock(deps: Deps, table: Table) {
  const state: { pid?: number; granted: boolean; failed?: unknown } = { granted: false };
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const done = deps.db.connection().execute(async (conn) => {
    state.pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]!.pid;
    await sql`begin`.execute(conn);
    await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(conn);
    state.granted = true;
    await released;
    await sql`commit`.execute(conn);
  });
  done.catch((err) => {
    state.failed = err;
  });
  const check = (ok: () => Promise<boolean>) => async () => {
    if (state.failed) throw state.failed;
    return (await ok()) ? true : undefined;
  };
  const waiting = async () =>
    state.pid !== undefined &&
    (await sql`select 1 from pg_locks where pid = ${state.pid} and not granted`.execute(deps.db)).rows.length > 0;
  return {
    queued: () =>
      until(
        check(async () => state.granted || (await waiting())),
        `lock on ${table} queued`,
        10_000,
      ),
    held: () =>
      until(
        check(async () => state.granted),
        `lock on ${table} held`,
        30_000,
      ),
    release: async () => {
      release();
      await done;
    },
  };
}

/** Outbox writes held by the lock on `table`, each inside a SEND_EMAIL step (see killInsideStep). */
async function heldOutboxWrites(deps: Deps, table: Table): Promise<number> {
  const r =
    table === 'workflow_step_runs'
      ? // Commits waiting to write their history whose transaction has written an outbox row.
        await sql<{ n: string }>`select count(distinct w.pid) as n from pg_locks w
          join pg_locks e on e.pid = w.pid and e.relation = 'emails'::regclass
            and e.mode = 'RowExclusiveLock' and e.granted
          where w.relation = 'workflow_step_runs'::regclass and not w.granted`.execute(deps.db)
      : await sql<{ n: string }>`select count(distinct w.pid) as n from pg_locks w
          join pg_stat_activity a on a.pid = w.pid and a.query like 'insert into "emails"%'
          where w.relation = 'emails'::regclass and not w.granted`.execute(deps.db);
  return Number(r.rows[0]!.n);
}

/**
 * PostgreSQL: SIGKILLs the process (`kill`) while executions are inside a SEND_EMAIL step, with every
 * write to `table` held (as a long transaction elsewhere would) and let through once per round, so the
 * executions let through stop at their next such write. On workflow_step_runs that is a step's commit:
 * the kill strikes between the outbox row and the move, where an effect committed on its own would be
 * done again by the next process. On emails it is the outbox insert: the kill strikes before the row,
 * where a move committed before its effect would lose the email. Answers how many outbox writes it held.
 */
export async function killInsideStep(deps: Deps, table: Table, kill: () => Promise<void>): Promise<number> {
  const locks = [tableLock(deps, table)];
  try {
    await locks[0]!.held();
    const deadline = Date.now() + PROBE_MS;
    for (;;) {
      // Handlers under way reach the held write and wait there.
      await new Promise((r) => setTimeout(r, HOLD_MS));
      const caught = await heldOutboxWrites(deps, table);
      if (caught > 0 || Date.now() > deadline) {
        await kill();
        return caught;
      }
      const next = tableLock(deps, table);
      locks.push(next);
      await next.queued();
      await locks.shift()!.release();
      await next.held();
    }
  } finally {
    for (const lock of locks) await lock.release();
  }
}
