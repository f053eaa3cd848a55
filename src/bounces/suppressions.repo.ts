/** SQL for the per-project suppression list: addresses that hard-bounced or complained get no more mail. */
import type { Executor } from '../db/index.ts';

/** The addresses among `emails` (lower-cased) suppressed for the project. */
export async function findSuppressedEmails(db: Executor, projectId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('suppressions')
    .select('email')
    .where('projectId', '=', projectId)
    .where('email', 'in', emails)
    .execute();
  return new Set(rows.map((r) => r.email));
}
