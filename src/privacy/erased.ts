/**
 * Erased addresses as sending sees them: an erased contact's address is kept only as the hex SHA-256
 * of its normalised form, and no mail goes to it again, except the confirmation of a new double
 * opt-in sign-up (whose confirmed sign-up lifts the erasure, erasure.service.ts).
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { findConfirmations, findErasedHashes } from './privacy.repo.ts';

/** Why an erased address's email was not sent (the SUPPRESSED row's lastError). */
export const ERASED_REASON = "Not sent: the recipient's data was erased at their request";

/**
 * The hex SHA-256 of the address trimmed and lower-cased (what erased_addresses stores): the normal
 * form contacts store (contacts/email.ts), without its validity check, which a hash does not need.
 */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/** The addresses among `emails` (as given) whose hash is erased in the project; one indexed query. */
export async function findErased(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const hashes = new Map(emails.map((e) => [e, emailHash(e)]));
  const erased = await findErasedHashes(deps.reader, projectId, [...new Set(hashes.values())]);
  return new Set(emails.filter((e) => erased.has(hashes.get(e)!)));
}

/** What an outbox row tells about being a sign-up's confirmation. */
export interface MailToHold {
  id: string;
  toEmail: string;
  sourceType: string;
  sourceId: string | null;
}

/**
 * The ids of those `rows` that confirm a new sign-up and so go out even to an erased address: a
 * TRANSACTIONAL email whose sourceId is a pending confirmation of the project for that same address.
 */
export async function confirmationsAmong(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  rows: MailToHold[],
): Promise<Set<string>> {
  const candidates = rows.filter((r) => r.sourceType === 'TRANSACTIONAL' && r.sourceId !== null);
  if (candidates.length === 0) return new Set();
  const pending = await findConfirmations(deps.reader, projectId, [...new Set(candidates.map((r) => r.sourceId!))]);
  const addressOf = new Map(pending.map((p) => [p.id, emailHash(p.email)]));
  return new Set(candidates.filter((r) => addressOf.get(r.sourceId!) === emailHash(r.toEmail)).map((r) => r.id));
}
