/**
 * Tracked membership kept up to date (decisions.md "Segments and filters", **(better)**): a contact
 * write or an event that may change a contact's membership of a tracked segment enqueues a
 * `segment.membership` job (a pointer: contact ids), which re-evaluates those contacts and fires the
 * entry/exit events, normally within a second of the write. Projects without tracked segments pay one
 * in-memory lookup per write. A 15-minute backstop recomputes every tracked segment: time-relative
 * filters change membership with no write at all, and a crash between a write and its enqueue is covered.
 */
import type { ChangedContacts, ContactWatcher } from '../contacts/contact-watchers.ts';
import { toBool } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import type { EventListener } from '../events/events.service.ts';
import type { CronEntry, JobSpec, TaskList } from '../jobs/types.ts';
import { groupBy } from '../lib/group-by.ts';
import { computeMembership, evaluateContacts } from './membership.ts';
import * as repo from './segments.repo.ts';
import type { TrackedSet } from './tracked-cache.ts';

export const MEMBERSHIP_JOB = 'segment.membership';
export const COMPUTE_JOB = 'segment.compute';
const BACKSTOP_JOB = 'segment.compute.tracked';
/** Contact ids per membership job when a write names many (a bulk chunk's events). */
const IDS_PER_JOB = 500;

type HookDeps = Pick<Deps, 'jobs' | 'trackedSegments'>;

/**
 * The project's tracked segments and what their filters read, from the cache or else through `db`:
 * the caller's transaction when it has one (taking a second pool connection while holding one
 * deadlocks a burst of concurrent writers once the pool is used up).
 */
export async function trackedSetOf(deps: Pick<Deps, 'trackedSegments'>, db: Executor, projectId: string) {
  return deps.trackedSegments.read(db, projectId);
}

/** Enqueues the re-evaluation of `contacts` (or a recompute of every tracked segment, for 'all'). */
async function enqueueFor(deps: HookDeps, db: Executor, set: TrackedSet, projectId: string, contacts: ChangedContacts) {
  const trx = db.isTransaction ? db : undefined;
  const specs: JobSpec[] = [];
  if (contacts === 'all') {
    for (const segmentId of set.segmentIds)
      specs.push({ name: COMPUTE_JOB, payload: { projectId, segmentId }, options: { jobKey: computeKey(segmentId) } });
  } else if (contacts.length === 1) {
    // One pending job per contact: a burst of writes to it collapses into one evaluation.
    const [contactId] = contacts;
    const options = { jobKey: `${MEMBERSHIP_JOB}:${contactId}` };
    specs.push({ name: MEMBERSHIP_JOB, payload: { projectId, contactIds: [contactId] }, options });
  } else {
    for (let i = 0; i < contacts.length; i += IDS_PER_JOB)
      specs.push({ name: MEMBERSHIP_JOB, payload: { projectId, contactIds: contacts.slice(i, i + IDS_PER_JOB) } });
  }
  if (specs.length > 0) await deps.jobs.enqueueMany(specs, { trx });
}

const computeKey = (segmentId: string) => `${COMPUTE_JOB}:${segmentId}`;

/** The contact watcher: enqueues membership work only for projects with tracked segments. */
export function membershipWatcher(deps: HookDeps): ContactWatcher {
  const watcher: ContactWatcher = async (db, projectId, contacts) => {
    const set = await trackedSetOf(deps, db, projectId);
    if (set.segmentIds.length > 0) await enqueueFor(deps, db, set, projectId, contacts);
  };
  watcher.watches = async (db, projectId) => (await trackedSetOf(deps, db, projectId)).segmentIds.length > 0;
  return watcher;
}

/** Whether an event can change membership of the tracked set (its own entry/exit events never do here). */
function matters(set: TrackedSet, name: string): boolean {
  if (name.startsWith('segment.')) return false;
  if (name === 'contact.subscribed' || name === 'contact.unsubscribed') return true;
  if (name.startsWith('email.')) return set.emailFacts;
  return set.events.has(name);
}

/** The event listener: events a tracked filter reads (or subscription changes) enqueue their contacts. */
export function membershipListener(deps: HookDeps): EventListener {
  const listener: EventListener = async (trx, events) => {
    for (const [projectId, list] of groupBy(events, (e) => e.projectId)) {
      const set = await trackedSetOf(deps, trx, projectId);
      if (set.segmentIds.length === 0) continue;
      const ids = new Set(list.filter((e) => e.contactId && matters(set, e.name)).map((e) => e.contactId!));
      if (ids.size > 0) await enqueueFor(deps, trx, set, projectId, [...ids]);
    }
  };
  listener.hears = async (db, projectId, names) => {
    const set = await trackedSetOf(deps, db, projectId);
    return set.segmentIds.length > 0 && names.some((name) => matters(set, name));
  };
  return listener;
}

/** Recomputes one tracked segment, if it still is one. */
async function computeTracked(deps: Deps, projectId: string, segmentId: string): Promise<void> {
  const seg = await repo.findSegment(deps.reader, projectId, segmentId);
  if (seg?.type !== 'DYNAMIC' || !toBool(seg.trackMembership)) return;
  await computeMembership(deps, seg);
}

/** Handlers by job name; payloads carry ids only and every handler re-reads its rows. */
export function segmentTasks(deps: Deps): TaskList {
  return {
    [MEMBERSHIP_JOB]: async (p) => evaluateContacts(deps, String(p.projectId), (p.contactIds as string[]) ?? []),
    [COMPUTE_JOB]: async (p) => computeTracked(deps, String(p.projectId), String(p.segmentId)),
    [BACKSTOP_JOB]: async () => {
      const all = await repo.listAllTrackedSegments(deps.reader);
      await deps.jobs.enqueueMany(
        all.map((s) => ({
          name: COMPUTE_JOB,
          payload: { projectId: s.projectId, segmentId: s.id },
          options: { jobKey: computeKey(s.id) },
        })),
      );
    },
  };
}

export const segmentCron: CronEntry[] = [{ task: BACKSTOP_JOB, pattern: '*/15 * * * *' }];
