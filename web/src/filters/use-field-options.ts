/** The segment catalogue of fields for the builder, from the queries every screen shares. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useProject } from '../lib/project-context.tsx';
import { fieldQueries } from '../queries/contacts.ts';
import { eventQueries } from '../queries/events.ts';
import { segmentQueries } from '../queries/segments.ts';
import { topicQueries } from '../queries/topics.ts';
import { type FieldOption, segmentFieldOptions } from './fields.ts';

/**
 * Everything a segment or campaign filter can test in this project: contact fields with their
 * types, custom event names, email facts, the other segments and the topics. `options` is undefined
 * until all four lists are in; `retry` asks again for the ones that failed.
 */
export function useFieldOptions(excludeSegmentId?: string) {
  const scope = useProject();
  const fields = useQuery(fieldQueries.list(scope));
  const events = useQuery(eventQueries.names(scope));
  const segments = useQuery(segmentQueries.list(scope));
  const topics = useQuery(topicQueries.list(scope));
  const options = useMemo<FieldOption[] | undefined>(() => {
    if (!fields.data || !events.data || !segments.data || !topics.data) return undefined;
    return segmentFieldOptions({
      fields: fields.data.fields,
      events: events.data.names,
      segments: segments.data,
      topics: topics.data,
      excludeSegmentId,
    });
  }, [fields.data, events.data, segments.data, topics.data, excludeSegmentId]);
  const error = fields.error ?? events.error ?? segments.error ?? topics.error;
  const retry = () => {
    for (const q of [fields, events, segments, topics]) if (q.isError) void q.refetch();
  };
  return { options, error, retry };
}
