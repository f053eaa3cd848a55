/** The segment catalogue of fields for the builder, from the queries every screen shares. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useProject } from '../../app/project-context.tsx';
import { fieldQueries } from '../../queries/contacts.ts';
import { eventQueries } from '../../queries/events.ts';
import { segmentQueries } from '../../queries/segments.ts';
import { type FieldOption, segmentFieldOptions } from './fields.ts';

/**
 * Everything a segment or campaign filter can test in this project: contact fields with their
 * types, custom event names, email facts and the other segments. `options` is undefined until all
 * three lists are in; `retry` asks again for the ones that failed.
 */
export function useFieldOptions(excludeSegmentId?: string) {
  const scope = useProject();
  const fields = useQuery(fieldQueries.list(scope));
  const events = useQuery(eventQueries.names(scope));
  const segments = useQuery(segmentQueries.list(scope));
  const options = useMemo<FieldOption[] | undefined>(() => {
    if (!fields.data || !events.data || !segments.data) return undefined;
    return segmentFieldOptions({
      fields: fields.data.fields,
      events: events.data.names,
      segments: segments.data,
      excludeSegmentId,
    });
  }, [fields.data, events.data, segments.data, excludeSegmentId]);
  const error = fields.error ?? events.error ?? segments.error;
  const retry = () => {
    for (const q of [fields, events, segments]) if (q.isError) void q.refetch();
  };
  return { options, error, retry };
}
