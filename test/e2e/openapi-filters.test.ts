// Invariant: /openapi.json publishes the filter language exactly (operators, the operators fitting
// each field kind, units, email facts, both body forms, nested to any depth), every place a filter
// goes points at it, and what the document describes is what the parser accepts: a filter built
// from the document's own enums and forms, nested, is taken by POST /segments, and a value outside
// them is refused with 422, whatever the schema-less request validation lets through.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, read by path in assertions
type Json = Record<string, any>;

describe.each(DIALECTS)('the filter language in the OpenAPI document on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const document = async () => (await t.app.inject({ url: '/openapi.json' })).json() as Json;
  const body = (doc: Json, path: string, method: string) =>
    doc.paths[path][method].requestBody.content['application/json'].schema.properties;

  it('points every filter of segments and campaigns at the exact schemas', async () => {
    const doc = await document();
    const schemas = doc.components.schemas;
    expect(schemas.FilterOperator.enum).toContain('triggeredWithin');
    expect(schemas.FilterUnit.enum).toEqual(['minutes', 'hours', 'days', 'weeks', 'months']);
    expect(schemas.FilterEventOperator.enum).toEqual(expect.arrayContaining(['triggered', 'notTriggeredWithin']));
    for (const kind of ['String', 'Number', 'Boolean', 'Date', 'Event', 'Segment'])
      for (const op of schemas[`Filter${kind}Operator`].enum) expect(schemas.FilterOperator.enum).toContain(op);
    expect(schemas.FiltersForm.properties.conditions.items.anyOf).toEqual([
      { $ref: '#/components/schemas/FilterCondition' },
      { $ref: '#/components/schemas/FiltersForm' },
    ]);
    expect(schemas.ConditionForm.properties.groups.items.properties.conditions).toEqual({
      $ref: '#/components/schemas/ConditionForm',
    });
    expect(body(doc, '/segments', 'post').filters.$ref).toBe('#/components/schemas/FiltersForm');
    expect(body(doc, '/segments', 'post').condition.$ref).toBe('#/components/schemas/ConditionForm');
    expect(body(doc, '/segments/preview', 'post').filters.$ref).toBe('#/components/schemas/FiltersForm');
    expect(body(doc, '/campaigns', 'post').audienceFilter.allOf).toEqual([
      { $ref: '#/components/schemas/FilterInput' },
    ]);
    const view = doc.paths['/segments/{id}'].get.responses['200'].content['application/json'].schema.properties;
    expect(view.condition).toMatchObject({ allOf: [{ $ref: '#/components/schemas/ConditionForm' }], nullable: true });
    // No filter is left typed as anything at all.
    expect(JSON.stringify(doc)).not.toContain('x-filter-form');
  });

  it('accepts a nested filter built from the document and refuses values outside it', async () => {
    const doc = await document();
    const { FilterStringOperator, FilterEventOperator, FilterUnit, FilterEmailFact } = doc.components.schemas;
    const p = await t.make.project();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/segments', headers: { authorization: p.auth }, payload });
    const filters = {
      operator: 'AND',
      conditions: [
        { field: 'email', operator: FilterStringOperator.enum[0], value: 'a@example.test' },
        {
          operator: 'OR',
          conditions: [
            { field: 'event.signed_up', operator: FilterEventOperator.enum[1], value: 3, unit: FilterUnit.enum[2] },
            {
              operator: 'AND',
              conditions: [{ field: `email.${FilterEmailFact.enum[0]}`, operator: FilterEventOperator.enum[0] }],
            },
          ],
        },
      ],
    };
    const ok = await post({ name: 'Nested', filters });
    expect(ok.statusCode, ok.body).toBe(201);
    // Nested, it is answered in the nested form only; that form, sent back, reads as the same tree.
    const created = ok.json().data ?? ok.json();
    expect(created.filters).toBeNull();
    expect(JSON.stringify(created.condition)).toContain('event.signed_up');
    const again = await post({ name: 'Again', condition: created.condition });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json().data ?? again.json()).condition).toEqual(created.condition);
    const bad = await post({
      name: 'Bad',
      filters: { operator: 'AND', conditions: [{ field: 'email', operator: 'resembles', value: 'x' }] },
    });
    expect(bad.statusCode).toBe(422);
    const badUnit = await post({
      name: 'Bad unit',
      filters: { conditions: [{ field: 'createdAt', operator: 'within', value: 3, unit: 'fortnights' }] },
    });
    expect(badUnit.statusCode).toBe(422);
  });
});
