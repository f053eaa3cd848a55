/**
 * Who made a change, as other features record it (template versions): a signed-in member with the
 * address they have now, or the project's secret key.
 */
import type { Deps } from '../deps.ts';
import { findUserById } from './users.repo.ts';

export interface Author {
  type: 'USER' | 'KEY';
  userId: string | null;
  email: string | null;
}

/** The author of a request: its member (session) or its key. */
export async function authorOf(deps: Pick<Deps, 'reader'>, auth: { via: string; userId?: string }): Promise<Author> {
  if (auth.via !== 'session' || !auth.userId) return { type: 'KEY', userId: null, email: null };
  const user = await findUserById(deps.reader, auth.userId);
  return { type: 'USER', userId: auth.userId, email: user?.email ?? null };
}

/** How an author is named in a message: the member's address, or "the project's secret key". */
export function authorName(a: Pick<Author, 'type' | 'email'> | null): string {
  if (!a || (a.type === 'USER' && !a.email)) return 'someone';
  return a.type === 'KEY' ? "the project's secret key" : a.email!;
}
