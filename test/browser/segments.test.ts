/**
 * Segments in the dashboard: building a dynamic segment with the filter builder while its live count
 * follows, saving it and seeing its members, editing its filter, refreshing and recomputing, a static
 * segment's members added and removed by email (a removal undone once), deleting; every screen
 * survives a reload.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Segment = {
  id: string;
  name: string;
  type: string;
  memberCount: number;
  filters: unknown;
  trackMembership: boolean;
};

describe.each(DIALECTS)('dashboard segments on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'segments' });
  let projectId = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);

  it('builds a segment with a live count, saves it and lists its members', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId } = await t.signUpWithProject('Segments'));
    const people = [
      { email: 'ann@shop.test', data: { plan: 'pro', seats: 12 } },
      { email: 'bob@shop.test', data: { plan: 'pro', seats: 2 }, subscribed: false },
      { email: 'cat@shop.test', data: { plan: 'free', seats: 8 } },
      { email: 'dan@shop.test', data: { plan: 'team', seats: 1 }, subscribed: false },
    ];
    for (const p of people) await call('POST', '/contacts', p);
    await call('POST', '/events/track', { email: 'cat@shop.test', event: 'upgraded' });

    await page.goto(`/p/${projectId}/segments`);
    await page.getByRole('heading', { name: 'Segments', level: 1 }).waitFor();
    await page.getByText('No segments yet').waitFor();
    await t.reloadShows('Segments');
    await t.screenshot('empty');

    await page.getByRole('link', { name: 'New segment' }).click();
    await page.getByRole('heading', { name: 'New segment' }).waitFor();
    await t.reloadShows('New segment');
    // An empty filter matches everyone.
    const count = page.getByTestId('match-count');
    await expect.poll(() => count.textContent()).toBe('4');

    await page.getByLabel('Name').fill('Big pro accounts');
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const first = page.getByRole('group', { name: 'Condition 1', exact: true });
    await first.getByLabel('Field').selectOption('data.plan');
    await first.getByLabel('Operator').selectOption('equals');
    // An unfinished row holds the count back, and saving names it.
    await page.getByText('Finish the highlighted conditions').waitFor();
    await page.getByRole('button', { name: 'Create segment' }).click();
    await first.getByText('Enter a value.').waitFor();
    await first.getByLabel('Value').fill('pro');
    await expect.poll(() => count.textContent()).toBe('2');
    await page.getByText('1 subscribed').waitFor();

    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const second = page.getByRole('group', { name: 'Condition 2', exact: true });
    await second.getByLabel('Field').selectOption('data.seats');
    await second.getByLabel('Operator').selectOption('greaterThanOrEqual');
    await second.getByLabel('Value').fill('5');
    await expect.poll(() => count.textContent()).toBe('1');

    // "any" of: pro, or at least 5 seats, or in a group: the event happened.
    await page.getByLabel('Match all or any of the filter').selectOption('OR');
    await expect.poll(() => count.textContent()).toBe('3');
    await page.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = page.getByRole('group', { name: 'Group 3', exact: true });
    const inGroup = group.getByRole('group', { name: 'Condition 3.1', exact: true });
    await inGroup.getByLabel('Field').selectOption('event.upgraded');
    await inGroup.getByLabel('Operator').selectOption('triggeredWithin');
    await inGroup.getByLabel('Amount').fill('7');
    await inGroup.getByLabel('Unit').selectOption('days');
    await expect.poll(() => count.textContent()).toBe('3');
    await page.getByRole('region', { name: 'Matching contacts' }).getByText('ann@shop.test').waitFor();
    await t.screenshot('builder');
    await page.setViewportSize({ width: 1024, height: 860 });
    await t.screenshot('builder-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Remove the group again: the segment is "plan is pro, or at least 5 seats".
    await page.getByRole('button', { name: 'Remove group 3' }).click();
    await page.getByLabel('Match all or any of the filter').selectOption('AND');
    await expect.poll(() => count.textContent()).toBe('1');
    await page.getByRole('button', { name: 'Create segment' }).click();

    await page.getByRole('heading', { name: 'Big pro accounts', level: 1 }).waitFor();
    const segments = await call<Segment[]>('GET', '/segments');
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      name: 'Big pro accounts',
      type: 'DYNAMIC',
      memberCount: 1,
      filters: {
        operator: 'AND',
        conditions: [
          { field: 'data.plan', operator: 'equals', value: 'pro' },
          { field: 'data.seats', operator: 'greaterThanOrEqual', value: 5 },
        ],
      },
    });
    const members = page.getByRole('table', { name: 'Members of Big pro accounts' });
    await members.getByRole('link', { name: 'ann@shop.test' }).waitFor();
    expect(await members.getByRole('row').count()).toBe(2);
    await page.getByText('plan is pro').waitFor();
    await t.reloadShows('Big pro accounts');
    await members.getByRole('link', { name: 'ann@shop.test' }).waitFor();
    await t.screenshot('detail');

    // Edit: the filter comes back as saved; loosen it to any pro account.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(/tab=edit/);
    await t.reloadShows('Big pro accounts');
    const saved = page.getByRole('group', { name: 'Condition 2', exact: true });
    expect(await saved.getByLabel('Value').inputValue()).toBe('5');
    await page.getByLabel('Track membership').check();
    await saved.getByRole('button', { name: 'Remove condition 2' }).click();
    await expect.poll(() => count.textContent()).toBe('2');
    await t.screenshot('edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('tab', { name: 'Members', selected: true }).waitFor();
    await members.getByRole('link', { name: 'bob@shop.test' }).waitFor();
    const edited = await call<Segment>('GET', `/segments/${segments[0]!.id}`);
    expect(edited).toMatchObject({ memberCount: 2, trackMembership: true });

    // A new pro contact is a member at once (live), the stored count follows on refresh.
    await call('POST', '/contacts', { email: 'eve@shop.test', data: { plan: 'pro' } });
    await page.getByRole('button', { name: 'Refresh count' }).click();
    await page.getByText('Counted again: 3 members').waitFor();
    await members.getByRole('link', { name: 'eve@shop.test' }).waitFor();
    await page.getByRole('button', { name: 'Recompute membership' }).click();
    await page.getByText(/Membership recomputed: \d+ joined, 0 left/).waitFor();
  });

  it('keeps a static list by email and deletes segments', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/segments/new`);
    await page.getByLabel('Name').fill('Beta testers');
    await page.getByRole('radio', { name: /Static/ }).check();
    await expect(page.getByRole('region', { name: 'Matching contacts' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { name: 'Beta testers', level: 1 }).waitFor();
    await page.getByText('No members yet').waitFor();

    await page.getByLabel('Email addresses').fill('ann@shop.test, nobody@shop.test');
    await page.getByRole('button', { name: 'Add 2 members' }).click();
    await page.getByText('1 address had no contact and was left out.').waitFor();
    expect(await page.getByLabel('Email addresses').inputValue()).toBe('nobody@shop.test');
    await page.getByLabel('Create contacts for addresses not in the project yet').check();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('1 member added, 1 contact created').waitFor();
    const members = page.getByRole('table', { name: 'Members of Beta testers' });
    await members.getByRole('link', { name: 'nobody@shop.test' }).waitFor();
    await members.getByRole('link', { name: 'ann@shop.test' }).waitFor();
    await t.screenshot('static');

    // Removing is one click, with an undo that adds the address back.
    await members.getByRole('button', { name: 'Remove nobody@shop.test' }).click();
    const removed = page.getByRole('status').filter({ hasText: 'nobody@shop.test removed from the segment' });
    await removed.waitFor();
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    await t.screenshot('static-removed');
    await removed.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('nobody@shop.test is back in the segment').waitFor();
    await members.getByRole('link', { name: 'nobody@shop.test' }).waitFor();
    expect(await removed.count()).toBe(0);
    await members.getByRole('button', { name: 'Remove nobody@shop.test' }).click();
    await removed.waitFor();
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    const list = await call<Segment[]>('GET', '/segments');
    const beta = list.find((s) => s.name === 'Beta testers')!;
    expect(beta).toMatchObject({ type: 'STATIC', memberCount: 1 });
    await t.reloadShows('Beta testers');

    // The list shows both with their counts.
    await page.getByRole('link', { name: 'Segments' }).first().click();
    await page.getByRole('heading', { name: 'Segments', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Segments' });
    await table.getByRole('link', { name: 'Beta testers' }).waitFor();
    await t.screenshot('list');

    await table.getByRole('link', { name: 'Beta testers' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete “Beta testers”?' }).waitFor();
    await page.getByRole('button', { name: 'Delete segment' }).click();
    await page.getByRole('heading', { name: 'Segments', level: 1 }).waitFor();
    await expect
      .poll(async () => (await call<Segment[]>('GET', '/segments')).map((s) => s.name))
      .toEqual(['Big pro accounts']);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
  });
});
