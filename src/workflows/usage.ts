/**
 * Where workflows reference templates (SEND_EMAIL), event names (triggers, WAIT_FOR_EVENT, CONDITION
 * trigger operators) and contact fields (CONDITION, UPDATE_CONTACT): the lookups composed into the
 * usage endpoints. A project has few workflows; each lookup reads its steps once.
 */
import type { FieldUsageLookup } from '../contacts/fields/field-usage.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import type { EventUsageLookup } from '../events/event-usage.ts';
import { filterReferences } from '../segments/filters/check.ts';
import type { TemplateUsageLookup } from '../templates/template-usage.ts';
import { conditionTree } from './step-configs.ts';
import { listStepsOfType, listWorkflows } from './workflows.repo.ts';

type Json = Record<string, unknown>;
type Ref = { id: string; name: string };

const unique = (refs: Ref[]) => [...new Map(refs.map((r) => [r.id, { id: r.id, name: r.name }])).values()];

/** The references of a CONDITION config, or none when it no longer parses. */
function conditionRefs(config: unknown) {
  try {
    return filterReferences(conditionTree(fromJson<Json>(config)), { documents: true });
  } catch {
    return { fields: [], events: [], segments: [], documents: [] };
  }
}

export function workflowTemplateUsage(deps: Pick<Deps, 'reader'>): TemplateUsageLookup {
  return async (projectId, templateId) => {
    const steps = await listStepsOfType(deps.reader, projectId, 'SEND_EMAIL');
    const using = steps.filter((s) => fromJson<Json>(s.config).templateId === templateId);
    return { workflows: using.map((s) => ({ id: s.id, name: s.name, stepId: s.stepId })) };
  };
}

export function workflowEventUsage(deps: Pick<Deps, 'reader'>): EventUsageLookup {
  return async (projectId, eventName) => {
    const [workflows, waits, conditions] = await Promise.all([
      listWorkflows(deps.reader, projectId),
      listStepsOfType(deps.reader, projectId, 'WAIT_FOR_EVENT'),
      listStepsOfType(deps.reader, projectId, 'CONDITION'),
    ]);
    return {
      workflows: unique([
        ...workflows.filter((w) => w.triggerEvent === eventName),
        ...waits.filter((s) => fromJson<Json>(s.config).eventName === eventName),
        ...conditions.filter((s) => conditionRefs(s.config).events.includes(eventName)),
      ]),
    };
  };
}

export function workflowFieldUsage(deps: Pick<Deps, 'reader'>): FieldUsageLookup {
  return async (projectId, field) => {
    const [conditions, updates] = await Promise.all([
      listStepsOfType(deps.reader, projectId, 'CONDITION'),
      listStepsOfType(deps.reader, projectId, 'UPDATE_CONTACT'),
    ]);
    const key = field.startsWith('data.') ? field.slice(5).split('.')[0] : undefined;
    return {
      workflows: unique([
        ...conditions.filter((s) => conditionRefs(s.config).fields.includes(field)),
        ...updates.filter((s) => key !== undefined && key in (fromJson<{ updates?: Json }>(s.config).updates ?? {})),
      ]),
    };
  };
}
