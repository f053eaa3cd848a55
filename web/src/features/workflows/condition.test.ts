import { describe, expect, it } from 'vitest';
import { configFromDraft, draftFromConfig, emptyRule, ruleErrorAt } from './condition.ts';

const types = new Map([
  ['data.plan', 'string'],
  ['data.seats', 'number'],
  ['subscribed', 'boolean'],
  ['createdAt', 'date'],
]);

describe('condition drafts', () => {
  it('reads a single rule and writes it back flat, typed by its field', () => {
    const draft = draftFromConfig({ field: 'data.seats', operator: 'gt', value: 5 });
    expect(draft).toEqual({
      logic: 'AND',
      rules: [{ field: 'data.seats', operator: 'greaterThan', value: '5', unit: 'days', count: '' }],
    });
    expect(configFromDraft(draft!, types)).toEqual({ field: 'data.seats', operator: 'greaterThan', value: 5 });
  });

  it('writes several rules under condition with their logic', () => {
    const config = configFromDraft(
      {
        logic: 'OR',
        rules: [
          { ...emptyRule(), field: 'data.plan', operator: 'in', value: 'pro, team ,' },
          { ...emptyRule(), field: 'subscribed', operator: 'equals', value: 'true' },
          { ...emptyRule(), field: 'createdAt', operator: 'within', value: '7', unit: 'days' },
          { ...emptyRule(), field: 'data.plan', operator: 'exists', value: 'ignored' },
          { ...emptyRule(), field: 'event.paid', operator: 'triggered', count: '2' },
        ],
      },
      types,
    );
    expect(config).toEqual({
      condition: {
        operator: 'OR',
        conditions: [
          { field: 'data.plan', operator: 'in', value: ['pro', 'team'] },
          { field: 'subscribed', operator: 'equals', value: true },
          { field: 'createdAt', operator: 'within', value: 7, unit: 'days' },
          { field: 'data.plan', operator: 'exists' },
          { field: 'event.paid', operator: 'triggered', count: 2 },
        ],
      },
    });
    expect(draftFromConfig(config)).toMatchObject({
      logic: 'OR',
      rules: [{ value: 'pro, team' }, { value: 'true' }, { value: '7', unit: 'days' }, { value: '' }, { count: '2' }],
    });
  });

  it('keeps text that is not a number as typed, so the API can name the problem', () => {
    expect(
      configFromDraft({ logic: 'AND', rules: [{ ...emptyRule(), field: 'data.seats', value: 'many' }] }, types),
    ).toEqual({ field: 'data.seats', operator: 'equals', value: 'many' });
  });

  it('starts an empty config with one blank rule and refuses trees it cannot show as rows', () => {
    expect(draftFromConfig({})).toEqual({ logic: 'AND', rules: [emptyRule()] });
    expect(draftFromConfig({ condition: { logic: 'AND', groups: [{ filters: [] }] } })).toBeNull();
    expect(
      draftFromConfig({ condition: { operator: 'AND', conditions: [{ operator: 'OR', conditions: [] }] } }),
    ).toBeNull();
  });

  it('maps API error paths to a rule and its part', () => {
    expect(ruleErrorAt('config.value')).toEqual({ index: 0, part: 'value' });
    expect(ruleErrorAt('config.condition.conditions[2].field')).toEqual({ index: 2, part: 'field' });
    expect(ruleErrorAt('config.condition')).toBeNull();
  });
});
