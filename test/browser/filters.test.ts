/**
 * The one filter builder in a workflow CONDITION step: a condition tree with groups inside groups is
 * built through the builder (add a group, put a condition in a group of its own), stored as that
 * tree, and opened again after a reload in the builder, row by row, never as JSON.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

interface Workflow {
  id: string;
  steps: Array<{ id: string; type: string; name: string | null; config: Record<string, unknown> }>;
}

/** The tree the test builds: email contains x AND (a = 1 OR (signed_up happened AND subscribed)). */
const NESTED = {
  condition: {
    operator: 'AND',
    conditions: [
      { field: 'email', operator: 'contains', value: 'x' },
      {
        operator: 'OR',
        conditions: [
          { field: 'data.a', operator: 'equals', value: 1 },
          {
            operator: 'AND',
            conditions: [
              { field: 'event.signed_up', operator: 'triggered' },
              { field: 'subscribed', operator: 'equals', value: true },
            ],
          },
        ],
      },
    ],
  },
};

/** What a condition row of the builder shows: its field, operator and (when it has one) value. */
async function readRow(row: Locator) {
  const value = row.getByLabel('Value', { exact: true });
  return {
    field: await row.getByLabel('Field', { exact: true }).inputValue(),
    operator: await row.getByLabel('Operator', { exact: true }).inputValue(),
    value: (await value.count()) > 0 ? await value.inputValue() : undefined,
  };
}

describe.each(DIALECTS)('the filter builder in a workflow condition on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'filters' });

  it('builds a nested condition, stores it as a tree and reads it back in the builder after a reload', {
    timeout: 120_000,
  }, async () => {
    const { page } = t;
    const { projectId } = await t.signUpWithProject('Filters');
    const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
    // A number field and a tracked event, so the builder offers data.a as a number and signed_up as an event.
    await call('POST', '/contacts', { email: 'ann@example.com', data: { a: 1 } });
    await call('POST', '/events/track', { email: 'ann@example.com', event: 'signed_up' });
    const workflow = await call<Workflow>('POST', '/workflows', { name: 'Nested', eventName: 'signed_up' });

    await page.goto(`/p/${projectId}/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: 'Nested', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('button', { name: /^Condition/ }).click();
    const panel = page.getByRole('complementary', { name: 'New condition step' });
    const row = (path: string) => panel.getByRole('group', { name: `Condition ${path}`, exact: true });

    // email contains x
    await row('1').getByLabel('Field', { exact: true }).selectOption('email');
    await row('1').getByLabel('Operator', { exact: true }).selectOption('contains');
    await row('1').getByLabel('Value', { exact: true }).fill('x');
    // AND (a = 1 OR signed_up happened): a new group takes the other logic, OR.
    await panel.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = panel.getByRole('group', { name: 'Group 2', exact: true });
    expect(await group.getByLabel('Match all or any of group 2', { exact: true }).inputValue()).toBe('OR');
    await row('2.1').getByLabel('Field', { exact: true }).selectOption('data.a');
    await row('2.1').getByLabel('Operator', { exact: true }).selectOption('equals');
    await row('2.1').getByLabel('Value', { exact: true }).fill('1');
    await group.getByRole('button', { name: 'Add condition to group 2' }).click();
    await row('2.2').getByLabel('Field', { exact: true }).selectOption('event.signed_up');
    expect(await row('2.2').getByLabel('Operator', { exact: true }).inputValue()).toBe('triggered');
    // One level deeper: the event condition in a group of its own, with "subscribed" beside it.
    await row('2.2').getByRole('button', { name: 'Put condition 2.2 in a group' }).click();
    const inner = panel.getByRole('group', { name: 'Group 2.2', exact: true });
    expect(await inner.getByLabel('Match all or any of group 2.2', { exact: true }).inputValue()).toBe('AND');
    await inner.getByRole('button', { name: 'Add condition to group 2.2' }).click();
    await row('2.2.2').getByLabel('Field', { exact: true }).selectOption('subscribed');
    expect(await row('2.2.2').getByLabel('Value', { exact: true }).inputValue()).toBe('true');
    await panel.getByLabel('Label (optional)').fill('Nested check');
    await t.screenshot('built');
    await panel.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('complementary', { name: 'Nested check' }).waitFor();

    // Stored as the nested tree.
    const stored = await call<Workflow>('GET', `/workflows/${workflow.id}`);
    const step = stored.steps.find((s) => s.type === 'CONDITION')!;
    expect(step.config).toEqual(NESTED);

    // After a reload, the step opens in the builder with the same tree, row by row.
    await page.goto(`/p/${projectId}/workflows/${workflow.id}?step=${step.id}`);
    await page.getByRole('heading', { name: 'Nested', level: 1 }).waitFor();
    const edit = page.getByRole('complementary', { name: 'Nested check' });
    await edit.getByRole('group', { name: 'Condition 2.2.2', exact: true }).waitFor();
    const at = (path: string) => readRow(edit.getByRole('group', { name: `Condition ${path}`, exact: true }));
    expect(await edit.getByLabel('Match all or any of the filter').inputValue()).toBe('AND');
    expect(await at('1')).toEqual({ field: 'email', operator: 'contains', value: 'x' });
    expect(await edit.getByLabel('Match all or any of group 2', { exact: true }).inputValue()).toBe('OR');
    expect(await at('2.1')).toEqual({ field: 'data.a', operator: 'equals', value: '1' });
    expect(await edit.getByLabel('Match all or any of group 2.2', { exact: true }).inputValue()).toBe('AND');
    expect(await at('2.2.1')).toEqual({ field: 'event.signed_up', operator: 'triggered', value: undefined });
    expect(await at('2.2.2')).toEqual({ field: 'subscribed', operator: 'equals', value: 'true' });
    expect(await edit.getByRole('group', { name: /^(Condition|Group) \d/ }).count()).toBe(6);
    expect(await edit.getByRole('textbox', { name: /JSON/ }).count()).toBe(0);
    await t.screenshot('read-back');

    // Dissolving the inner group and saving stores the flatter tree.
    await edit.getByRole('button', { name: 'Ungroup group 2.2' }).click();
    await edit.getByRole('group', { name: 'Condition 2.3', exact: true }).waitFor();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Step saved').waitFor();
    const group2 = NESTED.condition.conditions[1] as { operator: string; conditions: unknown[] };
    const flatter = {
      condition: {
        operator: 'AND',
        conditions: [
          NESTED.condition.conditions[0],
          {
            operator: 'OR',
            conditions: [
              group2.conditions[0],
              { field: 'event.signed_up', operator: 'triggered' },
              { field: 'subscribed', operator: 'equals', value: true },
            ],
          },
        ],
      },
    };
    await expect
      .poll(
        async () =>
          (await call<Workflow>('GET', `/workflows/${workflow.id}`)).steps.find((s) => s.id === step.id)!.config,
      )
      .toEqual(flatter);
  });
});
