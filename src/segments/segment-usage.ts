/**
 * Where segments reference a custom field or an event name: the segments' part of
 * GET /contacts/fields/:field/usage (a lookup given at composition) and of GET /events/:eventName/usage.
 */
import type { FieldUsageLookup } from '../contacts/fields/field-usage.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { filterReferences } from './filters/check.ts';
import type { FilterGroup } from './filters/tree.ts';
import { listSegments } from './segments.repo.ts';

type Refs = ReturnType<typeof filterReferences>;

async function segmentsReferencing(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  test: (refs: Refs) => boolean,
): Promise<{ id: string; name: string }[]> {
  const rows = await listSegments(deps.reader, projectId);
  return rows
    .filter((s) => s.filter !== null && test(filterReferences(fromJson<FilterGroup>(s.filter))))
    .map((s) => ({ id: s.id, name: s.name }));
}

/** The field-usage lookup: segments whose filter references `field` (`email`, `data.plan`). */
export function segmentFieldUsage(deps: Pick<Deps, 'reader'>): FieldUsageLookup {
  return async (projectId, field) => ({
    segments: await segmentsReferencing(deps, projectId, (refs) => refs.fields.includes(field)),
  });
}

/** Segments whose filter references the event `eventName` (`event.<name>` conditions). */
export async function segmentsUsingEvent(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  eventName: string,
): Promise<{ id: string; name: string }[]> {
  return segmentsReferencing(deps, projectId, (refs) => refs.events.includes(eventName));
}
