/**
 * SQL for an endpoint's health (health.ts): its failing streak and when it started, its rest between
 * probes, its recovery (which brings its waiting retries forward) and its disabling.
 */
import type { Executor } from '../db/index.ts';

/** A failed attempt of each endpoint: the streak grows, the failing time starts; returns each endpoint's streak and start. */
export async function noteEndpointFailure(db: Executor, endpointId: string, at: Date) {
  return db
    .updateTable('webhookEndpoints')
    .set((eb) => ({
      failureStreak: eb('failureStreak', '+', 1),
      failingSince: eb.fn.coalesce('failingSince', eb.val(at.toISOString())),
    }))
    .where('id', '=', endpointId)
    .returning(['projectId', 'failureStreak', 'failingSince', 'enabled'])
    .executeTakeFirst();
}

export async function setEndpointRest(db: Executor, endpointId: string, until: Date): Promise<void> {
  await db.updateTable('webhookEndpoints').set({ restingUntil: until }).where('id', '=', endpointId).execute();
}

/**
 * Ends the failing streak of the endpoints that had one, and brings their waiting retries forward to
 * `at`: an endpoint that answers again gets its backlog now, not after each message's backoff.
 * Returns the endpoints that were failing.
 */
export async function noteEndpointsRecovered(db: Executor, endpointIds: string[], at: Date): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .updateTable('webhookEndpoints')
    .set({ failureStreak: 0, failingSince: null, restingUntil: null })
    .where('id', 'in', endpointIds)
    .where('failingSince', 'is not', null)
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .updateTable('webhookMessages')
      .set({ nextAttemptAt: at })
      .where('endpointId', 'in', ids)
      .where('status', '=', 'PENDING')
      .where('nextAttemptAt', '>', at.toISOString())
      .execute();
  }
  return ids;
}

/** Disables an endpoint that is still enabled, with the reason; the project when it did. */
export async function disableFailingEndpoint(db: Executor, endpointId: string, reason: string, at: Date) {
  return db
    .updateTable('webhookEndpoints')
    .set({ enabled: false, disabledReason: reason, restingUntil: null, updatedAt: at })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning(['projectId', 'url'])
    .executeTakeFirst();
}
