/**
 * GET /workflows/fields: what a CONDITION can test. The contact's fields with their types, the
 * project's event names (counted with the trigger operators), email facts, segments, and the data keys
 * of the latest event of each name a workflow starts on or waits for (read as `event.<key>`, the
 * execution's latest event), and the project's topics (`topic.<id>`, equals true or false). The context
 * (`workflow.<key>`) is whatever a start passes, so it is not listed.
 */
import { fieldTypesOf } from '../contacts/data-rules.ts';
import { getFieldTypes } from '../contacts/fields/fields.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { listEventNames, listEvents } from '../events/events-api.service.ts';
import {
  EMAIL_FACTS,
  SEGMENT_OPERATORS,
  TOPIC_OPERATORS,
  TRIGGER_OPERATORS,
  TYPE_OPERATORS,
} from '../segments/filters/fields.ts';
import { listSegments } from '../segments/segments.service.ts';
import { topicDefs } from '../topics/topics.service.ts';
import { listStepsOfType, listWorkflows } from './workflows.repo.ts';
import type { WorkflowFields } from './workflows.schemas.ts';

type Field = WorkflowFields['fields'][number];

const STANDARD = [
  ['email', 'string'],
  ['subscribed', 'boolean'],
  ['createdAt', 'date'],
  ['updatedAt', 'date'],
] as const;

export async function workflowFields(
  deps: Pick<Deps, 'reader' | 'topics'>,
  projectId: string,
): Promise<WorkflowFields> {
  const [types, names, segments, workflows, waits, topics] = await Promise.all([
    getFieldTypes(deps, projectId),
    listEventNames(deps, projectId),
    listSegments(deps, projectId),
    listWorkflows(deps.reader, projectId),
    listStepsOfType(deps.reader, projectId, 'WAIT_FOR_EVENT'),
    topicDefs(deps, projectId),
  ]);
  const fields: Field[] = STANDARD.map(([field, type]) => ({
    field,
    type,
    source: 'contact' as const,
    operators: [...TYPE_OPERATORS[type]],
  }));
  for (const [key, type] of [...types].sort(([a], [b]) => a.localeCompare(b))) {
    fields.push({ field: `data.${key}`, type, source: 'contact', operators: [...TYPE_OPERATORS[type]] });
  }
  // Keys of the latest event of each name the workflows start on or wait for.
  const awaited = new Set<string>([
    ...workflows.flatMap((w) => (w.triggerEvent ? [w.triggerEvent] : [])),
    ...waits.flatMap((s) => {
      const name = fromJson<{ eventName?: string }>(s.config).eventName;
      return name ? [name] : [];
    }),
  ]);
  const seen = new Set<string>();
  for (const name of awaited) {
    const latest = (await listEvents(deps, projectId, { name, limit: 1 })).data[0];
    // Sorted: PostgreSQL's jsonb does not keep the order the keys were sent in.
    const keys = fieldTypesOf(latest?.data ?? {}).sort((a, b) => a.key.localeCompare(b.key));
    for (const { key, type } of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      fields.push({ field: `event.${key}`, type, source: 'event', operators: [...TYPE_OPERATORS[type]] });
    }
  }
  for (const n of names.names)
    fields.push({ field: `event.${n.name}`, type: 'event', source: 'event', operators: [...TRIGGER_OPERATORS] });
  for (const fact of EMAIL_FACTS)
    fields.push({ field: `email.${fact}`, type: 'event', source: 'email', operators: [...TRIGGER_OPERATORS] });
  for (const s of segments)
    fields.push({ field: `segment.${s.id}`, type: 'segment', source: 'segment', operators: [...SEGMENT_OPERATORS] });
  for (const t of topics)
    fields.push({ field: `topic.${t.id}`, type: 'topic', source: 'topic', operators: [...TOPIC_OPERATORS] });
  return { fields };
}
