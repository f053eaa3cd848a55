/**
 * Sending one email through its project's own transports (beyond.md §7): the transports of its
 * stream in priority order, each tried at most once per delivery attempt. A temporary failure (no
 * connection, 4xx) moves on to the next at once; a permanent one ends the attempt; a paused
 * transport, or one at its rate, is passed over. Each transport tried is its own attempt in the log.
 */
import type { Deps } from '../deps.ts';
import { acceptedAttempt, failedAttempt, type NewAttempt } from '../emails/attempts.ts';
import type { EmailRow } from '../emails/enqueue.ts';
import { type OutgoingMessage, type SendAccepted, TransportError } from '../mail/types.ts';
import {
  noteTransportFailure,
  noteTransportSuccess,
  PAUSE_MS,
  type ProjectRoutes,
  type TransportDef,
  takeTransportSlot,
  unavailableUntil,
} from '../transports/routing.ts';

/** How the transports of the stream answered. */
export type RoutedOutcome =
  /** One accepted it; `attempts` ends with the accepted attempt. */
  | { accepted: SendAccepted; attempts: NewAttempt[] }
  /** A permanent refusal, or every transport tried failed temporarily (`err` is the last failure). */
  | { err: unknown; attempts: NewAttempt[] }
  /** None could be tried (paused, or at its rate): the row waits, uncounted, until one can. */
  | { waitUntil: Date; attempts: [] };

/** Sends `message` through `defs` (the row's stream, in priority order); never throws. */
export async function sendRouted(
  deps: Deps,
  row: EmailRow,
  message: OutgoingMessage,
  routes: ProjectRoutes,
  defs: readonly TransportDef[],
): Promise<RoutedOutcome> {
  const attempts: NewAttempt[] = [];
  let last: unknown;
  let soonest = Number.POSITIVE_INFINITY;
  for (const def of defs) {
    const wait = unavailableUntil(routes, def, deps.clock.now()) || (await slot(deps, routes, def));
    if (wait) {
      soonest = Math.min(soonest, wait);
      continue;
    }
    const at = deps.clock.now();
    const started = performance.now();
    const timing = () => ({
      transport: def.name,
      kind: def.kind === 'SMTP' ? ('smtp' as const) : ('ses' as const),
      transportId: def.id,
      at,
      durationMs: performance.now() - started,
    });
    try {
      const accepted = await deps.transports.send(def, message);
      attempts.push(acceptedAttempt(row, timing(), accepted));
      await noteTransportSuccess(deps, routes, def).catch((err: unknown) =>
        deps.log.warn({ err, transportId: def.id }, 'transport streak not cleared'),
      );
      return { accepted, attempts };
    } catch (err) {
      attempts.push(failedAttempt(row, timing(), err));
      last = err;
      if (err instanceof TransportError && err.kind === 'permanent') return { err, attempts };
      // Only the transport's own verdict counts towards its pause, not a bug of ours.
      if (err instanceof TransportError) {
        await noteTransportFailure(deps, routes, def).catch((e: unknown) =>
          deps.log.warn({ err: e, transportId: def.id }, 'transport failure not counted'),
        );
      }
    }
  }
  if (attempts.length > 0) return { err: last, attempts };
  const until = Number.isFinite(soonest) ? soonest : deps.clock.now().getTime() + PAUSE_MS;
  return { waitUntil: new Date(until), attempts: [] };
}

/** A send slot within the transport's rate: 0 when taken, else when its next window opens. */
async function slot(deps: Deps, routes: ProjectRoutes, def: TransportDef): Promise<number> {
  try {
    return await takeTransportSlot(deps, routes, def);
  } catch (err) {
    // The window could not be counted (a database hiccup): pass the transport over rather than exceed its rate.
    deps.log.warn({ err, transportId: def.id }, 'transport rate window not reserved');
    return deps.clock.now().getTime() + 1000;
  }
}
