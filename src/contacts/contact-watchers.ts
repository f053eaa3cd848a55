/**
 * Who hears about contact writes. Features that derive state from contacts (segments' tracked
 * membership) give a watcher at composition (src/composition.ts); contacts never import them.
 * Subscription changes need no watcher call: they are events, and event listeners see them.
 */
import type { Executor } from '../db/index.ts';

declare module '../deps.ts' {
  interface FeatureHooks {
    /** Told which contacts a contact write changed. */
    contactWatchers: readonly ContactWatcher[];
  }
}

/** The contacts a write changed: their ids, or 'all' when a write touched a set it does not list (an import batch). */
export type ChangedContacts = readonly string[] | 'all';

/**
 * Told about a contact write, given the writing transaction when there is one (what it enqueues
 * through it commits with the write). It runs on the contact write path, so it must cost next to
 * nothing when it has nothing to do, and never throw for a reason of its own.
 */
export type ContactWatcher = ((db: Executor, projectId: string, contacts: ChangedContacts) => Promise<void>) & {
  /** Whether a write of the project's contacts would make it act (a cache read); without it, always. */
  watches?: (db: Executor, projectId: string) => Promise<boolean>;
};

/** Whether any watcher would act on a write of the project's contacts. */
export async function anyWatcherWatches(
  deps: { contactWatchers: readonly ContactWatcher[] },
  db: Executor,
  projectId: string,
): Promise<boolean> {
  for (const watch of deps.contactWatchers) if (!watch.watches || (await watch.watches(db, projectId))) return true;
  return false;
}

/** Tells every watcher that `contacts` of the project changed. */
export async function contactsChanged(
  deps: { contactWatchers: readonly ContactWatcher[] },
  db: Executor,
  projectId: string,
  contacts: ChangedContacts,
): Promise<void> {
  for (const watch of deps.contactWatchers) await watch(db, projectId, contacts);
}
