/**
 * What delivery asks of a project's own transports (beyond.md §7): which ones an email's stream goes
 * through, in priority order; which are passed over (5 temporary failures in a row pause one for
 * 60 s, a state every worker shares on the row); and a send slot within a transport's `ratePerSecond`,
 * counted in one-second windows every worker shares.
 */
import { addToRateWindow, deleteRateWindowsBefore } from '../db/rate-windows.ts';
import type { EmailType, TransportStream } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { restUntil, type StreakRest } from '../lib/failure-streak.ts';
import { oldestKeptWindow, rateWindowAt, roomInWindow } from '../lib/rate-window.ts';
import type { TransportDef } from './transport-cache.ts';
import {
  addTransportFailure,
  clearTransportFailures,
  listTransportHealth,
  pauseTransport,
  type TransportHealthRow,
} from './transports.repo.ts';

export type { TransportDef } from './transport-cache.ts';

/** Temporary failures in a row that pause a transport, and for how long. */
export const FAILURES_TO_PAUSE = 5;
export const PAUSE_MS = 60_000;
const TRANSPORT_REST: StreakRest = { after: FAILURES_TO_PAUSE, firstMs: PAUSE_MS, maxMs: PAUSE_MS };

/** The stream of an email: TRANSACTIONAL mail, or MARKETING for marketing and headless mail. */
export function streamOf(emailType: EmailType): TransportStream {
  return emailType === 'TRANSACTIONAL' ? 'TRANSACTIONAL' : 'MARKETING';
}

/** What one delivery batch knows of a project's transports; lanes of the batch share and update it. */
export interface ProjectRoutes {
  byStream: Record<TransportStream, TransportDef[]>;
  /** Failures in a row and the pause's end (ms; 0: none), as last read or written by this batch. */
  health: Map<string, { failures: number; pausedUntil: number }>;
  /** Transports whose current window this batch saw full, until the window ends (ms). */
  full: Map<string, number>;
}

type RouteDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'transports'>;

/**
 * The project's routes for a delivery batch: undefined for a project without enabled transports
 * (its mail goes through the server's transport), which costs no statement once the project is
 * cached; otherwise one read of the transports' health.
 */
export async function routesForBatch(deps: RouteDeps, projectId: string): Promise<ProjectRoutes | undefined> {
  const defs = await deps.transports.cache.read(deps.reader, projectId);
  if (defs.length === 0) return undefined;
  const health = new Map((await listTransportHealth(deps.reader, projectId)).map((h) => [h.id, healthOf(h)]));
  return {
    byStream: {
      TRANSACTIONAL: defs.filter((d) => d.streams.includes('TRANSACTIONAL')),
      MARKETING: defs.filter((d) => d.streams.includes('MARKETING')),
    },
    health,
    full: new Map(),
  };
}

function healthOf(h: TransportHealthRow) {
  return {
    failures: Number(h.consecutiveFailures),
    pausedUntil: h.pausedUntil ? new Date(h.pausedUntil).getTime() : 0,
  };
}

/** When the transport may be tried again (ms), or 0 when it may be now. */
export function unavailableUntil(routes: ProjectRoutes, def: TransportDef, now: Date): number {
  const t = now.getTime();
  const paused = routes.health.get(def.id)?.pausedUntil ?? 0;
  if (paused > t) return paused;
  const full = routes.full.get(def.id) ?? 0;
  return full > t ? full : 0;
}

/** Counts a temporary failure in the transport's streak (every worker's add up); the 5th pauses it for 60 s. */
export async function noteTransportFailure(deps: RouteDeps, routes: ProjectRoutes, def: TransportDef): Promise<void> {
  const row = await addTransportFailure(deps.db, def.id);
  if (!row) return;
  const until = restUntil(TRANSPORT_REST, Number(row.consecutiveFailures), deps.clock.now());
  const paused = until && (await pauseTransport(deps.db, def.id, until, TRANSPORT_REST.after));
  routes.health.set(def.id, healthOf(paused || row));
}

/** Ends the transport's streak after a success; no statement when this batch knows of none. */
export async function noteTransportSuccess(deps: RouteDeps, routes: ProjectRoutes, def: TransportDef): Promise<void> {
  const h = routes.health.get(def.id);
  if (!h || (h.failures === 0 && h.pausedUntil === 0)) return;
  routes.health.set(def.id, { failures: 0, pausedUntil: 0 });
  await clearTransportFailures(deps.db, def.id);
}

/**
 * Takes one send of the transport's current one-second window: 0 when taken (or when it has no rate
 * of its own), else when the next window opens (ms). A window seen full is not asked again.
 */
export async function takeTransportSlot(deps: RouteDeps, routes: ProjectRoutes, def: TransportDef): Promise<number> {
  if (def.ratePerSecond === null) return 0;
  const now = deps.clock.now().getTime();
  const window = rateWindowAt(now);
  const full = routes.full.get(def.id) ?? 0;
  if (full > now) return full;
  const total = await addToRateWindow(deps.db, 'transportRateWindows', def.id, window.start, 1);
  if (roomInWindow(def.ratePerSecond, total, 1) > 0) return 0;
  routes.full.set(def.id, window.end);
  return window.end;
}

/** Drops transport rate windows older than a minute (run by the maintenance job). */
export async function pruneTransportRateWindows(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deleteRateWindowsBefore(deps.db, 'transportRateWindows', oldestKeptWindow(deps.clock.now().getTime()));
}
