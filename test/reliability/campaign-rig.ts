/**
 * What the campaign scenarios of the reliability suite share: contacts written straight to the table
 * in multi-row batches, a campaign created and sent through the API, the rows in flight (SENDING)
 * at a fault, and the tally of what the SMTP sink received against who should have received it.
 */

import { expect } from 'vitest';
import type { Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';
import { until } from '../fixtures/processes.ts';
import { apiClient, type Cluster } from './cluster.ts';
import type { CountedMessage, CountingSink } from './counting-sink.ts';

/** The sender's domain: Message-IDs are `<email id@FROM_DOMAIN>`. */
export const FROM_DOMAIN = 'shop.test';
const ROWS_PER_INSERT = 1000;

/**
 * The processes' environment: SMTP to the sink, no verified domain needed, no send rate to speak of,
 * delivery tuned for throughput on two cores, and short leases, so a dead worker's rows and fan-out
 * come back within seconds.
 */
export function sendingEnv(sink: CountingSink): Record<string, string> {
  return {
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    REQUIRE_VERIFIED_DOMAIN: 'false',
    SEND_RATE_PER_SECOND: '100000',
    DELIVERY_CONCURRENCY: '40',
    DELIVERY_BATCH_SIZE: '200',
    SMTP_POOL_SIZE: '20',
    DELIVERY_LEASE_SECONDS: '5',
    JOB_LEASE_SECONDS: '2',
  };
}

export interface Audience {
  /** Addresses of the subscribed contacts: each must get the campaign exactly once; nobody else any. */
  subscribed: string[];
}

/** Writes `subscribed` + `unsubscribed` contacts of the project, 1,000 rows a statement. */
async function seedContacts(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  counts: { subscribed: number; unsubscribed: number },
): Promise<Audience> {
  const now = new Date();
  const audience: Audience = { subscribed: [] };
  const rows = Array.from({ length: counts.subscribed + counts.unsubscribed }, (_, i) => {
    const subscribed = i < counts.subscribed;
    const email = subscribed ? `r${i}@example.test` : `u${i}@example.test`;
    if (subscribed) audience.subscribed.push(email);
    return {
      id: newId(),
      projectId,
      email,
      subscribed,
      data: JSON.stringify({ n: i }),
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await deps.db
      .insertInto('contacts')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  return audience;
}

type Call = ReturnType<typeof apiClient>;

/**
 * Waits (bounded) until the sink has `count` distinct emails; fails at once, with its output, when a
 * process of the cluster has exited meanwhile (rather than waiting out the bound).
 */
export function untilDelivered(cluster: Cluster, sink: CountingSink, count: number, what: string, ms = 60_000) {
  return until(
    async () => {
      for (const m of [...cluster.apis, ...cluster.workers]) {
        const { exitCode, signalCode } = m.proc.child;
        if (exitCode !== null || signalCode)
          throw new Error(
            `${what}: ${m.role} ${m.index} exited (${exitCode ?? signalCode})\n${m.proc.output().stderr.slice(-3000)}`,
          );
      }
      return sink.distinct() >= count ? true : undefined;
    },
    what,
    ms,
  );
}

/**
 * A project of the cluster with its contacts written, and a campaign to all of them created and sent
 * now through the API; `started` is when the send was asked for.
 */
export async function startCampaign(
  cluster: Cluster,
  name: string,
  counts: { subscribed: number; unsubscribed: number },
) {
  const p = await cluster.project();
  const audience = await seedContacts(cluster.deps, p.id, counts);
  const call = apiClient(cluster, p.auth);
  const started = Date.now();
  return { audience, call, id: await sendCampaignNow(call, name), started };
}

/** Creates a campaign to every contact and sends it now (two calls, so two API processes); its id. */
async function sendCampaignNow(call: Call, name: string): Promise<string> {
  const created = await call<{ data: { id: string } }>('POST', '/campaigns', {
    name,
    subject: 'Hello {{ n }}',
    body: '<p>Number {{ n }}</p>',
    from: `news@${FROM_DOMAIN}`,
    audienceType: 'ALL',
  });
  if (created.status !== 201) throw new Error(`create campaign: ${created.status} ${JSON.stringify(created.json)}`);
  const id = created.json.data.id;
  const sent = await call<{ status: string }>('POST', `/campaigns/${id}/send`, {});
  if (sent.json.status !== 'SENDING') throw new Error(`send campaign: ${sent.status} ${JSON.stringify(sent.json)}`);
  return id;
}

/** Waits (bounded) until the campaign is SENT, asking the API; answers the campaign view. */
export function waitSent(call: Call, id: string, ms: number) {
  return until(
    async () => {
      const c = await call<{ status: string; totalRecipients: number }>('GET', `/campaigns/${id}`).catch(
        () => undefined,
      );
      return c?.json.status === 'SENT' ? c.json : undefined;
    },
    'campaign SENT',
    ms,
  );
}

/** Ids of the outbox rows claimed and not yet stamped: the only ones a fault may send twice. */
export async function sendingIds(db: Deps['db']): Promise<string[]> {
  const rows = await db.selectFrom('emails').select('id').where('status', '=', 'SENDING').execute();
  return rows.map((r) => r.id);
}

export interface Tally {
  /** Messages the sink accepted. */
  messages: number;
  /** Distinct subscribed recipients that got at least one message. */
  received: number;
  missing: number;
  /** Messages beyond the first of each email id. */
  duplicates: number;
  /** Email ids received more than once. */
  duplicated: string[];
  /** Recipients who got two different emails (the fan-out repeated them). */
  repeatedRecipients: number;
  /** Messages to anybody outside the subscribed audience (unsubscribed or unknown). */
  strangers: number;
  /** Messages whose Message-ID is not `<email id@domain>`. */
  otherMessageIds: number;
  /** Of those, copies of a duplicated email (a resend must be the same message, Message-ID included). */
  duplicatesWithOtherMessageId: number;
}

/** Compares what the sink received with the audience; `others` are addresses the test sent to itself. */
export function tally(sink: CountingSink, audience: Audience, others: string[] = []): Tally {
  const expected = new Set(audience.subscribed);
  const messages = sink.messages.filter((m) => !others.includes(m.to));
  const idsByRecipient = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  let strangers = 0;
  for (const m of messages) {
    if (!expected.has(m.to)) strangers++;
    if (seen.has(m.emailId)) duplicated.add(m.emailId);
    seen.add(m.emailId);
    const ids = idsByRecipient.get(m.to) ?? new Set<string>();
    idsByRecipient.set(m.to, ids.add(m.emailId));
  }
  const received = audience.subscribed.filter((a) => idsByRecipient.has(a)).length;
  const stable = (m: CountedMessage) => m.messageId === `<${m.emailId}@${FROM_DOMAIN}>`;
  return {
    messages: messages.length,
    received,
    missing: audience.subscribed.length - received,
    duplicates: messages.length - seen.size,
    duplicated: [...duplicated],
    repeatedRecipients: [...idsByRecipient.values()].filter((ids) => ids.size > 1).length,
    strangers,
    otherMessageIds: messages.filter((m) => !stable(m)).length,
    duplicatesWithOtherMessageId: messages.filter((m) => duplicated.has(m.emailId) && !stable(m)).length,
  };
}

/**
 * The campaign invariants every scenario pins: every subscribed recipient got exactly one email and
 * nobody else any; an email received twice was in flight at a fault (and the Message-ID of every copy
 * is its own); the campaign is SENT with every recipient counted as sent.
 */
export function expectEveryoneOnce(
  t: Tally,
  inFlight: Set<string>,
  subscribed: number,
  seen: { sent: unknown; stats: unknown },
): void {
  expect(t).toMatchObject({
    missing: 0,
    received: subscribed,
    strangers: 0,
    repeatedRecipients: 0,
    otherMessageIds: 0,
  });
  expect(t.duplicated.filter((e) => !inFlight.has(e))).toEqual([]);
  expect(t.duplicates).toBeLessThanOrEqual(inFlight.size);
  expect(seen.sent).toMatchObject({ status: 'SENT', totalRecipients: subscribed });
  expect(seen.stats).toMatchObject({ totalRecipients: subscribed, sentCount: subscribed });
}

/** Campaign stats as the API gives them. */
export async function campaignStats(call: Call, id: string) {
  return (await call<{ totalRecipients: number; sentCount: number }>('GET', `/campaigns/${id}/stats`)).json;
}
