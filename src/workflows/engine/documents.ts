/** The JSON an execution carries besides its contact: its latest event and its context. */
import { fromJson } from '../../db/codecs.ts';
import type { StoredEvent } from '../../events/events.service.ts';
import type { ExecutionRow } from './executions.repo.ts';

export interface ExecutionEvent {
  id?: string | null;
  name?: string | null;
  data?: Record<string, unknown>;
}

/** The execution's latest event (`{ id, name, data }`, `{}` when started without one) and its context, parsed. */
export function documentsOf(row: Pick<ExecutionRow, 'event' | 'context'>) {
  const event = fromJson<ExecutionEvent>(row.event) ?? {};
  return { event, eventData: event.data ?? {}, context: fromJson<Record<string, unknown>>(row.context) ?? {} };
}

/** An event as an execution carries it (its `event` column, and a step's history). */
export const eventDocument = (e: Pick<StoredEvent, 'id' | 'name' | 'data'>) => ({
  id: e.id,
  name: e.name,
  data: e.data,
});
