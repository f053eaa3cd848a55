/** Forgets dead account rows: sessions expired or revoked, and tokens expired, over a day ago. */
import type { Deps } from '../deps.ts';
import { deleteSessionsBefore } from './sessions.repo.ts';
import { deleteTokensExpiredBefore } from './tokens.repo.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function pruneAuthRows(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - DAY_MS);
  await deleteSessionsBefore(deps.db, before);
  await deleteTokensExpiredBefore(deps.db, before);
}
