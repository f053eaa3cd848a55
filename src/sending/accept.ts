/**
 * The one accept path of /v1/send and SMTP submission: reserve the billing quota, write each
 * recipient's contact once, compose and store its email, release what was not used. A request is
 * one unit: its contacts and emails commit together. Requests accepted at the same time share one
 * transaction (their upserts one statement on PostgreSQL, their emails another), so a burst of sends
 * costs a commit per group instead of two per request; should a group fail, each request runs again
 * alone and only a failing one fails. A write that is not groupable (a subscription change, a new
 * field type, an address twice) runs as one transaction per recipient, its contact and email together:
 * there a later recipient's failure leaves the earlier ones stored, as /v1/send always did.
 */
import { reserveSends } from '../billing/usage.service.ts';
import { prepareUpdate, updateContactIn } from '../contacts/contact-update.service.ts';
import { toContactView } from '../contacts/contact-view.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { prepareUpsert, upsertContact } from '../contacts/contacts.service.ts';
import { afterUpsertsCommitted, type PreparedUpsert, upsertPreparedIn } from '../contacts/grouped-upserts.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { type EmailToSend, enqueue } from '../emails/enqueue.ts';
import { allOk, type BatchOptions, batchKind } from '../lib/batcher.ts';

export interface AcceptRecipient {
  email: string;
  /** The display name the request gave: kept as the contact's `data.name` when it has none. */
  name?: string;
}

/** Who an email goes to, as `compose` gets it. */
export interface AcceptTarget {
  contact: ContactView;
  name?: string;
  /** `{ value, persistent: false }` values of the request, for this rendering only. */
  transient: Record<string, unknown>;
}

export interface AcceptRequest {
  projectId: string;
  recipients: AcceptRecipient[];
  /** Written on every recipient's contact (POST /v1/send `subscribed`, `data`). */
  subscribed?: boolean;
  data?: Record<string, unknown>;
  /** The subscription event's source of a contact this creates or changes. */
  source: 'send' | 'smtp';
  /** MARKETING and HEADLESS mail goes to subscribed contacts only; TRANSACTIONAL always. */
  subscribedOnly: boolean;
  compose(target: AcceptTarget): Promise<EmailToSend>;
}

export interface Accepted {
  emails: { contact: { id: string; email: string }; email: string }[];
  /** Recipients left out: unsubscribed from mail that needs a subscription. */
  skipped: { email: string; reason: 'UNSUBSCRIBED' }[];
}

/**
 * Accepts `req` and wakes delivery once its emails committed. Every check that can refuse the request
 * (the addresses, the field cap, the quota) runs before anything is written; a compose error (422,
 * 413) rolls the request back (on the per-recipient path, that recipient's contact and email).
 */
export async function acceptMail(deps: Deps, req: AcceptRequest): Promise<Accepted> {
  const prepared: PreparedUpsert[] = [];
  for (const r of req.recipients) {
    prepared.push(
      await prepareUpsert(
        deps,
        req.projectId,
        { email: r.email, subscribed: req.subscribed, data: req.data },
        { subscribedOnCreate: false },
      ),
    );
  }
  const quota = await reserveSends(deps, req.projectId, 'transactional', req.recipients.length);
  let stored = 0;
  try {
    const distinct = new Set(prepared.map((p) => p.email)).size === prepared.length;
    const out =
      distinct && prepared.every((p) => p.groupable)
        ? await deps.batches.add(accepts, deps, { req, prepared })
        : await acceptEach(deps, req, prepared);
    stored = out.emails.length;
    return out;
  } finally {
    await quota?.release(stored);
  }
}

interface Unit {
  req: AcceptRequest;
  prepared: PreparedUpsert[];
}

/** Composes the email of each saved contact of `req` (or skips it) into `emails`, for the unit's one insert. */
async function composeEach(
  deps: Deps,
  trx: Trx,
  req: AcceptRequest,
  saved: { contact: ContactView; transient: Record<string, unknown> }[],
  emails: EmailToSend[],
): Promise<Accepted> {
  const out: Accepted = { emails: [], skipped: [] };
  for (const [i, s] of saved.entries()) {
    const name = req.recipients[i]!.name;
    const contact = await keepName(deps, trx, req.projectId, s.contact, name);
    if (req.subscribedOnly && !contact.subscribed) {
      out.skipped.push({ email: contact.email, reason: 'UNSUBSCRIBED' });
      continue;
    }
    const email = await req.compose({ contact, name, transient: s.transient });
    emails.push(email);
    out.emails.push({ contact: { id: contact.id, email: contact.email }, email: email.id });
  }
  return out;
}

/** A recipient object's name is kept as `data.name` when the contact has none (decisions.md). */
async function keepName(deps: Deps, trx: Trx, projectId: string, contact: ContactView, name: string | undefined) {
  if (!name || (contact.data.name !== undefined && contact.data.name !== null)) return contact;
  const update = await prepareUpdate(deps, projectId, { data: { name } });
  const row = await updateContactIn(deps, trx, { projectId, id: contact.id }, update, {});
  // The field-type cache is left alone: the unit may still roll back, and a type it did not learn
  // is only recorded again (a no-op) by a later write.
  return { ...toContactView(row), topics: contact.topics };
}

/** Requests accepted together: one transaction, every contact in one upsert, every email in one insert. */
async function acceptGroup(deps: Deps, units: Unit[]): Promise<Accepted[]> {
  let inserted = false;
  const out = await deps.db.transaction().execute(async (trx) => {
    const saved = await upsertPreparedIn(
      deps,
      trx,
      units.flatMap((u) => u.prepared),
    );
    inserted = saved.some((s) => s.inserted);
    const results: Accepted[] = [];
    const emails: EmailToSend[] = [];
    let at = 0;
    for (const u of units) {
      const mine = saved.slice(at, at + u.prepared.length).map((s, i) => ({
        contact: s.contact,
        transient: u.prepared[i]!.patch.transient,
      }));
      at += u.prepared.length;
      results.push(await composeEach(deps, trx, u.req, mine, emails));
    }
    await enqueue(deps, trx, emails, { wakeAfterCommit: true });
    return results;
  });
  afterUpsertsCommitted(deps, inserted);
  if (out.some((a) => a.emails.length > 0)) await deps.deliveryWaker.wake();
  return out;
}

const accepts = batchKind(
  (deps: Deps): BatchOptions<Unit, Accepted> => ({
    max: 100,
    // Two at a time: under load the requests arriving meanwhile make the next group larger instead of
    // starting transactions of their own (each a connection and a commit).
    maxRunning: 2,
    // One statement may touch a contact once: a request naming the same address waits for the next group.
    key: (u) => `${u.req.projectId}\n${u.prepared.map((p) => p.email).join('\n')}`,
    group: async (units) => allOk(await acceptGroup(deps, units)),
    alone: async (unit) => (await acceptGroup(deps, [unit]))[0]!,
  }),
);

/** A request whose contact writes do not group: each recipient's contact and email in a transaction of their own. */
async function acceptEach(deps: Deps, req: AcceptRequest, prepared: PreparedUpsert[]): Promise<Accepted> {
  const out: Accepted = { emails: [], skipped: [] };
  try {
    await acceptEachIn(deps, req, prepared, out);
  } finally {
    if (out.emails.length > 0) await deps.deliveryWaker.wake();
  }
  return out;
}

async function acceptEachIn(deps: Deps, req: AcceptRequest, prepared: PreparedUpsert[], out: Accepted) {
  for (const [i, r] of req.recipients.entries()) {
    const { transient } = prepared[i]!.patch;
    let one: Accepted | undefined;
    await upsertContact(
      deps,
      req.projectId,
      { email: r.email, subscribed: req.subscribed, data: req.data },
      {
        subscribedOnCreate: false,
        source: req.source,
        alsoInTransaction: async (trx, contact) => {
          const emails: EmailToSend[] = [];
          one = await composeEach(deps, trx, { ...req, recipients: [r] }, [{ contact, transient }], emails);
          await enqueue(deps, trx, emails, { wakeAfterCommit: true });
        },
      },
    );
    // Counted once committed: the quota gives back what a failed write did not store.
    out.emails.push(...(one?.emails ?? []));
    out.skipped.push(...(one?.skipped ?? []));
  }
}
