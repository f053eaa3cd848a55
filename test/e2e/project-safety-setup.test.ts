// Invariant: the setup state moves as the project's first domain, contact, template, send, campaign
// and workflow appear (members only, any role); a project's default locale (a validated BCP 47 tag,
// changed by OWNER or ADMIN) localizes the marketing footer and subscription pages of contacts
// without data.locale, and never overrides a contact's own.
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/public-pages/strings.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { safetyHelpers } from './project-safety-helpers.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectError } from './support.ts';

type Method = 'GET' | 'POST' | 'PATCH';

describe.each(DIALECTS)('setup state and project settings on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = safetyHelpers(t);
  const { send, outbox } = sendHelpers(t);

  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const state = async (p: TestProject, user = p.owner) => {
    const res = await h.as(user, 'GET', `/projects/${p.id}/setup-state`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const done = (s: { steps: Record<string, { done: boolean }> }) =>
    Object.entries(s.steps)
      .filter(([, v]) => v.done)
      .map(([k]) => k)
      .sort();

  it('moves each step as the project gets its first things, for members of any role only', async () => {
    const p = await t.make.project();
    const fresh = await state(p);
    expect(fresh).toMatchObject({ completed: 0, total: 9 });
    expect(fresh.steps.firstContact).toEqual({ done: false, at: null });

    const domain = `setup-${p.id.slice(-8)}.test`;
    const d = (await api(p, 'POST', '/domains', { domain })).json();
    expect(done(await state(p))).toEqual(['domainAdded']);
    await t.deps.db
      .updateTable('domains')
      .set({ status: 'VERIFIED', verifiedAt: new Date() })
      .where('id', '=', d.id)
      .execute();
    await api(p, 'POST', '/contacts', { email: 'ann@example.test' });
    await t.make.template(p);
    const s2 = await state(p);
    expect(done(s2)).toEqual(['domainAdded', 'domainVerified', 'firstContact', 'firstTemplate']);
    expect(new Date(s2.steps.firstContact.at).toISOString()).toBe(s2.steps.firstContact.at);

    expect(
      (await send(p, { to: 'bob@example.test', subject: 'Hi', body: '<p>Hi</p>', from: `me@${domain}` })).statusCode,
    ).toBe(200);
    const campaign = await api(p, 'POST', '/campaigns', {
      name: 'News',
      subject: 'News',
      body: '<p>News</p>',
      from: `me@${domain}`,
      audienceType: 'ALL',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const flow = (await api(p, 'POST', '/workflows', { name: 'Flow', eventName: 'signed.up' })).json();
    const s3 = await state(p);
    expect(s3.completed).toBe(7);
    expect(done(s3)).toEqual([
      'domainAdded',
      'domainVerified',
      'firstCampaign',
      'firstContact',
      'firstSend',
      'firstTemplate',
      'firstWorkflow',
    ]);
    expect(done(s3)).not.toContain('firstCampaignSent');
    expect(done(s3)).not.toContain('firstWorkflowEnabled');

    const sent = await api(p, 'POST', `/campaigns/${campaign.json().data.id}/send`, {});
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const wait = await api(p, 'POST', `/workflows/${flow.id}/steps`, {
      type: 'DELAY',
      config: { amount: 1, unit: 'days' },
    });
    await api(p, 'POST', `/workflows/${flow.id}/transitions`, {
      fromStepId: flow.steps[0].id,
      toStepId: wait.json().id,
    });
    expect((await api(p, 'PATCH', `/workflows/${flow.id}`, { enabled: true })).statusCode).toBe(200);
    const member = await h.member(p, 'MEMBER');
    expect(await state(p, member)).toMatchObject({ completed: 9, total: 9 });

    expectError(await h.as(await t.make.user(), 'GET', `/projects/${p.id}/setup-state`), 404, 'PROJECT_NOT_FOUND');
    expectError(await h.as(p.owner, 'GET', '/projects/not-a-project/setup-state'), 404, 'PROJECT_NOT_FOUND');
    expectError(await t.app.inject({ url: `/projects/${p.id}/setup-state` }), 401, 'UNAUTHORIZED');
  });

  it('validates the default locale, lets OWNER and ADMIN change it, and keeps the other settings', async () => {
    const p = await t.make.project();
    const url = `/users/@me/projects/${p.id}`;
    for (const bad of ['', 'x', 'german!', 'de_DE', 'a'.repeat(40), 42]) {
      expectError(await h.as(p.owner, 'PATCH', url, { defaultLocale: bad }), 422, 'VALIDATION_ERROR');
    }
    expectError(await h.as(await h.member(p, 'MEMBER'), 'PATCH', url, { defaultLocale: 'de' }), 403, 'FORBIDDEN');
    const set = await h.as(await h.member(p, 'ADMIN'), 'PATCH', url, { defaultLocale: 'pt-BR', sendRatePerSecond: 7 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ defaultLocale: 'pt-BR', sendRatePerSecond: 7, tracking: 'ENABLED' });
    const named = await h.as(p.owner, 'PATCH', url, { name: 'Renamed' });
    expect(named.json()).toMatchObject({ name: 'Renamed', defaultLocale: 'pt-BR', sendRatePerSecond: 7 });
    const cleared = await h.as(p.owner, 'PATCH', url, { defaultLocale: null });
    expect(cleared.json().defaultLocale).toBeNull();
  });

  it("localizes the footer and the subscription page by the project's locale when the contact has none", async () => {
    const p = await t.make.project();
    expect((await h.as(p.owner, 'PATCH', `/users/@me/projects/${p.id}`, { defaultLocale: 'de-AT' })).statusCode).toBe(
      200,
    );
    const tpl = await t.make.template(p, { type: 'MARKETING', body: '<p>News</p>', from: 'news@shop.test' });
    await send(p, { to: 'plain@example.test', template: tpl.id, subscribed: true });
    await send(p, { to: 'french@example.test', template: tpl.id, subscribed: true, data: { locale: 'fr' } });
    const [plain] = await outbox(p, 'plain@example.test');
    const [french] = await outbox(p, 'french@example.test');
    expect(plain!.html).toContain('Abmelden');
    expect(french!.html).toContain('Se désabonner');
    expect(french!.html).not.toContain('Abmelden');
    const link = /\/unsubscribe\/([^"'<>\s]+)/.exec(plain!.html)![0];
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(STRINGS.de.unsubscribeTitle);
    expect(page.body).toContain('lang="de"');
  });
});
