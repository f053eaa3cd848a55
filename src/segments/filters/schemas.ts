/**
 * The filter language as exact OpenAPI schemas, for the document only: bodies are still read by
 * parse.ts, which accepts the operator aliases and names the failing path in its 422, so request
 * validation keeps `unknown` and the route schemas mark where a filter goes (`COMPONENT` of src/http/components.ts). The
 * document's transform (resolveComponents in src/http/components.ts) swaps each mark for a reference to these components,
 * and clients (the dashboard's typed client) get the operators, fields and units from them.
 */

import { componentRef as ref } from '../../http/components.ts';
import {
  EMAIL_FACTS,
  SEGMENT_OPERATORS,
  TRIGGER_OPERATORS,
  TYPE_OPERATORS,
  VALUELESS_OPERATORS,
  WINDOW_OPERATORS,
} from './fields.ts';
import { FILTER_LIMITS } from './parse.ts';
import { OPERATOR_ALIASES, OPERATORS, UNITS } from './tree.ts';

export type FilterFormName = 'FilterInput' | 'FiltersForm' | 'ConditionForm';

const oneOf = (values: readonly string[], description: string) => ({ type: 'string', enum: [...values], description });

const LOGIC = { type: 'string', enum: ['AND', 'OR'], description: 'How the items join; AND when absent.' };

export const FILTER_COMPONENTS: Record<string, object> = {
  FilterOperator: oneOf(
    OPERATORS,
    `What a condition tests. Accepted aliases on input: ${Object.entries(OPERATOR_ALIASES)
      .map(([a, o]) => `${a} (${o})`)
      .join(', ')}.`,
  ),
  FilterStringOperator: oneOf(TYPE_OPERATORS.string, 'Operators that fit a string field.'),
  FilterNumberOperator: oneOf(TYPE_OPERATORS.number, 'Operators that fit a number field.'),
  FilterBooleanOperator: oneOf(TYPE_OPERATORS.boolean, 'Operators that fit a boolean field.'),
  FilterDateOperator: oneOf(
    TYPE_OPERATORS.date,
    'Operators that fit a date field (createdAt, updatedAt, data.<key> of type date).',
  ),
  FilterEventOperator: oneOf(TRIGGER_OPERATORS, 'Operators that fit event.<name> and email.<fact>.'),
  FilterSegmentOperator: oneOf(SEGMENT_OPERATORS, 'Operators that fit segment.<id>.'),
  FilterWindowOperator: oneOf([...WINDOW_OPERATORS], 'Operators whose value is a window length counted in `unit`.'),
  FilterValuelessOperator: oneOf([...VALUELESS_OPERATORS], 'Operators that take no value.'),
  FilterUnit: oneOf(UNITS, 'The unit of a window operator; days when absent.'),
  FilterEmailFact: oneOf(EMAIL_FACTS, 'The email timestamps `email.<fact>` tests.'),
  FilterField: {
    type: 'string',
    minLength: 1,
    maxLength: FILTER_LIMITS.fieldLength,
    description:
      'email, subscribed, createdAt, updatedAt, data.<key> (a custom field, dotted for nested keys), event.<name>, email.<fact> (see FilterEmailFact) or segment.<id>; in a workflow CONDITION also event.<key> with a value operator (a key of the data of the event that started the run) and workflow.<key>.',
  },
  FilterCondition: {
    type: 'object',
    required: ['field', 'operator'],
    properties: {
      field: ref('FilterField'),
      operator: ref('FilterOperator'),
      value: {
        description: `The value compared: a string (at most ${FILTER_LIMITS.stringLength} characters), number or boolean; a list of at most ${FILTER_LIMITS.listLength} for in and notIn; a window length (at most ${FILTER_LIMITS.window}) for window operators; absent for valueless operators.`,
      },
      unit: ref('FilterUnit'),
      count: {
        type: 'integer',
        minimum: 1,
        maximum: FILTER_LIMITS.count,
        description:
          'Event operators: at least (triggered*) or fewer than (notTriggered*) this many events; 1 when absent.',
      },
    },
  },
  FiltersForm: {
    type: 'object',
    required: ['conditions'],
    description: `The contract form: a group whose items are conditions or nested groups (at most ${FILTER_LIMITS.depth} deep, ${FILTER_LIMITS.conditions} conditions in all). The root may be empty (every contact); a nested group may not.`,
    properties: {
      operator: LOGIC,
      conditions: { type: 'array', items: { anyOf: [ref('FilterCondition'), ref('FiltersForm')] } },
    },
  },
  ConditionForm: {
    type: 'object',
    required: ['groups'],
    description:
      'The nested form: groups joined by `logic`; each group is the AND of its filters and its nested condition.',
    properties: {
      logic: LOGIC,
      groups: {
        type: 'array',
        items: {
          type: 'object',
          required: ['filters'],
          properties: {
            filters: { type: 'array', items: ref('FilterCondition') },
            conditions: ref('ConditionForm'),
          },
        },
      },
    },
  },
  FilterInput: {
    description: 'A filter in either form.',
    anyOf: [ref('FiltersForm'), ref('ConditionForm')],
  },
};
