import { describe, expect, it } from 'vitest';
import { configFor, draftFor } from './step-drafts.ts';

const none = new Map<string, string>();

describe('step drafts', () => {
  it('round-trips every type’s stored config', () => {
    const configs = {
      SEND_EMAIL: { templateId: 't1', recipient: { type: 'CUSTOM', customEmail: 'ops@example.com' }, topicId: 'tp1' },
      DELAY: { amount: 2, unit: 'hours' },
      WAIT_FOR_EVENT: { eventName: 'paid', timeout: 172_800 },
      CONDITION: { field: 'data.plan', operator: 'equals', value: 'pro' },
      WEBHOOK: {
        url: 'https://hooks.example.com/{{contact.id}}',
        method: 'PUT',
        headers: { 'X-Key': 'k' },
        body: { a: 1 },
      },
      UPDATE_CONTACT: {
        updates: { plan: 'pro', seats: 3, vip: true, gone: null, tags: ['a'] },
        subscriptionAction: 'none',
      },
      EXIT: { reason: 'bought already' },
    } as const;
    for (const [type, config] of Object.entries(configs)) {
      const t = type as keyof typeof configs;
      expect(configFor(t, draftFor(t, config), none), type).toEqual(config);
    }
  });

  it('gives a new step sensible defaults', () => {
    expect(draftFor('DELAY')).toEqual({ mode: 'DURATION', amount: '1', unit: 'days', localTime: '09:00', days: [] });
    expect(configFor('SEND_EMAIL', draftFor('SEND_EMAIL'), none)).toEqual({
      templateId: '',
      recipient: { type: 'CONTACT' },
    });
    expect(configFor('WAIT_FOR_EVENT', { ...draftFor('WAIT_FOR_EVENT'), eventName: ' paid ' }, none)).toEqual({
      eventName: 'paid',
    });
    expect(configFor('EXIT', draftFor('EXIT'), none)).toEqual({});
  });

  it('turns a time limit into seconds and keeps text the API should name', () => {
    const wait = { eventName: 'paid', timeLimit: true, timeoutAmount: '90', timeoutUnit: 'minutes' as const };
    expect(configFor('WAIT_FOR_EVENT', wait, none)).toEqual({ eventName: 'paid', timeout: 5400 });
    expect(draftFor('WAIT_FOR_EVENT', { eventName: 'paid', timeout: 5400 })).toEqual(wait);
    expect(configFor('DELAY', { ...draftFor('DELAY'), amount: 'soon' }, none)).toEqual({
      amount: 'soon',
      unit: 'days',
    });
  });

  it('waits until a local time, on the days ticked in week order, or any day', () => {
    const until = { until: { localTime: '09:30', days: ['MON', 'FRI'] } };
    expect(configFor('DELAY', draftFor('DELAY', until), none)).toEqual(until);
    const draft = { ...draftFor('DELAY'), mode: 'UNTIL' as const, localTime: '18:00', days: ['SAT', 'MON'] as const };
    expect(configFor('DELAY', { ...draft, days: [...draft.days] }, none)).toEqual({
      until: { localTime: '18:00', days: ['MON', 'SAT'] },
    });
    expect(configFor('DELAY', { ...draft, days: [] }, none)).toEqual({ until: { localTime: '18:00' } });
    expect(draftFor('DELAY', { until: { localTime: '07:00' } })).toMatchObject({ mode: 'UNTIL', days: [] });
  });

  it('sends a webhook body that is not a JSON object as text', () => {
    const d = { ...draftFor('WEBHOOK'), url: 'https://x.test', body: 'plain {{contact.email}}' };
    expect(configFor('WEBHOOK', d, none)).toEqual({
      url: 'https://x.test',
      method: 'POST',
      headers: {},
      body: 'plain {{contact.email}}',
    });
  });

  it('opens a nested condition tree in the builder and sends it back as a tree', () => {
    const tree = { condition: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'exists' }] }] } };
    const d = draftFor('CONDITION', tree);
    expect(d.rules.kind).toBe('group');
    const sent = configFor('CONDITION', d, none);
    // Read back, the sent config gives the same config again: nothing is lost on a save.
    expect(configFor('CONDITION', draftFor('CONDITION', sent), none)).toEqual(sent);
    expect(JSON.stringify(sent)).toContain('"field":"email"');
  });
});
