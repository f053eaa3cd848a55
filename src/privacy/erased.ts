/**
 * Erased addresses as sending sees them: an erased contact's address is kept only as the hex SHA-256
 * of its normalised form, and no mail goes to it again, except the confirmation of a new double
 * opt-in sign-up (whose confirmed sign-up lifts the erasure, erasure.service.ts).
 */
import { createHash } from 'node:crypto';
import type { Db, Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import {
  countErased,
  findConfirmations,
  findErasedById,
  findErasedHashes,
  listErasedHashes,
  listErasedPage,
} from './privacy.repo.ts';

/** Why an erased address's email was not sent (the SUPPRESSED row's lastError). */
export const ERASED_REASON = "Not sent: the recipient's data was erased at their request";

/**
 * The hex SHA-256 of the address trimmed and lower-cased (what erased_addresses stores): the normal
 * form contacts store (contacts/email.ts), without its validity check, which a hash does not need.
 */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * The addresses among `emails` (as given) whose hash is erased in the project, each with its ERASED
 * rule's id (the suppression list shows erased addresses as rules); one indexed query.
 */
export async function findErased(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  emails: string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const hashes = new Map(emails.map((e) => [e, emailHash(e)]));
  const erased = await findErasedHashes(deps.reader, projectId, [...new Set(hashes.values())]);
  const out = new Map<string, string>();
  for (const [e, hash] of hashes) {
    const id = erased.get(hash);
    if (id !== undefined) out.set(e, id);
  }
  return out;
}

/** An erased address as the suppression list shows it: its rule id, its hash and when it was erased. */
export interface ErasedEntry {
  id: string;
  emailHash: string;
  erasedAt: string;
}

/**
 * The project's erased addresses newest first after the id `after`, at most `limit`; with `address`,
 * only that address's (the hash is all that is kept, so a search can only name an address whole).
 */
export function listErasedEntries(
  db: Executor,
  projectId: string,
  page: { after?: string; limit: number; address?: string },
): Promise<ErasedEntry[]> {
  const hash = page.address === undefined ? undefined : emailHash(page.address);
  return listErasedPage(db, projectId, { after: page.after, limit: page.limit, hash });
}

/** The project's erased addresses (only `address`'s when given), counted up to `cap`. */
export function countErasedEntries(db: Executor, projectId: string, cap: number, address?: string): Promise<number> {
  return countErased(db, projectId, cap, address === undefined ? undefined : emailHash(address));
}

/** One erased address of the project by its rule id, or undefined. */
export function findErasedEntry(db: Executor, projectId: string, id: string): Promise<ErasedEntry | undefined> {
  return findErasedById(db, projectId, id);
}

/** The project's erased hashes after `after` in hash order, at most `limit` (the suppression cache's load). */
export function erasedHashesAfter(db: Db, projectId: string, after: string, limit: number): Promise<string[]> {
  return listErasedHashes(db, projectId, after, limit);
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
