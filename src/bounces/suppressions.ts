/**
 * The suppression list as other features use it: which addresses must get no more mail. Besides the
 * list itself (hard bounces, complaints), an erased contact's address counts as suppressed
 * (src/privacy/erased.ts), except for the confirmation mail of a new sign-up.
 */
import type { Deps } from '../deps.ts';
import { confirmationsAmong, ERASED_REASON, findErased, type MailToHold } from '../privacy/erased.ts';
import { findSuppressedEmails } from './suppressions.repo.ts';

/** The addresses among `emails` (lower-cased) suppressed for the project: hard bounces, complaints and erased addresses. */
export async function findSuppressed(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  emails: string[],
): Promise<Set<string>> {
  // Both at once: this runs for every batch a campaign fans out.
  const [listed, erased] = await Promise.all([
    findSuppressedEmails(deps.reader, projectId, emails),
    findErased(deps, projectId, emails),
  ]);
  return erased.size === 0 ? listed : new Set([...listed, ...erased]);
}

/**
 * The outbox rows among `rows` that must not be sent, by id, each with the reason its SUPPRESSED
 * status records (undefined for the suppression list, which speaks for itself). An erased address
 * holds every row back but a sign-up's confirmation to it.
 */
export async function findHeldBack(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  rows: MailToHold[],
): Promise<Map<string, string | undefined>> {
  const emails = [...new Set(rows.map((r) => r.toEmail))];
  // Both at once: this runs for every batch delivery claims.
  const [listed, erased] = await Promise.all([
    findSuppressedEmails(deps.reader, projectId, emails),
    findErased(deps, projectId, emails),
  ]);
  const held = new Map<string, string | undefined>();
  if (listed.size === 0 && erased.size === 0) return held;
  const onlyErased = rows.filter((r) => erased.has(r.toEmail) && !listed.has(r.toEmail));
  const confirmations = await confirmationsAmong(deps, projectId, onlyErased);
  for (const r of rows) {
    if (listed.has(r.toEmail)) held.set(r.id, undefined);
    else if (erased.has(r.toEmail) && !confirmations.has(r.id)) held.set(r.id, ERASED_REASON);
  }
  return held;
}
