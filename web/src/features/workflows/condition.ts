/**
 * A CONDITION step's config as the filter builder's tree and back. The API takes one condition flat
 * (`{ field, operator, value, unit?, count? }`) or a tree under `condition` in either filter form,
 * nested as deep as filters nest anywhere; every stored config opens in the builder. One condition
 * is written flat, anything more as `condition: { operator, conditions }`. Pure.
 */
import { type Converted, fromApi, fromCondition, toApi, toApiCondition } from '../../filters/convert.ts';
import { type FieldOption, workflowFieldOptions } from '../../filters/fields.ts';
import { type GroupNode, newCondition, newGroup } from '../../filters/tree.ts';

/** The condition as the builder edits it: the root group of a filter tree. */
export type ConditionDraft = GroupNode;

type Config = Record<string, unknown>;

/** The builder's tree for a stored config; a new step's starts with one condition to fill in. */
export function draftFromConfig(config: Config | undefined): ConditionDraft {
  if (!config || Object.keys(config).length === 0) return newGroup('AND', [newCondition([])]);
  if (config.condition !== undefined && config.condition !== null) return fromApi(config.condition);
  return newGroup('AND', [fromCondition(config)]);
}

/**
 * The config for the tree, with each node's path in the request (`config.value`,
 * `config.condition.conditions[1].conditions[0]`) to place the API's errors, and the builder's own
 * problems. A value the API would refuse is sent as typed, so its message lands on the row.
 */
export function conditionBody(draft: ConditionDraft, options: FieldOption[]): Converted & { config: Config } {
  const only = draft.children.length === 1 ? draft.children[0]! : undefined;
  if (only?.kind === 'condition') {
    const { out, problem } = toApiCondition(only, options);
    return {
      config: { ...out },
      filters: { operator: 'AND', conditions: [out] },
      paths: { config: only.id },
      problems: problem ? { [only.id]: problem } : {},
    };
  }
  const converted = toApi(draft, options, 'config.condition');
  return { ...converted, config: { condition: converted.filters } };
}

/** The config the API takes; `types` gives each field's type as GET /workflows/fields lists it. */
export function configFromDraft(draft: ConditionDraft, types: ReadonlyMap<string, string>): Config {
  return conditionBody(draft, optionsFromTypes(types)).config;
}

/** A catalogue from field types alone: enough to type values (labels and segment names are not needed). */
function optionsFromTypes(types: ReadonlyMap<string, string>): FieldOption[] {
  const sourceOf = (field: string, type: string) => {
    if (type === 'segment' || type === 'topic') return type;
    if (field.startsWith('email.') && type === 'event') return 'email';
    if (field.startsWith('event.')) return 'event';
    return field.startsWith('workflow.') ? 'context' : 'contact';
  };
  const fields = [...types].map(([field, type]) => ({ field, type, source: sourceOf(field, type) }));
  return workflowFieldOptions(fields, new Map());
}
