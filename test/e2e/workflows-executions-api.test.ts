// Invariant: an execution starts only in an enabled workflow, for a contact of its project, within the
// reentry rules (409 otherwise); it is listed newest first with a status filter and cursor pages, read
// with the steps it finished, and cancelled once (409 after); a workflow is deleted only when none of
// its executions is active.
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';
import { ISO, workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;

describe.each(DIALECTS)('workflow executions API on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = workflowHelpers(t);
  const { api } = h;
  /** An enabled workflow: trigger → DELAY 1 day → EXIT, so a started execution waits. */
  const waiting = (p: TestProject, patch: Json = {}) =>
    h.build(p, {
      eventName: 'signup',
      steps: [
        { key: 'delay', type: 'DELAY', config: { amount: 1, unit: 'days' } },
        { key: 'exit', type: 'EXIT', config: { reason: 'done' } },
      ],
      edges: [
        ['trigger', 'delay'],
        ['delay', 'exit'],
      ],
      patch,
    });
  const start = (p: TestProject, workflowId: string, body: Json) =>
    api(p, 'POST', `/workflows/${workflowId}/executions`, body);
  const started = async (p: TestProject, workflowId: string, body: Json) => {
    const res = await start(p, workflowId, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('starts an execution with a context and reads it with the steps it finished', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p);
    const w = await waiting(p);
    const ex = await started(p, w.id, { contactId: ann.id, context: { plan: 'pro', n: 1 } });
    expect(ex).toEqual({
      id: expect.any(String),
      workflowId: w.id,
      contactId: ann.id,
      contactEmail: ann.email,
      entry: 1,
      status: 'RUNNING',
      currentStepId: w.steps.trigger,
      waitingFor: null,
      dueAt: ex.startedAt,
      context: { plan: 'pro', n: 1 },
      event: {},
      exitReason: null,
      error: null,
      startedAt: ISO,
      endedAt: null,
      updatedAt: ex.startedAt,
      steps: [],
    });
    await h.settle();
    const waited = await h.execution(p, w.id, ex.id);
    expect(waited).toMatchObject({
      status: 'WAITING',
      currentStepId: w.steps.delay,
      waitingFor: null,
      endedAt: null,
      dueAt: new Date(Date.parse(waited.steps[0].finishedAt) + 86_400_000).toISOString(),
    });
    expect(waited.steps).toEqual([
      {
        id: expect.any(String),
        stepId: w.steps.trigger,
        stepType: 'TRIGGER',
        status: 'COMPLETED',
        output: {},
        error: null,
        attempts: 1,
        startedAt: ex.startedAt,
        finishedAt: ISO,
      },
    ]);
    expectError(await api(p, 'GET', `/workflows/${w.id}/executions/${newId()}`), 404, 'EXECUTION_NOT_FOUND');
    expectError(await api(p, 'GET', `/workflows/${w.id}/executions/nope`), 404, 'EXECUTION_NOT_FOUND');
    const other = await waiting(p);
    expectError(await api(p, 'GET', `/workflows/${other.id}/executions/${ex.id}`), 404, 'EXECUTION_NOT_FOUND');
  });

  it('refuses a start when disabled, for a contact it cannot see, or against the reentry rules', async () => {
    const p = await t.make.project();
    const stranger = await t.make.contact(await t.make.project());
    const ann = await t.make.contact(p);
    const bob = await t.make.contact(p);
    const w = await waiting(p);
    const url = `/workflows/${w.id}/executions`;
    expectError(await start(p, w.id, { contactId: stranger.id }), 404, 'CONTACT_NOT_FOUND');
    expectError(await start(p, w.id, { contactId: 'nope' }), 404, 'CONTACT_NOT_FOUND');
    const missing = expectError(await start(p, w.id, { context: {} }), 422, 'VALIDATION_ERROR');
    expect(missing.errors).toEqual([expect.objectContaining({ field: 'contactId' })]);
    const badContext = expectError(await start(p, w.id, { contactId: ann.id, context: [1] }), 422, 'VALIDATION_ERROR');
    expect(badContext.errors).toEqual([expect.objectContaining({ field: 'context' })]);
    const big = { contactId: ann.id, context: { blob: 'x'.repeat(70_000) } };
    expect(expectError(await start(p, w.id, big), 422, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: 'context', code: 'TOO_LONG' }),
    ]);

    const once = await started(p, w.id, { contactId: ann.id });
    expectError(await start(p, w.id, { contactId: ann.id }), 409, 'CONFLICT');
    expect((await api(p, 'DELETE', `${url}/${once.id}`)).statusCode).toBe(200);
    // Without reentry a contact enters once, ever: an ended execution still counts.
    expectError(await start(p, w.id, { contactId: ann.id }), 409, 'CONFLICT');

    const patched = await api(p, 'PATCH', `/workflows/${w.id}`, { allowReentry: true });
    expect(patched.json().allowReentry).toBe(true);
    const again = await started(p, w.id, { contactId: ann.id });
    expect(again.entry).toBe(2);
    // With reentry, never while the contact has an active execution of the workflow.
    expectError(await start(p, w.id, { contactId: ann.id }), 409, 'CONFLICT');

    await api(p, 'PATCH', `/workflows/${w.id}`, { enabled: false });
    expectError(await start(p, w.id, { contactId: bob.id }), 409, 'CONFLICT');
    expect((await h.executions(p, w.id)).map((e) => [e.contactId, e.entry, e.status])).toEqual([
      [ann.id, 2, 'RUNNING'],
      [ann.id, 1, 'CANCELLED'],
    ]);
  });

  it('lists executions newest first in cursor pages, filtered by status', async () => {
    const p = await t.make.project();
    const contacts = await t.make.contacts(p, 3);
    const w = await waiting(p);
    const ids: string[] = [];
    for (const c of contacts) ids.push((await started(p, w.id, { contactId: c.id })).id);
    const url = `/workflows/${w.id}/executions`;
    const first = (await api(p, 'GET', `${url}?limit=2`)).json();
    expect(first).toEqual({
      data: [expect.objectContaining({ id: ids[2] }), expect.objectContaining({ id: ids[1] })],
      cursor: expect.any(String),
      hasMore: true,
      total: 3,
    });
    expect(first.data[0]).not.toHaveProperty('steps');
    const second = (await api(p, 'GET', `${url}?limit=2&cursor=${first.cursor}`)).json();
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0] })], cursor: '', hasMore: false, total: 0 });

    const cancelled = (await api(p, 'DELETE', `${url}/${ids[1]}`)).json();
    expect(cancelled).toMatchObject({
      id: ids[1],
      status: 'CANCELLED',
      currentStepId: null,
      dueAt: null,
      endedAt: ISO,
    });
    expectError(await api(p, 'DELETE', `${url}/${ids[1]}`), 409, 'CONFLICT');
    expectError(await api(p, 'DELETE', `${url}/${newId()}`), 404, 'EXECUTION_NOT_FOUND');
    const onlyCancelled = (await api(p, 'GET', `${url}?status=CANCELLED`)).json();
    const { steps: _, ...summary } = cancelled;
    expect(onlyCancelled).toEqual({ data: [summary], cursor: '', hasMore: false, total: 1 });
    expect((await h.executions(p, w.id, 'RUNNING')).map((e) => e.id)).toEqual([ids[2], ids[0]]);
    // The workflow list counts its steps and executions (two active of three).
    const listed = (await api(p, 'GET', '/workflows')).json().find((x: Json) => x.id === w.id);
    expect(listed).toMatchObject({ stepCount: 3, activeExecutionCount: 2, executionCount: 3 });
    expect(onlyCancelled.data[0].contactEmail).toBe(contacts[1]!.email);
    expect((await h.executions(p, w.id, 'COMPLETED')).map((e) => e.id)).toEqual([]);
    for (const query of ['status=DONE', 'limit=0', 'limit=101', 'cursor=garbage']) {
      const res = await api(p, 'GET', `${url}?${query}`);
      expect(expectError(res, 422, 'VALIDATION_ERROR').errors![0]).toMatchObject({ field: query.split('=')[0] });
    }
  });

  it('cancels all active executions, and deletes the workflow only when none is active', async () => {
    const p = await t.make.project();
    const contacts = await t.make.contacts(p, 3);
    const w = await waiting(p);
    const url = `/workflows/${w.id}/executions`;
    for (const contact of contacts) await started(p, w.id, { contactId: contact.id });
    await h.settle();
    expect((await h.executions(p, w.id, 'WAITING')).length).toBe(3);
    await api(p, 'DELETE', `${url}/${(await h.executions(p, w.id))[0]!.id}`);
    expectError(await api(p, 'DELETE', `/workflows/${w.id}`), 409, 'CONFLICT');
    // Nor can the step they wait at go, spliced or not.
    expectError(await api(p, 'DELETE', `/workflows/${w.id}/steps/${w.steps.delay}?splice=true`), 409, 'CONFLICT');
    const graph = (await api(p, 'GET', `/workflows/${w.id}`)).json();
    expect(graph.steps.map((s: Json) => s.type)).toEqual(['TRIGGER', 'DELAY', 'EXIT']);
    const all = await api(p, 'POST', `${url}/cancel-all`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ cancelled: 2 });
    expect((await api(p, 'POST', `${url}/cancel-all`)).json()).toEqual({ cancelled: 0 });
    expect((await h.executions(p, w.id, 'CANCELLED')).length).toBe(3);
    expect((await api(p, 'DELETE', `/workflows/${w.id}`)).statusCode).toBe(204);
    expectError(await api(p, 'GET', `/workflows/${w.id}`), 404, 'WORKFLOW_NOT_FOUND');
    expectError(await api(p, 'GET', url), 404, 'WORKFLOW_NOT_FOUND');
    const left = await t.deps.db.selectFrom('workflowExecutions').select('id').where('workflowId', '=', w.id).execute();
    expect(left).toEqual([]);
  });
});
