/** The suppression list as other features use it: which addresses must get no more mail. */
import type { Deps } from '../deps.ts';
import { findSuppressedEmails } from './suppressions.repo.ts';

/** The addresses among `emails` (lower-cased) suppressed for the project: hard bounces and complaints. */
export function findSuppressed(deps: Pick<Deps, 'reader'>, projectId: string, emails: string[]): Promise<Set<string>> {
  return findSuppressedEmails(deps.reader, projectId, emails);
}
