/**
 * Workflows in the dashboard: building a graph on the canvas (steps added in the side panel, a
 * condition's "no" branch connected by dragging between handles), the API's graph problems shown on
 * the canvas when enabling an invalid graph, enabling once fixed, an execution started by a tracked
 * event and read with its per-step history, a removed path undone, cancelling executions (one only
 * after a confirmation), an unsaved step asking before the screen is left, and deleting a workflow.
 * Every screen survives a reload.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Json = Record<string, unknown>;
interface Transition {
  fromStepId: string;
  toStepId: string;
  branch: string | null;
  waitOutcome: string | null;
}
interface Workflow {
  id: string;
  enabled: boolean;
  steps: Array<{ id: string; type: string; name: string | null; config: Json; position: unknown }>;
  transitions: Transition[];
}

// These run inside the page (page.evaluate); the Node typings know no DOM.
declare const window: object;
declare const document: object;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations of the page as it is (the side panels and problem marks included). */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'],
      resultTypes: ['violations'],
    })) as { violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}

/** Drags from one handle to another with the mouse, as a person connects two steps. */
async function dragBetween(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 20, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe.each(DIALECTS)('dashboard workflows on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'workflows' });
  let projectId = '';
  let secretKey = '';
  let workflowId = '';

  const track = async (email: string, event: string, data: Json = {}) => {
    const res = await fetch(`${t.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, event, data }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const getWorkflow = (id: string) => t.call<Workflow>('GET', `/workflows/${id}`, undefined, projectId);
  const node = (title: string) => t.page.locator('.react-flow__node', { hasText: title });

  it('builds a workflow on the canvas, shows its graph problems, enables it and runs it', {
    timeout: 120_000,
  }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Flows'));
    // A contact with a plan, so the condition editor offers data.plan with its type.
    await t.call('POST', '/contacts', { email: 'seed@example.com', data: { plan: 'free' } }, projectId);

    await page.goto(`/p/${projectId}/workflows`);
    await page.getByRole('heading', { name: 'No workflows yet' }).waitFor();
    await t.reloadShows('Workflows');
    await t.screenshot('list-empty');

    // Create: name and trigger event, then the canvas opens with the trigger.
    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await dialog
      .getByText(/must|required/i)
      .first()
      .waitFor();
    await t.screenshot('create-errors');
    await dialog.getByLabel('Name').fill('Onboarding');
    await dialog.getByLabel('Trigger event').fill('signed.up');
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await page.waitForURL(/\/workflows\/[\w-]+$/);
    workflowId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Onboarding' }).waitFor();
    await node('When signed.up is tracked').waitFor();
    await t.screenshot('canvas-new');

    // Step 1: a condition on the plan, after the trigger.
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('button', { name: /^Condition/ }).click();
    const panel = page.getByRole('complementary', { name: 'New condition step' });
    await panel.getByLabel('Field', { exact: true }).selectOption('data.plan');
    await panel.getByLabel('Operator', { exact: true }).selectOption('equals');
    await panel.getByLabel('Value', { exact: true }).fill('pro');
    await panel.getByLabel('Label (optional)').fill('Is pro?');
    await expect.poll(() => panel.getByLabel('Comes after').inputValue()).toMatch(/:next$/);
    await t.screenshot('add-condition');
    await panel.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('complementary', { name: 'Is pro?' }).waitFor();
    await node('Is pro?').waitFor();

    // Step 2: update the contact on the condition's "yes" (the panel offers the selected step's free way).
    await page.getByRole('button', { name: 'Add step' }).first().click();
    await page.getByRole('button', { name: /^Update contact/ }).click();
    const update = page.getByRole('complementary', { name: 'New update contact step' });
    await update.getByRole('button', { name: 'Add a field' }).click();
    await update.getByLabel('Field 1').fill('tier');
    await update.getByLabel('Value 1').fill('gold');
    await expect.poll(() => update.getByLabel('Comes after').inputValue()).toMatch(/:yes$/);
    await update.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('complementary', { name: 'Update contact', exact: true }).waitFor();
    await node('Sets tier').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    await page.getByText('Yes', { exact: true }).first().waitFor();

    // Enabling refuses: the condition has no "no" branch. Shown in the list and on the node.
    await page.getByRole('switch', { name: 'Enabled' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'can’t be enabled yet' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('“Is pro?” has no "no" branch');
    await node('Is pro?').getByText('The “No” path leads nowhere').waitFor();
    await expect.poll(() => page.locator('.react-flow__handle[data-handleid="no"].animate-pulse').count()).toBe(1);
    expect((await getWorkflow(workflowId)).enabled).toBe(false);
    await t.screenshot('graph-error');
    expect(await axeProblems(page)).toEqual([]);

    // The fix: an exit step, connected by dragging from the condition's "no" handle.
    await page.getByRole('button', { name: 'Add step' }).first().click();
    await page.getByRole('button', { name: /^Exit/ }).click();
    const exit = page.getByRole('complementary', { name: 'New exit step' });
    await exit.getByLabel('Reason (optional)').fill('Not on the pro plan');
    await exit.getByLabel('Comes after').selectOption('');
    await exit.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('complementary', { name: 'Exit', exact: true }).waitFor();
    await node('Not on the pro plan').waitFor();
    await page.getByRole('button', { name: 'Fit View' }).click();
    await page.waitForTimeout(400);
    await dragBetween(
      page,
      node('Is pro?').locator('.react-flow__handle[data-handleid="no"]'),
      node('Not on the pro plan').locator('.react-flow__handle.target'),
    );
    await page.getByText('Steps connected').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);
    await page.getByText('No', { exact: true }).first().waitFor();
    // The problem went away with the missing branch.
    await expect.poll(() => problems.count()).toBe(0);
    const built = await getWorkflow(workflowId);
    const cond = built.steps.find((s) => s.type === 'CONDITION')!;
    const exitStep = built.steps.find((s) => s.type === 'EXIT')!;
    expect(cond.config).toEqual({ field: 'data.plan', operator: 'equals', value: 'pro' });
    expect(built.transitions).toContainEqual(
      expect.objectContaining({ fromStepId: cond.id, toStepId: exitStep.id, branch: 'no' }),
    );
    expect(
      built.transitions
        .filter((x) => x.fromStepId === cond.id)
        .map((x) => x.branch)
        .sort(),
    ).toEqual(['no', 'yes']);
    expect(built.steps.every((s) => s.position !== null)).toBe(true);

    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByText('Workflow enabled').waitFor();
    await expect.poll(async () => (await getWorkflow(workflowId)).enabled).toBe(true);
    await t.reloadShows('Onboarding');
    await node('Not on the pro plan').waitFor();
    expect(await page.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('true');
    await t.screenshot('canvas');

    // A step's panel is a deep link too.
    await node('Is pro?').click();
    await page.getByRole('complementary', { name: 'Is pro?' }).waitFor();
    expect(page.url()).toContain(`?step=${cond.id}`);
    await t.reloadShows('Onboarding');
    await page.getByRole('complementary', { name: 'Is pro?' }).waitFor();
    await t.screenshot('step-panel');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close panel' }).click();

    // A tracked event starts an execution; the in-process workers run it to the end.
    await track('ann@example.com', 'signed.up', { plan: 'pro' });
    await page.getByRole('link', { name: 'Executions' }).click();
    await page.waitForURL(/\/executions$/);
    const row = page.getByRole('row', { name: /ann@example\.com/ });
    await row.waitFor();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Completed');
    await t.reloadShows('Onboarding');
    await page.getByRole('row', { name: /ann@example\.com/ }).waitFor();
    await t.screenshot('executions');

    await page.getByRole('link', { name: 'ann@example.com' }).click();
    await page.getByRole('heading', { name: 'Execution for ann@example.com' }).waitFor();
    const history = page.getByRole('list', { name: 'Step history' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(3);
    const items = await history.getByRole('listitem').allTextContents();
    expect(items[0]).toMatch(/Trigger.*Completed/);
    expect(items[1]).toMatch(/Is pro\?.*Completed/);
    expect(items[2]).toMatch(/Update contact.*Completed/);
    await history.getByRole('listitem').nth(1).getByText('Output').click();
    await history.getByText('"branch": "yes"').waitFor();
    await t.reloadShows('Execution for ann@example.com');
    await t.screenshot('execution');

    const contacts = await t.call<{ data: Array<{ email: string; data: Json }> }>(
      'GET',
      '/contacts?search=ann',
      undefined,
      projectId,
    );
    expect(contacts.data[0]!.data).toMatchObject({ plan: 'pro', tier: 'gold' });
  });

  it('lists workflows with their counts, edits a step and cancels active executions', { timeout: 90_000 }, async () => {
    const { page } = t;
    // Built through the API: trigger → wait for "paid" (1 day) → exit, so executions wait.
    const w = await t.call<Workflow>(
      'POST',
      '/workflows',
      { name: 'Payment nudge', eventName: 'cart.left' },
      projectId,
    );
    const add = (body: Json) => t.call<{ id: string }>('POST', `/workflows/${w.id}/steps`, body, projectId);
    const wait = await add({ type: 'WAIT_FOR_EVENT', config: { eventName: 'paid', timeout: 86_400 } });
    const done = await add({ type: 'EXIT', name: 'Paid', config: {} });
    const edge = (body: Json) => t.call('POST', `/workflows/${w.id}/transitions`, body, projectId);
    await edge({ fromStepId: w.steps[0]!.id, toStepId: wait.id });
    await edge({ fromStepId: wait.id, toStepId: done.id, waitOutcome: 'EVENT' });
    await t.call('PATCH', `/workflows/${w.id}`, { enabled: true }, projectId);
    // A template with a sender on a verified domain, for a SEND_EMAIL step.
    const domain = await t.call<{ id: string; records: Array<{ type: string; name: string; value: string }> }>(
      'POST',
      '/domains',
      { domain: `flows-${dialect}.test` },
      projectId,
    );
    for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    await t.call('GET', `/domains/${domain.id}/verify`, undefined, projectId);
    const template = await t.call<{ id: string }>(
      'POST',
      '/templates',
      {
        name: 'Payment reminder',
        subject: 'Your cart is waiting',
        body: '<p>Still thinking it over?</p>',
        type: 'TRANSACTIONAL',
        from: `hello@flows-${dialect}.test`,
      },
      projectId,
    );
    await track('bob@example.com', 'cart.left');
    await track('cy@example.com', 'cart.left');

    await page.goto(`/p/${projectId}/workflows`);
    const row = page.getByRole('row', { name: /Payment nudge/ });
    await row.waitFor();
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole('row', { name: /Payment nudge/ }).textContent();
      })
      .toMatch(/Enabled.*cart\.left.*2.*2.*2/);
    await t.reloadShows('Workflows');
    await t.screenshot('list');

    // Positions the API does not have are laid out; the wait step's panel edits its time limit.
    await row.getByRole('link', { name: 'Payment nudge' }).click();
    await page.getByRole('heading', { name: 'Payment nudge' }).waitFor();
    await node('Waits for paid, up to 1 day').click();
    const panel = page.getByRole('complementary', { name: 'Wait for event' });
    await panel.getByLabel('Time limit').fill('2');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Step saved').waitFor();
    await node('Waits for paid, up to 2 days').waitFor();
    expect((await getWorkflow(w.id)).steps.find((s) => s.id === wait.id)!.config).toEqual({
      eventName: 'paid',
      timeout: 172_800,
    });
    // An unsaved change asks before the screen is left; Ctrl+S saves it.
    await panel.getByLabel('Time limit').fill('3');
    await page.getByRole('link', { name: 'Executions' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).not.toContain('/executions');
    await page.keyboard.press('Control+s');
    await node('Waits for paid, up to 3 days').waitFor();
    // A send on the wait's "Timed out" way, its template picked from the project's.
    await page.getByRole('button', { name: 'Add step' }).first().click();
    await page.getByRole('button', { name: /^Send email/ }).click();
    const send = page.getByRole('complementary', { name: 'New send email step' });
    await send.getByLabel('Template').selectOption({ label: 'Payment reminder — Your cart is waiting' });
    await expect.poll(() => send.getByLabel('Comes after').inputValue()).toBe(`${wait.id}:TIMEOUT`);
    await t.screenshot('add-send-email');
    expect(await axeProblems(page)).toEqual([]);
    await send.getByRole('button', { name: 'Add step' }).click();
    // Exact: a role name otherwise matches as a substring, and "New send email step" (the panel
    // still open while the step is being connected) contains "Send email".
    await page.getByRole('complementary', { name: 'Send email', exact: true }).waitFor();
    await node('Sends “Payment reminder”').waitFor();
    await page.getByText('Timed out', { exact: true }).first().waitFor();
    const withSend = await getWorkflow(w.id);
    const sendStep = withSend.steps.find((s) => s.type === 'SEND_EMAIL')!;
    expect(sendStep.config).toEqual({ templateId: template.id, recipient: { type: 'CONTACT' } });
    expect(withSend.transitions).toContainEqual(
      expect.objectContaining({ fromStepId: wait.id, toStepId: sendStep.id, waitOutcome: 'TIMEOUT' }),
    );

    // A path removed with the Delete key goes at once and comes back with Undo.
    const timedOut = page.getByRole('group', { name: 'Path from Wait for event (Timed out) to Send email' });
    await timedOut.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Delete');
    await page.getByText('Path removed: Wait for event (Timed out) → Send email').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    expect((await getWorkflow(w.id)).transitions).not.toContainEqual(
      expect.objectContaining({ fromStepId: wait.id, waitOutcome: 'TIMEOUT' }),
    );
    await t.screenshot('path-removed');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('Path restored').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);
    await page.getByText('Timed out', { exact: true }).first().waitFor();
    expect((await getWorkflow(w.id)).transitions).toContainEqual(
      expect.objectContaining({ fromStepId: wait.id, toStepId: sendStep.id, waitOutcome: 'TIMEOUT' }),
    );

    // Deleted with the Delete key (its path in goes with it).
    await node('Sends “Payment reminder”').click();
    await page.keyboard.press('Delete');
    const confirmDelete = page.getByRole('dialog', { name: 'Delete “Send email”?' });
    await t.screenshot('delete-step');
    await confirmDelete.getByRole('button', { name: 'Delete step' }).click();
    await page.getByText('Step deleted').waitFor();
    await expect.poll(() => node('Sends “Payment reminder”').count()).toBe(0);
    const afterDelete = await getWorkflow(w.id);
    expect(afterDelete.steps.map((s) => s.type).sort()).toEqual(['EXIT', 'TRIGGER', 'WAIT_FOR_EVENT']);
    expect(afterDelete.transitions).toHaveLength(2);

    // A change that would break the enabled graph is refused and shown.
    await node('When cart.left is tracked').click();
    await page.getByRole('complementary', { name: 'Trigger' }).getByLabel('Then go to').selectOption('');
    const refused = page.getByRole('alert').filter({ hasText: 'That change was refused' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('The trigger leads nowhere');
    expect((await getWorkflow(w.id)).transitions).toHaveLength(2);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.setViewportSize({ width: 1024, height: 768 });
    await t.screenshot('canvas-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    await track('dee@example.com', 'cart.left');
    await page.goto(`/p/${projectId}/workflows/${w.id}/executions?status=WAITING`);
    await page.getByRole('row', { name: /bob@example\.com/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Waiting' }).getAttribute('aria-pressed')).toBe('true');
    await t.reloadShows('Payment nudge');
    await page.getByRole('row', { name: /cy@example\.com/ }).waitFor();
    expect(await page.getByRole('row', { name: /bob@example\.com/ }).textContent()).toMatch(/waiting for paid/);

    // One execution cancelled from its row: the button only asks; keeping it leaves it waiting.
    const dee = page.getByRole('row', { name: /dee@example\.com/ });
    const cancelDee = dee.getByRole('button', { name: 'Cancel the execution for dee@example.com' });
    const confirmOne = page.getByRole('dialog', { name: 'Cancel the execution for dee@example.com?' });
    await cancelDee.click();
    await confirmOne.waitFor();
    await t.screenshot('cancel-one');
    await confirmOne.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirmOne.waitFor({ state: 'hidden' });
    const executionOf = async (email: string) =>
      (
        await t.call<{ data: Array<{ status: string; contactEmail: string | null }> }>(
          'GET',
          `/workflows/${w.id}/executions`,
          undefined,
          projectId,
        )
      ).data.find((e) => e.contactEmail === email);
    expect((await executionOf('dee@example.com'))?.status).toBe('WAITING');
    await cancelDee.click();
    await confirmOne.getByRole('button', { name: 'Cancel execution' }).click();
    await page.getByText('Execution cancelled').waitFor();
    await expect.poll(() => dee.count()).toBe(0);
    expect((await executionOf('dee@example.com'))?.status).toBe('CANCELLED');

    await page.getByRole('button', { name: 'Cancel all active' }).click();
    await t.screenshot('cancel-all');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel all' }).click();
    await page.getByText('2 executions cancelled').waitFor();
    await page.getByRole('heading', { name: 'No waiting executions' }).waitFor();
    const cancelled = await t.call<{ data: Array<{ status: string }> }>(
      'GET',
      `/workflows/${w.id}/executions`,
      undefined,
      projectId,
    );
    expect(cancelled.data.map((e) => e.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    await page.getByRole('button', { name: 'Cancelled' }).click();
    await page.getByRole('row', { name: /bob@example\.com/ }).waitFor();
    await t.screenshot('executions-cancelled');

    // Started by hand for a contact found by email, then cancelled from its own page.
    await page.getByRole('button', { name: 'Run for a contact' }).click();
    const start = page.getByRole('dialog', { name: 'Run for a contact' });
    await start.getByLabel('Contact').fill('bob@');
    await start.getByRole('button', { name: 'bob@example.com' }).click();
    await start.getByLabel('Context (optional JSON)').fill('{ "source": "support" }');
    await t.screenshot('run-for-contact');
    expect(await axeProblems(page)).toEqual([]);
    await start.getByRole('button', { name: 'Start execution' }).click();
    // Bob has been through once and the workflow does not allow reentry: the API says so in the form.
    await start.getByRole('alert').waitFor();
    expect(await start.getByRole('alert').textContent()).toMatch(/already been through/);
    await t.call('PATCH', `/workflows/${w.id}`, { allowReentry: true }, projectId);
    await start.getByRole('button', { name: 'Start execution' }).click();
    await page.getByRole('heading', { name: 'Execution for bob@example.com' }).waitFor();
    await page.getByText('waiting for paid').first().waitFor();
    await page.getByText('"source": "support"').waitFor();
    // The toast of the cancel above lasts 4 s; wait it out so the one awaited below is this cancel's.
    await page.getByText('Execution cancelled').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel execution' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel execution' }).click();
    await page.getByText('Execution cancelled').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel execution' }).count()).toBe(0);
    const runs = await t.call<{ data: Array<{ status: string; context: Json }> }>(
      'GET',
      `/workflows/${w.id}/executions`,
      undefined,
      projectId,
    );
    expect(runs.data[0]).toMatchObject({ status: 'CANCELLED', context: { source: 'support' } });

    // Renaming from the editor.
    await page.goto(`/p/${projectId}/workflows/${w.id}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    const details = page.getByRole('dialog', { name: 'Workflow details' });
    await details.getByLabel('Name').fill('Cart nudge');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Cart nudge' }).waitFor();
    expect((await t.call<{ name: string }>('GET', `/workflows/${w.id}`, undefined, projectId)).name).toBe('Cart nudge');

    // Deleted from the same dialog: back on the list, which no longer has it (and nothing asks for it again).
    await page.getByRole('button', { name: 'Rename' }).click();
    await details.getByRole('button', { name: 'Delete workflow' }).click();
    const confirmRemove = page.getByRole('dialog', { name: 'Delete “Cart nudge”?' });
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) notFound.push(r.url());
    });
    await confirmRemove.getByRole('button', { name: 'Delete workflow' }).click();
    await page.waitForURL(/\/workflows$/);
    await page.getByRole('row', { name: /Onboarding/ }).waitFor();
    expect(await page.getByRole('row', { name: /Cart nudge/ }).count()).toBe(0);
    expect(notFound).toEqual([]);
    const left = await t.call<Array<{ id: string }>>('GET', '/workflows', undefined, projectId);
    expect(left.map((x) => x.id)).not.toContain(w.id);
  });
});
