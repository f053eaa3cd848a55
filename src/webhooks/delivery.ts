/**
 * Event-webhook delivery, a kind of the due-rows worker (jobs/due-rows.ts) that refills its slots:
 * it claims due messages under a lease and sends each the moment a slot frees, never waiting for a
 * batch, so one slow endpoint (10 s per message) holds only its own slots while every other
 * endpoint's messages keep flowing. At most `webhookEndpointConcurrency` messages of one endpoint are
 * in flight at a time; a failing endpoint rests (no message of it is tried) between single probes.
 * Outcomes are written in small groups (lib/batcher.ts), each message's with its attempt and the
 * endpoint's health in one transaction. A worker killed mid-flight loses nothing: its messages stay
 * SENDING until their lease runs out and are sent again, with the same webhook-id.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Deps } from '../deps.ts';
import { DUE_ROWS } from '../jobs/due-row-tables.ts';
import { renewClaimedRows } from '../jobs/due-rows.repo.ts';
import { type DueRowsKind, type DueRowsRun, workDueRows } from '../jobs/due-rows.ts';
import { allOk, batcher } from '../lib/batcher.ts';
import { newId } from '../lib/ids.ts';
import { decryptSecret } from '../lib/secret-box.ts';
import { type AttemptDeps, type AttemptOutcome, type AttemptTarget, attemptDelivery } from './attempt.ts';
import { type EndpointRow, findEndpointsByIds } from './endpoints.repo.ts';
import { afterEndpointFailures, type FailureNote } from './health.ts';
import { claimDueMessages, type MessageOutcome, type MessageRow, recordMessageOutcomes } from './messages.repo.ts';
import { nextRetryAt } from './schedule.ts';
import { secretKey } from './signing.ts';

/** Messages in flight per endpoint, per process (keyed by the process's deps). */
const IN_FLIGHT = new WeakMap<object, Map<string, number>>();

/** The type of the message POST /webhook-endpoints/:id/test sends. */
export const TEST_TYPE = 'webhook.test';

/** While messages are in flight and a claim came back short, look again this often (new messages, rests ending). */
const POLL_MS = 50;
/** Outcomes waiting longer than this are written without waiting for more. */
const WINDOW_MS = 5;
const MAX_GROUP = 100;

/** A claim holds its messages this long: well past the 10 s an attempt may take, so a renewal is rare. */
export function messageLeaseMs(deps: Pick<Deps, 'config'>): number {
  return Math.max(60_000, deps.config.webhookTimeoutMs * 3);
}

interface Done {
  row: MessageRow;
  attempt: AttemptOutcome;
}

/** The keep-alive agents of a process, by pinned target (lib/outbound): connections to a busy endpoint are reused. */
function agentPool() {
  const agents = new Map<string, HttpAgent>();
  return {
    get(key: string, https: boolean) {
      let agent = agents.get(key);
      if (!agent) {
        const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 };
        agent = https ? new HttpsAgent(options) : new HttpAgent(options);
        agents.set(key, agent);
      }
      return agent;
    },
    close() {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    },
  };
}

/** What a message's claimed endpoint needs for an attempt, decrypted once per endpoint state. */
function targets(deps: Pick<Deps, 'db' | 'secrets' | 'clock'>) {
  const held = new Map<string, { stamp: string; target: AttemptTarget; failing: boolean }>();
  return {
    async refresh(ids: string[]) {
      for (const row of await findEndpointsByIds(deps.db, ids)) {
        const stamp = `${row.updatedAt}|${row.failingSince ?? ''}`;
        const had = held.get(row.id);
        if (had && had.stamp === stamp) continue;
        held.set(row.id, { stamp, target: toTarget(deps, row), failing: row.failingSince !== null });
      }
    },
    get: (id: string) => held.get(id),
    markFailing(id: string, failing: boolean) {
      const h = held.get(id);
      if (h) h.failing = failing;
    },
  };
}

function toTarget(deps: Pick<Deps, 'secrets' | 'clock'>, row: EndpointRow): AttemptTarget {
  const keys = [secretKey(decryptSecret(row.secret, deps.secrets.encryptionKey))];
  const until = row.previousSecretUntil ? new Date(row.previousSecretUntil) : undefined;
  if (row.previousSecret && until && until > deps.clock.now()) {
    keys.push(secretKey(decryptSecret(row.previousSecret, deps.secrets.encryptionKey)));
  }
  return { url: row.url, keys };
}

/** The outcome of an attempt as the message's next state. */
function outcomeOf(d: Done): MessageOutcome {
  const { row, attempt } = d;
  // A test answers its one attempt; it is not tried again by itself (its log offers a retry).
  const retry = attempt.ok || row.type === TEST_TYPE ? undefined : nextRetryAt(attempt.at, row.attempts);
  return {
    id: row.id,
    projectId: row.projectId,
    leaseToken: row.leaseToken,
    status: attempt.ok ? 'DELIVERED' : retry ? 'PENDING' : 'FAILED',
    nextAt: retry ?? attempt.at,
    attempt: {
      id: newId(),
      at: attempt.at,
      status: attempt.status,
      body: attempt.body,
      durationMs: attempt.durationMs,
    },
  };
}

/**
 * Writes attempts' outcomes with the endpoints' health (streaks, rests, recovery, disabling) in one
 * transaction, then forgets and mails for endpoints it disabled. `failing` tells which endpoints had
 * a failing streak when their messages were claimed (a success of theirs ends it).
 */
async function commitOutcomes(deps: Deps, group: Done[], failing: (endpointId: string) => boolean) {
  const failures: FailureNote[] = [];
  const recovered = new Set<string>();
  for (const d of group) {
    if (!d.attempt.ok) failures.push({ endpointId: d.row.endpointId, at: d.attempt.at });
    else if (failing(d.row.endpointId)) recovered.add(d.row.endpointId);
  }
  const disabled = await deps.db.transaction().execute(async (trx) => {
    await recordMessageOutcomes(trx, deps.dialect, group.map(outcomeOf));
    return afterEndpointFailures(deps, trx, failures, [...recovered]);
  });
  await disabled.announce();
  return { failures, recovered };
}

/** Writes outcomes in small groups (lib/batcher.ts), keeping the run's view of which endpoints fail. */
function outcomeWriter(deps: Deps, endpoints: ReturnType<typeof targets>) {
  const commit = async (group: Done[]) => {
    const { failures, recovered } = await commitOutcomes(deps, group, (id) => endpoints.get(id)?.failing === true);
    for (const f of failures) endpoints.markFailing(f.endpointId, true);
    for (const id of recovered) endpoints.markFailing(id, false);
  };
  return batcher<Done, void>({
    max: MAX_GROUP,
    windowMs: WINDOW_MS,
    group: async (group) => {
      await commit(group);
      return allOk(group.map(() => undefined));
    },
    alone: (d) => commit([d]),
  });
}

/**
 * Attempts one message claimed by the caller (SENDING under its token) now, and writes the outcome as
 * the worker does: a test message, or a retry a user asked for.
 */
export async function deliverClaimedNow(deps: Deps, row: MessageRow, endpoint: EndpointRow): Promise<AttemptOutcome> {
  const attempt = await attemptDelivery(deps, toTarget(deps, endpoint), row.id, row.payload);
  await commitOutcomes(deps, [{ row, attempt }], () => endpoint.failingSince !== null);
  return attempt;
}

/** What one delivery run shares across its claims. */
interface Run {
  attemptDeps: AttemptDeps;
  endpoints: ReturnType<typeof targets>;
  write: (d: Done) => Promise<void>;
  /** Messages in flight per endpoint, shared by every run of the process. */
  inFlight: Map<string, number>;
}

/**
 * Attempts one claimed message and writes its outcome; never throws. A delivered message's slot (and
 * its endpoint's) frees as soon as it was answered, while its outcome is written (it stays SENDING
 * under its lease until then). A failure keeps its slot until written, so the endpoint's rest is
 * recorded before another of its messages can be claimed.
 */
async function deliverOne(deps: Deps, run: Run, row: MessageRow, release: () => void): Promise<boolean> {
  let held = true;
  const free = () => {
    if (!held) return;
    held = false;
    const n = (run.inFlight.get(row.endpointId) ?? 1) - 1;
    if (n === 0) run.inFlight.delete(row.endpointId);
    else run.inFlight.set(row.endpointId, n);
    release();
  };
  try {
    const target = run.endpoints.get(row.endpointId)?.target;
    const attempt: AttemptOutcome = target
      ? await attemptDelivery(run.attemptDeps, target, row.id, row.payload)
      : { at: deps.clock.now(), ok: false, status: null, body: 'endpoint not found', durationMs: 0, refused: false };
    if (attempt.ok) free();
    await run.write({ row, attempt });
    return attempt.ok;
  } catch (err) {
    // The outcome could not be written: the message stays SENDING and comes back when its lease ends.
    deps.log.error({ err, messageId: row.id }, 'webhook outcome not recorded; the lease hands the message back');
    return false;
  } finally {
    free();
  }
}

/**
 * Messages as due rows, refilled as slots free: at most `webhookDeliveryConcurrency` in flight, and
 * `webhookEndpointConcurrency` of one endpoint (an endpoint at its cap is left out of the claim).
 */
function messageRows(deps: Deps, run: Run): DueRowsKind<MessageRow, undefined> {
  const perEndpoint = deps.config.webhookEndpointConcurrency;
  const total = deps.config.webhookDeliveryConcurrency;
  return {
    leaseMs: messageLeaseMs(deps),
    batchSize: total,
    concurrency: total,
    stopWhenShort: false,
    // A claim is a statement over the due range: under load, one per freed slot would cost more than
    // the attempts it feeds, so a busy worker claims again once a quarter of its slots are free.
    refill: { minFree: Math.max(1, Math.floor(total / 4)), pollMs: POLL_MS },
    claim: (c) =>
      claimDueMessages(deps.db, deps.dialect, {
        ...c,
        perEndpoint,
        skipEndpoints: [...run.inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id),
      }),
    renew: (rows, c, until) =>
      renewClaimedRows(deps.db, deps.dialect, DUE_ROWS.webhookMessages, {
        ids: rows.map((r) => r.id),
        token: c.token,
        until,
      }),
    begin: async (rows) => {
      await run.endpoints.refresh([...new Set(rows.map((r) => r.endpointId))]);
      for (const row of rows) run.inFlight.set(row.endpointId, (run.inFlight.get(row.endpointId) ?? 0) + 1);
      return { rows, batch: undefined };
    },
    work: (row, _batch, release) => deliverOne(deps, run, row, release),
  };
}

/**
 * Delivers due messages until none is due or in flight, `budgetMs` has passed or `signal` aborts
 * (then after the attempts in flight, which the 10 s timeout bounds), on the due-rows worker.
 */
export async function deliverDueMessages(deps: Deps, budgetMs: number, signal?: AbortSignal): Promise<DueRowsRun> {
  // Connections are reused within a run (a run lasts up to its budget) and closed with it.
  const agents = agentPool();
  const endpoints = targets(deps);
  // Shared by every run of this process (the wake-up, the come-back and the cron run may overlap), so
  // the per-endpoint cap holds per process, not per run.
  const inFlight = IN_FLIGHT.get(deps) ?? new Map<string, number>();
  IN_FLIGHT.set(deps, inFlight);
  const run: Run = {
    attemptDeps: { ...deps, agents: agents.get },
    endpoints,
    write: outcomeWriter(deps, endpoints),
    inFlight,
  };
  try {
    return await workDueRows(deps, messageRows(deps, run), budgetMs, signal);
  } finally {
    agents.close();
  }
}
