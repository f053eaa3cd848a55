/** The message of a claimed outbox row as a transport takes it, and the per-run DKIM keys it is signed with. */
import { createPrivateKey } from 'node:crypto';
import { fromJson, toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { dkimSignerFor } from '../domains/domains.service.ts';
import type { EmailRow } from '../emails/enqueue.ts';
import { findAttachments } from '../emails/outcomes.ts';
import type { OutgoingMessage } from '../mail/types.ts';
import { returnPathFor } from '../mail/verp.ts';

type DkimKey = OutgoingMessage['dkim'];

/** The DKIM key of a row's sender domain, looked up once per run. */
export type DkimLookup = (row: EmailRow) => Promise<DkimKey>;

/** Builds the message of a claimed row (attachments read back, DKIM key of the sender's domain). */
export async function toOutgoing(deps: Deps, row: EmailRow, dkim: DkimLookup): Promise<OutgoingMessage> {
  const domain = row.fromEmail.split('@').at(-1)!;
  return {
    emailId: row.id,
    projectId: row.projectId,
    messageId: row.messageId,
    from: { email: row.fromEmail, name: row.fromName ?? undefined },
    to: { email: row.toEmail, name: row.toName ?? undefined },
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: fromJson<Record<string, string>>(row.headers) ?? {},
    attachments: toBool(row.hasAttachments) ? await findAttachments(deps.reader, row.id) : [],
    envelopeFrom: returnPathFor(deps.config, row.id, domain),
    dkim: await dkim(row),
  };
}

/** A per-run cache of DKIM keys by project and sender domain (one decryption per domain, not per email). */
export function dkimCache(deps: Deps): DkimLookup {
  const keys = new Map<string, Promise<DkimKey>>();
  return (row: EmailRow) => {
    const k = `${row.projectId}\u0000${row.fromEmail.split('@').at(-1)}`;
    let hit = keys.get(k);
    if (!hit) {
      // Parsed once per domain and run: parsing the PEM cost as much as signing with it.
      hit = dkimSignerFor(deps, row.projectId, row.fromEmail).then(
        (key) => key && { ...key, privateKey: createPrivateKey(key.privateKey) },
      );
      keys.set(k, hit);
      // A failed lookup (a lost database connection) is not cached: every later row of the run would
      // fail with it and wait out a retry backoff.
      hit.catch(() => keys.delete(k));
    }
    return hit;
  };
}
