/** The catalogue the filter module's tests share: typed custom fields, an event, two segments, two topics. */

import { startEnglishForTests } from '../i18n/test-i18n.ts';
import { segmentFieldOptions } from './fields.ts';
import type { ConditionRow } from './tree.ts';

// The catalogue names its standard fields through the translator: started before it is made.
await startEnglishForTests();

export const options = segmentFieldOptions({
  fields: [
    { field: 'email', type: 'string', isCustom: false },
    { field: 'data.plan', type: 'string', isCustom: true },
    { field: 'data.seats', type: 'number', isCustom: true },
    { field: 'data.vip', type: 'boolean', isCustom: true },
    { field: 'data.trialEnds', type: 'date', isCustom: true },
  ],
  events: [
    { name: 'signup', system: false },
    { name: 'email.open', system: true },
  ],
  segments: [
    { id: 's1', name: 'Pro users' },
    { id: 's2', name: 'This one' },
  ],
  topics: [
    { id: 't2', name: 'Product updates' },
    { id: 't1', name: 'News' },
  ],
  excludeSegmentId: 's2',
});

export const row = (over: Partial<ConditionRow>): ConditionRow => ({
  kind: 'condition',
  id: 'r',
  field: 'email',
  operator: 'equals',
  value: '',
  unit: 'days',
  count: '',
  ...over,
});
