// Invariant: with billing on and a cap set, no category's sends in a billing period go past its cap,
// even when sends race: /v1/send answers 402 BILLING_LIMIT_EXCEEDED (writing nothing: no contact, no
// email) once the transactional cap would be passed, and sends up to the cap exactly; a campaign whose
// audience would pass the marketing cap is refused at POST /campaigns/:id/send and stays a DRAFT; a
// workflow SEND_EMAIL over the workflow cap fails its execution with the reason and sends nothing.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

for (const dialect of DIALECTS) {
  describe(`billing limits at send time on ${dialect}`, () => {
    // The Stripe API is never called by these paths: the key only turns billing on.
    const t = useTestEnv({
      dialect,
      env: { STRIPE_SECRET_KEY: 'sk_test_mailwright', STRIPE_API_URL: 'http://127.0.0.1:9' },
    });
    const h = workflowHelpers(t);

    const limits = async (p: TestProject, body: object) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/users/@me/projects/${p.id}/billing-limits`,
        headers: { cookie: p.owner.cookie },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const consumption = async (p: TestProject) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/users/@me/projects/${p.id}/billing-consumption`,
          headers: { cookie: p.owner.cookie },
        })
      ).json();
    const send = (p: TestProject, to: string | string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/send',
        headers: { authorization: p.auth },
        payload: { to, from: 'me@limits.test', subject: 'Hi', body: '<p>Hi</p>' },
      });
    const emailCount = async (p: TestProject, source: string) =>
      (
        await t.deps.db
          .selectFrom('emails')
          .select('id')
          .where('projectId', '=', p.id)
          .where('sourceType', '=', source as never)
          .execute()
      ).length;
    const contactExists = async (p: TestProject, email: string) =>
      (await t.deps.db
        .selectFrom('contacts')
        .select('id')
        .where('projectId', '=', p.id)
        .where('email', '=', email)
        .executeTakeFirst()) !== undefined;

    it('sends up to the transactional cap and answers 402 past it, writing nothing', async () => {
      const p = await t.make.project();
      await limits(p, { transactional: 3 });
      expect((await send(p, ['a@limits.test', 'b@limits.test'])).statusCode).toBe(200);
      // Two more would make 4: refused whole, before any contact is written.
      const over = await send(p, ['c@limits.test', 'd@limits.test']);
      expect(expectError(over, 402, 'BILLING_LIMIT_EXCEEDED').message).toMatch(/transactional/);
      expect(await contactExists(p, 'c@limits.test')).toBe(false);
      expect(await contactExists(p, 'd@limits.test')).toBe(false);
      // One more reaches the cap exactly: sent.
      expect((await send(p, 'e@limits.test')).statusCode).toBe(200);
      expectError(await send(p, 'f@limits.test'), 402, 'BILLING_LIMIT_EXCEEDED');
      expect(await emailCount(p, 'TRANSACTIONAL')).toBe(3);
      expect(await consumption(p)).toMatchObject({ transactional: 3, total: 3 });
      // Raising the cap lets sends through again; removing it lifts the cap.
      await limits(p, { transactional: null });
      expect((await send(p, 'g@limits.test')).statusCode).toBe(200);
      expect(await consumption(p)).toMatchObject({ transactional: 4 });
    });

    it('counts sends without a cap too, and a cap of 0 refuses every send', async () => {
      const p = await t.make.project();
      expect((await send(p, 'one@limits.test')).statusCode).toBe(200);
      expect(await consumption(p)).toMatchObject({ transactional: 1, marketing: 0, workflow: 0, total: 1 });
      await limits(p, { transactional: 0 });
      expectError(await send(p, 'two@limits.test'), 402, 'BILLING_LIMIT_EXCEEDED');
      expect(await emailCount(p, 'TRANSACTIONAL')).toBe(1);
    });

    it('lets a burst of parallel sends through up to the cap and not one more', async () => {
      const p = await t.make.project();
      await limits(p, { transactional: 5 });
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(p, `burst${i}@limits.test`)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 402)).toHaveLength(7);
      expect(await emailCount(p, 'TRANSACTIONAL')).toBe(5);
      expect(await consumption(p)).toMatchObject({ transactional: 5 });
    });

    it('gives back what a send did not store (an unsubscribed recipient of a MARKETING template)', async () => {
      const p = await t.make.project();
      await limits(p, { transactional: 10 });
      const tpl = await t.make.template(p, { type: 'MARKETING', from: 'me@limits.test' } as never);
      await t.make.contact(p, { email: 'gone@limits.test', subscribed: false });
      await t.make.contact(p, { email: 'here@limits.test', subscribed: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/send',
        headers: { authorization: p.auth },
        payload: { to: ['gone@limits.test', 'here@limits.test'], template: tpl.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.skipped).toHaveLength(1);
      expect(await consumption(p)).toMatchObject({ transactional: 1 });
    });

    async function campaign(p: TestProject, contacts: number) {
      for (let i = 0; i < contacts; i++) await t.make.contact(p, { subscribed: true });
      const res = await h.api(p, 'POST', '/campaigns', {
        name: 'News',
        subject: 'News',
        body: '<p>News</p>',
        from: 'news@limits.test',
        audienceType: 'ALL',
        type: 'MARKETING',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    }

    it('refuses a campaign send whose audience would pass the marketing cap, leaving it a DRAFT', async () => {
      const p = await t.make.project();
      await limits(p, { marketing: 2 });
      const id = await campaign(p, 3);
      expectError(await h.api(p, 'POST', `/campaigns/${id}/send`, {}), 402, 'BILLING_LIMIT_EXCEEDED');
      const draft = (await h.api(p, 'GET', `/campaigns/${id}`)).json();
      expect(draft.data ?? draft).toMatchObject({ status: 'DRAFT' });
      expect(await consumption(p)).toMatchObject({ marketing: 0 });
      await limits(p, { marketing: 3 });
      const sent = await h.api(p, 'POST', `/campaigns/${id}/send`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await consumption(p)).toMatchObject({ marketing: 3 });
      await t.deps.jobs.drain();
      expect(await emailCount(p, 'CAMPAIGN')).toBe(3);
      // Counted once: the dispatch of the reserved campaign adds nothing.
      expect(await consumption(p)).toMatchObject({ marketing: 3, total: 3 });
    });

    it('gives a scheduled campaign’s reservation back when a cancel returns it to DRAFT', async () => {
      const p = await t.make.project();
      await limits(p, { marketing: 2 });
      const id = await campaign(p, 2);
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await h.api(p, 'POST', `/campaigns/${id}/send`, { scheduledFor: later });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(await consumption(p)).toMatchObject({ marketing: 2 });
      const cancelled = await h.api(p, 'POST', `/campaigns/${id}/cancel`);
      expect(cancelled.json().data ?? cancelled.json()).toMatchObject({ status: 'DRAFT' });
      expect(await consumption(p)).toMatchObject({ marketing: 0 });
    });

    it('reserves only the difference when a SCHEDULED campaign is sent again; a cancel gives it all back', async () => {
      const p = await t.make.project();
      await limits(p, { marketing: 3 });
      const id = await campaign(p, 2);
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const schedule = () => h.api(p, 'POST', `/campaigns/${id}/send`, { scheduledFor: later });
      expect((await schedule()).statusCode).toBe(200);
      expect(await consumption(p)).toMatchObject({ marketing: 2 });
      // One more recipient: the reschedule reserves that one, not the whole audience again.
      await t.make.contact(p, { subscribed: true });
      const grown = await schedule();
      expect(grown.statusCode, grown.body).toBe(200);
      expect(grown.json().data ?? grown.json()).toMatchObject({ status: 'SCHEDULED', totalRecipients: 3 });
      expect(await consumption(p)).toMatchObject({ marketing: 3 });
      // Another would pass the cap: refused, the schedule and its reservation as they were.
      await t.make.contact(p, { subscribed: true });
      expectError(await schedule(), 402, 'BILLING_LIMIT_EXCEEDED');
      const kept = (await h.api(p, 'GET', `/campaigns/${id}`)).json();
      expect(kept.data ?? kept).toMatchObject({ status: 'SCHEDULED', totalRecipients: 3 });
      expect(await consumption(p)).toMatchObject({ marketing: 3 });
      const cancelled = await h.api(p, 'POST', `/campaigns/${id}/cancel`);
      expect(cancelled.json().data ?? cancelled.json()).toMatchObject({ status: 'DRAFT' });
      expect(await consumption(p)).toMatchObject({ marketing: 0 });
    });

    it('fails a workflow SEND_EMAIL over the workflow cap with the reason, sending nothing', async () => {
      const p = await t.make.project();
      await limits(p, { workflow: 1 });
      const tpl = await t.make.template(p, { from: 'flow@limits.test' } as never);
      const w = await h.build(p, {
        eventName: 'signup',
        steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } }],
        edges: [['trigger', 'send']],
      });
      await h.track(p, 'first@limits.test', 'signup');
      await h.settle();
      await h.track(p, 'second@limits.test', 'signup');
      await h.settle();
      const executions = await h.executions(p, w.id);
      const byStatus = executions.map((e) => e.status).sort();
      expect(byStatus).toEqual(['COMPLETED', 'FAILED']);
      const failed = executions.find((e) => e.status === 'FAILED')!;
      expect(String(failed.error)).toMatch(/workflow billing limit/);
      const steps = (await h.execution(p, w.id, String(failed.id))).steps.map(
        (s: { stepType: string; status: string }) => [s.stepType, s.status],
      );
      expect(steps).toEqual([
        ['TRIGGER', 'COMPLETED'],
        ['SEND_EMAIL', 'FAILED'],
      ]);
      expect(await emailCount(p, 'WORKFLOW')).toBe(1);
      expect(await h.outbox(p, 'second@limits.test')).toEqual([]);
      expect(await consumption(p)).toMatchObject({ workflow: 1 });
    });
  });
}
