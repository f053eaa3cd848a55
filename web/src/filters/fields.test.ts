// Invariant: the builder offers each field with exactly the operators the API accepts for it.
import { describe, expect, it } from 'vitest';
import { customOperators, findOption, workflowFieldOptions } from './fields.ts';
import { initialValue, KIND_OPERATORS, operatorLabel, valueInput } from './operators.ts';
import { options } from './test-options.ts';

describe('field catalogues', () => {
  it('lists standard fields, typed custom fields, custom events, email facts, other segments and topics', () => {
    expect(options.map((o) => `${o.section}:${o.key}:${o.kind}`)).toEqual([
      'Contact:email:string',
      'Contact:subscribed:boolean',
      'Contact:createdAt:date',
      'Contact:updatedAt:date',
      'Custom fields:data.plan:string',
      'Custom fields:data.seats:number',
      'Custom fields:data.trialEnds:date',
      'Custom fields:data.vip:boolean',
      'Events:event.signup:event',
      'Email activity:email.sent:email',
      'Email activity:email.delivered:email',
      'Email activity:email.opened:email',
      'Email activity:email.clicked:email',
      'Email activity:email.bounced:email',
      'Email activity:email.complained:email',
      'Segments:segment.s1:segment',
      'Topics:topic.t1:topic',
      'Topics:topic.t2:topic',
    ]);
    expect(options.filter((o) => o.kind === 'topic').map((o) => o.label)).toEqual(['News', 'Product updates']);
  });

  it('reads a workflow catalogue, telling an event’s data key from an event of the same name', () => {
    const wf = workflowFieldOptions(
      [
        { field: 'email', type: 'string', source: 'contact' },
        { field: 'data.plan', type: 'string', source: 'contact' },
        { field: 'event.amount', type: 'number', source: 'event' },
        { field: 'event.amount', type: 'event', source: 'event' },
        { field: 'email.opened', type: 'event', source: 'email' },
        { field: 'segment.s1', type: 'segment', source: 'segment' },
        { field: 'topic.t1', type: 'topic', source: 'topic' },
        { field: 'topic.t9', type: 'topic', source: 'topic' },
      ],
      new Map([['s1', 'Pro users']]),
      new Map([['t1', 'News']]),
    );
    expect(wf.map((o) => `${o.section}:${o.key}:${o.kind}:${o.label}`)).toEqual([
      'Contact:email:string:Email',
      'Custom fields:data.plan:string:plan',
      'Event data:event.amount:number:amount',
      'Events:event.amount~event:event:amount',
      'Email activity:email.opened:email:Opened an email',
      'Segments:segment.s1:segment:Pro users',
      // Named once GET /topics is in; by id until then.
      'Topics:topic.t1:topic:News',
      'Topics:topic.t9:topic:t9',
    ]);
    expect(findOption('event.amount', 'greaterThan', wf).kind).toBe('number');
    expect(findOption('event.amount', 'triggered', wf).kind).toBe('event');
  });

  it('names fields the catalogue does not list by their namespace and operator', () => {
    expect(findOption('event.never', 'triggered', options)).toMatchObject({ kind: 'event', label: 'never' });
    expect(findOption('event.total', 'greaterThan', options)).toMatchObject({ kind: 'any', section: 'Event data' });
    expect(findOption('data.gone', 'equals', options)).toMatchObject({ kind: 'any', label: 'gone' });
    expect(findOption('segment.s9', 'memberOfSegment', options)).toMatchObject({ label: 'Deleted segment' });
    expect(findOption('topic.t9', 'equals', options)).toMatchObject({ kind: 'topic', label: 'Deleted topic' });
    expect(findOption('workflow.plan', 'equals', options).kind).toBe('any');
    expect(customOperators('event.x')).toContain('triggered');
    expect(customOperators('workflow.x')).not.toContain('triggered');
  });

  it('offers the operators of the field type, and the value input they need', () => {
    expect(KIND_OPERATORS.boolean).toEqual(['equals', 'notEquals', 'exists', 'notExists']);
    expect(KIND_OPERATORS.number).not.toContain('contains');
    expect(KIND_OPERATORS.string).not.toContain('greaterThan');
    expect(new Set(KIND_OPERATORS.any)).toEqual(
      new Set([...KIND_OPERATORS.string, ...KIND_OPERATORS.number, ...KIND_OPERATORS.date]),
    );
    expect(valueInput('date', 'within')).toBe('window');
    expect(valueInput('date', 'greaterThan')).toBe('date');
    expect(valueInput('number', 'in')).toBe('list');
    expect(valueInput('event', 'triggered')).toBe('none');
    expect(valueInput('boolean', 'equals')).toBe('boolean');
  });

  it('tests a topic with equals or not, as a subscribed / not subscribed choice that starts at true', () => {
    expect(KIND_OPERATORS.topic).toEqual(['equals', 'notEquals']);
    expect(KIND_OPERATORS.topic.map((op) => operatorLabel('topic', op))).toEqual(['is', 'is not']);
    expect(valueInput('topic', 'equals')).toBe('topic');
    expect(valueInput('topic', 'notEquals')).toBe('topic');
    expect(initialValue('topic')).toBe('true');
    expect(initialValue('string')).toBe('');
  });
});
