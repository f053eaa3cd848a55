/**
 * The event-webhook delivery worker: claims due messages under a lease and sends each the moment a
 * slot frees, never waiting for a batch, so one slow endpoint (10 s per message) holds only its own
 * slots while every other endpoint's messages keep flowing. At most `webhookEndpointConcurrency`
 * messages of one endpoint are claimed at a time; a failing endpoint rests (no message of it is tried)
 * between single probes. Outcomes are written in small groups (lib/batcher.ts), each message's with its
 * attempt and the endpoint's health in one transaction. A worker killed mid-flight loses nothing:
 * its messages stay SENDING until their lease runs out and are sent again, with the same webhook-id.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../deps.ts';
import type { DueRowsRun } from '../jobs/due-rows.ts';
import { allOk, batcher } from '../lib/batcher.ts';
import { newId } from '../lib/ids.ts';
import { decryptSecret } from '../lib/secret-box.ts';
import { type AttemptOutcome, type AttemptTarget, attemptDelivery } from './attempt.ts';
import { type EndpointRow, findEndpointsByIds } from './endpoints.repo.ts';
import { afterEndpointFailures, type FailureNote } from './health.ts';
import { claimDueMessages, type MessageOutcome, type MessageRow, recordMessageOutcomes } from './messages.repo.ts';
import { nextRetryAt } from './schedule.ts';
import { secretKey } from './signing.ts';

/** Messages in flight per endpoint, per process (keyed by the process's deps). */
const IN_FLIGHT = new WeakMap<object, Map<string, number>>();

/** The type of the message POST /webhook-endpoints/:id/test sends. */
export const TEST_TYPE = 'webhook.test';

/** While messages are in flight and none was claimable, look again this often (new messages, rests ending). */
const POLL_MS = 50;
/** Outcomes waiting longer than this are written without waiting for more. */
const WINDOW_MS = 5;
const MAX_GROUP = 100;

/** A claim holds its messages this long: well past the 10 s an attempt may take, so no renewal is needed. */
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

/**
 * Delivers due messages until none is due or in flight, `budgetMs` has passed or `signal` aborts
 * (then after the attempts in flight, which the 10 s timeout bounds).
 */
export async function deliverDueMessages(deps: Deps, budgetMs: number, signal?: AbortSignal): Promise<DueRowsRun> {
  // Connections are reused within a run (a run lasts up to its budget) and closed with it.
  const agents = agentPool();
  const endpoints = targets(deps);
  const write = outcomeWriter(deps, endpoints);
  const perEndpoint = deps.config.webhookEndpointConcurrency;
  const total = deps.config.webhookDeliveryConcurrency;
  const minClaim = Math.max(1, Math.floor(total / 4));
  // Shared by every run of this process (the wake-up, the come-back and the cron run may overlap), so
  // the per-endpoint cap holds per process, not per run.
  const inFlight = IN_FLIGHT.get(deps) ?? new Map<string, number>();
  IN_FLIGHT.set(deps, inFlight);
  let flying = 0;
  /** Slots freed so far in this run. */
  let freed = 0;
  let settled: () => void = () => {};
  let oneSettled = new Promise<void>((r) => {
    settled = r;
  });
  const out: DueRowsRun = { claimed: 0, done: 0 };
  const started = Date.now();
  const attemptDeps = { ...deps, agents: agents.get };
  // Outcomes still being written: the run ends after them.
  const writing = new Set<Promise<void>>();
  const work = async (row: MessageRow) => {
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const n = (inFlight.get(row.endpointId) ?? 1) - 1;
      if (n === 0) inFlight.delete(row.endpointId);
      else inFlight.set(row.endpointId, n);
      flying--;
      freed++;
      settled();
      oneSettled = new Promise<void>((r) => {
        settled = r;
      });
    };
    try {
      const target = endpoints.get(row.endpointId)?.target;
      const attempt: AttemptOutcome = target
        ? await attemptDelivery(attemptDeps, target, row.id, row.payload)
        : { at: deps.clock.now(), ok: false, status: null, body: 'endpoint not found', durationMs: 0, refused: false };
      // A delivered message's slot frees as soon as it was answered, while its outcome is written (it
      // stays SENDING under its lease until then). A failure keeps its slot until written, so the
      // endpoint's rest is recorded before another of its messages can be claimed.
      if (attempt.ok) release();
      await write({ row, attempt });
      if (attempt.ok) out.done++;
    } catch (err) {
      // The outcome could not be written: the message stays SENDING and comes back when its lease ends.
      deps.log.error({ err, messageId: row.id }, 'webhook outcome not recorded; the lease hands the message back');
    } finally {
      release();
    }
  };
  /** Resolves once `n` more slots have freed, nothing flies, or POLL_MS has passed. */
  const untilFreed = async (n: number) => {
    const target = freed + n;
    const deadline = Date.now() + POLL_MS;
    while (freed < target && flying > 0 && Date.now() < deadline) {
      await Promise.race([oneSettled, sleep(deadline - Date.now())]);
    }
  };
  const start = (row: MessageRow) => {
    const done = work(row);
    writing.add(done);
    void done.finally(() => writing.delete(done));
  };
  while (Date.now() - started < budgetMs && !signal?.aborted) {
    const free = total - flying;
    // A claim is a statement over the due range: under load, one per freed slot would cost more than
    // the attempts it feeds, so a busy worker waits until a quarter of its slots are free.
    if (free <= 0 || (flying > 0 && free < minClaim)) {
      await oneSettled;
      continue;
    }
    const now = deps.clock.now();
    const rows = await claimDueMessages(deps.db, deps.dialect, {
      now,
      leaseUntil: new Date(now.getTime() + messageLeaseMs(deps)),
      token: newId(),
      limit: free,
      perEndpoint,
      skipEndpoints: [...inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id),
    });
    if (rows.length > 0) {
      out.claimed += rows.length;
      await endpoints.refresh([...new Set(rows.map((r) => r.endpointId))]);
      for (const row of rows) {
        inFlight.set(row.endpointId, (inFlight.get(row.endpointId) ?? 0) + 1);
        flying++;
        start(row);
      }
    }
    if (rows.length === 0 && flying === 0) break;
    // Less than a full claim: what may be sent now is all in hand (the endpoints' own caps bind, or
    // nothing more is due). Look again once a quarter of what flies has ended, or shortly: a claim
    // per ended message would cost more than the messages.
    if (rows.length < free) await untilFreed(Math.max(1, Math.ceil(flying / 4)));
  }
  // Every started message is in `writing` until its slot is freed and its outcome written.
  await Promise.all(writing);
  agents.close();
  return out;
}
