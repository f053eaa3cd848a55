/**
 * Topics in the filter builder (beyond.md §1), for someone who never writes a request: the field
 * picker lists the project's topics by name, a segment built on "News is subscribed" is stored as
 * `topic.<id> equals true`, reads back as "Subscribed to topic News", and its members are exactly
 * the contacts subscribed to the topic; a workflow condition's picker names the topic too.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Topic = { id: string; name: string };
type Contact = { id: string; email: string; topics: string[] };
type Segment = { id: string; name: string; filters: unknown };

describe.each(DIALECTS)('topics in the filter builder on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'consent-filters' });
  let projectId = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);

  it('builds a segment of a topic’s subscribers in the builder', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId } = await t.signUpWithProject('Topic filters'));
    const news = await call<Topic>('POST', '/topics', { name: 'News' });
    await call<Topic>('POST', '/topics', { name: 'Offers' });
    const ann = await call<Contact>('POST', '/contacts', { email: 'ann@topics.test' });
    await call<Contact>('POST', '/contacts', { email: 'bob@topics.test' });
    const subscribed = await call<Contact>('PATCH', `/contacts/${ann.id}`, { topics: { [news.id]: true } });
    expect(subscribed.topics).toEqual([news.id]);

    await page.goto(`/p/${projectId}/segments/new`);
    await page.getByRole('heading', { name: 'New segment' }).waitFor();
    const count = page.getByTestId('match-count');
    await expect.poll(() => count.textContent()).toBe('2');
    await page.getByLabel('Name').fill('News readers');
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const row = page.getByRole('group', { name: 'Condition 1', exact: true });
    const field = row.getByLabel('Field', { exact: true });
    // The topics are their own section of the picker, by name.
    expect(await field.locator('optgroup[label="Topics"] option').allTextContents()).toEqual(['News', 'Offers']);
    await field.selectOption({ label: 'News' });
    expect(await field.inputValue()).toBe(`topic.${news.id}`);
    const operator = row.getByLabel('Operator', { exact: true });
    expect(await operator.locator('option').allTextContents()).toEqual(['is', 'is not']);
    expect(await operator.inputValue()).toBe('equals');
    const value = row.getByLabel('Value', { exact: true });
    expect(await value.locator('option').allTextContents()).toEqual(['subscribed', 'not subscribed']);
    expect(await value.inputValue()).toBe('true');
    await expect.poll(() => count.textContent()).toBe('1');
    await t.screenshot('builder');
    await page.getByRole('button', { name: 'Create segment' }).click();

    await page.getByRole('heading', { name: 'News readers', level: 1 }).waitFor();
    await page.getByText('Subscribed to topic News').waitFor();
    const segment = (await call<Segment[]>('GET', '/segments')).find((s) => s.name === 'News readers')!;
    expect(segment.filters).toEqual({
      operator: 'AND',
      conditions: [{ field: `topic.${news.id}`, operator: 'equals', value: true }],
    });
    const members = await call<{ data: Contact[] }>('GET', `/segments/${segment.id}/contacts`);
    expect(members.data.map((c) => c.email)).toEqual(['ann@topics.test']);
    await t.screenshot('detail');

    // A workflow condition's picker names the topic too (GET /workflows/fields lists it by id).
    const workflow = await call<{ id: string }>('POST', '/workflows', { name: 'Topic check', eventName: 'signed_up' });
    await page.goto(`/p/${projectId}/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: 'Topic check', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('button', { name: /^Condition/ }).click();
    const panel = page.getByRole('complementary', { name: 'New condition step' });
    const step = panel.getByRole('group', { name: 'Condition 1', exact: true });
    const stepField = step.getByLabel('Field', { exact: true });
    await expect
      .poll(() => stepField.locator('optgroup[label="Topics"] option').allTextContents())
      .toEqual(['News', 'Offers']);
    await stepField.selectOption({ label: 'News' });
    await step.getByLabel('Operator', { exact: true }).selectOption('notEquals');
    expect(await step.getByLabel('Value', { exact: true }).inputValue()).toBe('true');
    await panel.getByLabel('Label (optional)').fill('Not a reader');
    await panel.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('complementary', { name: 'Not a reader' }).waitFor();
    const stored = await call<{ steps: Array<{ type: string; config: unknown }> }>('GET', `/workflows/${workflow.id}`);
    expect(stored.steps.find((s) => s.type === 'CONDITION')!.config).toEqual({
      field: `topic.${news.id}`,
      operator: 'notEquals',
      value: true,
    });
  });
});
