// Invariant: a step our own rules refuse for this contact fails its execution at once, with the reason
// and a FAILED history entry, and commits nothing of the step: an UPDATE_CONTACT the data rules refuse
// (too many fields) leaves the contact as it was, a template that cannot render for the contact sends
// nothing. Neither is retried.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { workflowHelpers } from './workflow-helpers.ts';

describe.each(DIALECTS)('workflow steps refused by our rules on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { MAX_CUSTOM_FIELDS: '2' } });
  const h = workflowHelpers(t);

  it('fails an UPDATE_CONTACT the data rules refuse, leaving the contact unchanged', async () => {
    const p = await t.make.project();
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'update', type: 'UPDATE_CONTACT', config: { updates: { c: 3 } } }],
      edges: [['trigger', 'update']],
    });
    const r = await h.track(p, 'ann@fail.test', 'signup', { a: 1, b: 2 });
    expect(r.statusCode, r.body).toBe(200);
    await h.settle();
    const [e] = await h.executions(p, w.id);
    expect(e).toMatchObject({ status: 'FAILED' });
    expect(String(e!.error)).toMatch(/field/i);
    const one = await h.execution(p, w.id, String(e!.id));
    expect(one.steps.map((s: { stepType: string; status: string }) => [s.stepType, s.status])).toEqual([
      ['TRIGGER', 'COMPLETED'],
      ['UPDATE_CONTACT', 'FAILED'],
    ]);
    const contact = (await h.api(p, 'GET', `/contacts/${r.json().data.contact}`)).json();
    expect(contact.data).toEqual({ a: 1, b: 2 });
  });

  it('fails a SEND_EMAIL whose template runs out of render time for the contact, sending nothing', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, {
      from: 'flow@fail.test',
      body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
    } as never);
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } }],
      edges: [['trigger', 'send']],
    });
    await h.track(p, 'bob@fail.test', 'signup');
    await h.settle();
    const [e] = await h.executions(p, w.id);
    expect(e).toMatchObject({ status: 'FAILED' });
    expect(String(e!.error)).toMatch(/render/i);
    const one = await h.execution(p, w.id, String(e!.id));
    expect(
      one.steps.map((s: { stepType: string; status: string; attempts: number }) => [s.stepType, s.status, s.attempts]),
    ).toEqual([
      ['TRIGGER', 'COMPLETED', 1],
      ['SEND_EMAIL', 'FAILED', 1],
    ]);
    // Not retried: later runs change nothing.
    await h.settle();
    expect(await h.execution(p, w.id, String(e!.id))).toEqual(one);
    const rows = await t.deps.db.selectFrom('emails').select('id').where('sourceId', '=', String(e!.id)).execute();
    expect(rows).toEqual([]);
    expect(await h.outbox(p, 'bob@fail.test')).toEqual([]);
  });
});
