// Invariant: a reset by an OWNER (with no body, or confirmed with the project's name) deletes every row of the
// project's data (contacts, events, emails, templates, campaigns, segments, workflows and their
// executions, domains, imports, bulk jobs, suppressions, counters) through a pollable job, and keeps
// the project, its members, keys and settings; nothing of another project is touched, running
// workflows stop, and the project works as new afterwards (no cache serves the old data). The tables
// checked are read from the migrated database, so a new project table is either wiped or kept on purpose.
import { describe, expect, it } from 'vitest';
import { insertActivity } from '../../src/activity/activity.repo.ts';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import { upsertFieldCoverage } from '../../src/contacts/fields/fields.repo.ts';
import { newId } from '../../src/lib/ids.ts';
import { WIPE_PLAN } from '../../src/projects/safety/reset.repo.ts';
import { runReset } from '../../src/projects/safety/safety.jobs.ts';
import { insertFanout } from '../../src/workflows/fanouts.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { multipartBody, uploadCsv } from './contacts-helpers.ts';
import { safetyHelpers } from './project-safety-helpers.ts';
import { cascadeClosure, countProjectRows, tablesWithProjectId } from './project-tables.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Project tables a reset keeps, each with its reason (docs/project-safety.md, "Reset"). Every other
 * table with a project_id column must be in the wipe plan or go by cascade from a table in it: a
 * migration adding a project table fails the first test below until it is wiped or listed here.
 */
const KEPT: Record<string, string> = {
  memberships: 'the members stay',
  audit_log: 'who changed what, the reset included, outlives the data (append-only; only the retention prune deletes)',
  invites: 'pending invitations belong to the team, which stays',
  project_resets: 'the resets themselves: the running one is polled through it',
  project_suspensions: 'the suspension history stays',
  project_billing: 'the subscription stays',
  billing_usage: "the billing period's consumption: a wipe is not a way around a cap",
  stripe_events: 'Stripe notifications already handled, kept so a resent one is not applied twice',
  uploads: 'uploaded images stay: emails already sent link to them',
  send_rate_windows: "the send throttle's current windows: a wipe is not a way around the rate",
  erased_addresses: 'erased addresses stay unmailable: a wipe must not undo a person’s erasure',
};

describe.each(DIALECTS)('project reset on %s', (dialect) => {
  // Port 9 of loopback refuses at once: the seeded endpoint's messages fail and log attempts.
  const t = useTestEnv({ dialect, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  const h = safetyHelpers(t);
  const wf = workflowHelpers(t);

  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const ok = async (res: Awaited<ReturnType<typeof api>>) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  /** Creates a DRAFT campaign to every contact, from an address on `domain`. */
  const campaign = (p: TestProject, domain: string, name: string) =>
    api(p, 'POST', '/campaigns', {
      name,
      subject: name,
      body: '<p>News</p>',
      from: `me@${domain}`,
      audienceType: 'ALL',
    });

  /** The project tables a reset empties, read from the migrated database: the plan's and their cascades. */
  let wiped: string[] | undefined;
  async function wipedTables(): Promise<string[]> {
    if (!wiped) {
      const withProject = await tablesWithProjectId(t.deps.db, dialect);
      const plan = WIPE_PLAN.map((s) => s.table);
      wiped = (await cascadeClosure(t.deps.db, dialect, plan)).filter((table) => withProject.includes(table));
    }
    return wiped;
  }

  /** The project's rows in each table a reset empties. */
  async function counts(projectId: string) {
    const out: Record<string, number> = {};
    for (const table of await wipedTables()) out[table] = await countProjectRows(t.deps.db, table, projectId);
    return out;
  }

  /** A project with a row in every table the reset empties. */
  async function populated(): Promise<TestProject> {
    const p = await t.make.project();
    const domain = `reset-${p.id.slice(-8)}.test`;
    await ok(await api(p, 'POST', '/domains', { domain }));
    await ok(await api(p, 'POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/hook', events: ['*'] }));
    // Disabled, so the project's mail still goes through the server's transport.
    const relay = { name: 'relay', kind: 'SMTP', url: 'smtp://127.0.0.1:9', streams: ['MARKETING'], enabled: false };
    await ok(await api(p, 'POST', '/transports', relay));
    const ann = await ok(
      await api(p, 'POST', '/contacts', { email: 'ann@example.test', data: { plan: 'pro', legacy: 1 } }),
    );
    await ok(await api(p, 'DELETE', '/contacts/fields/data.legacy'));
    await t.make.template(p);
    await ok(
      await api(p, 'POST', '/v1/send', {
        to: 'bob@example.test',
        subject: 'Hi',
        body: '<p>Hi</p>',
        from: `me@${domain}`,
      }),
    );
    await t.deps.jobs.drain();
    const segment = await ok(
      await api(p, 'POST', '/segments', {
        name: 'Pros',
        type: 'STATIC',
      }),
    );
    await ok(await api(p, 'POST', `/segments/${segment.id}/members`, { emails: ['ann@example.test'] }));
    // Consent: a topic with a contact's choice, and a pending confirmation (the sender set as a PATCH of the settings would).
    const topic = await ok(await api(p, 'POST', '/topics', { name: 'News' }));
    await ok(await api(p, 'PATCH', `/contacts/${ann.id}`, { topics: { [topic.id]: true } }));
    await t.deps.db
      .updateTable('projects')
      .set({ signupFrom: `me@${domain}` })
      .where('id', '=', p.id)
      .execute();
    await ok(await api(p, 'POST', `/contacts/${ann.id}/confirmation`));
    await ok(await campaign(p, domain, 'News'));
    // A sent campaign too: its emails have per-campaign counters the reset must clear, and under a
    // daily cap they count towards the day's marketing mail.
    await ok(await h.as(p.owner, 'PATCH', `/users/@me/projects/${p.id}`, { dailyMarketingCap: 1000 }));
    const sent = await ok(await campaign(p, domain, 'Sent news'));
    await ok(await api(p, 'POST', `/campaigns/${sent.data.id}/send`, {}));
    await settle();
    const flow = await wf.build(p, {
      eventName: 'signed.up',
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 2, unit: 'days' } }],
      edges: [['trigger', 'wait']],
    });
    await wf.track(p, 'ann@example.test', 'signed.up');
    await wf.settle(2);
    await ok(await api(p, 'POST', '/contacts/bulk-subscribe', { contactIds: [ann.id] }));
    const email = await h.email(p, { contactId: ann.id });
    await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId: email });
    await ok(await uploadCsv(t.app, p.auth, 'email\ncat@example.test\n'));
    const rules = multipartBody('dan@example.test\n*@blocked.test\n', { filename: 'rules.csv' });
    const headers = { ...rules.headers, authorization: p.auth };
    await ok(await t.app.inject({ method: 'POST', url: '/suppressions/import', headers, payload: rules.payload }));
    const idempotent = { authorization: p.auth, 'idempotency-key': `reset-${p.id}` };
    const payload = { to: 'cy@example.test', subject: 'Once', body: '<p>Once</p>', from: `me@${domain}` };
    await ok(await t.app.inject({ method: 'POST', url: '/v1/send', headers: idempotent, payload }));
    await settle();
    await seedUnreachable(p, flow.id, ann.id);
    return p;
  }

  /**
   * Drains with delivery and webhooks woken by hand. The campaign's emails and the delivered emails'
   * webhook messages wake their worker by a NOTIFY on PostgreSQL, which may enqueue the run only after
   * a drain returned: the counts taken next would then change under the test.
   */
  async function settle(): Promise<void> {
    await t.deps.jobs.drain();
    await t.deps.deliveryWaker.wakeNow();
    await t.deps.jobs.drain();
    await t.deps.webhookWaker.wakeNow();
    await t.deps.jobs.drain();
  }

  /**
   * Rows of the tables no request of a test can write: a domain's status change in the activity log
   * (needs DNS), a large project's field coverage, and a finished SCHEDULE fan-out (needs a fire time).
   */
  async function seedUnreachable(p: TestProject, workflowId: string, contactId: string) {
    const now = new Date();
    const activity = { type: 'domain.verified', resourceType: 'domain', resourceId: newId(), data: {} };
    await insertActivity(t.deps.db, { projectId: p.id, ...activity }, now);
    await upsertFieldCoverage(t.deps.db, { projectId: p.id, total: 1, counts: { 'data.plan': 1 }, computedAt: now });
    const fanout = { id: newId(), projectId: p.id, workflowId, fireAt: now, maxContactId: contactId, now };
    await insertFanout(t.deps.db, fanout);
    await t.deps.db.updateTable('workflowFanouts').set({ status: 'completed' }).where('id', '=', fanout.id).execute();
  }

  const reset = (p: TestProject, user = p.owner, confirm: unknown = p.name) =>
    h.as(user, 'POST', `/users/@me/projects/${p.id}/reset`, { confirm });

  it('wipes or keeps on purpose every table with a project_id, as the migrated database has them', async () => {
    const tables = await tablesWithProjectId(t.deps.db, dialect);
    const wipedOrKept = [...(await wipedTables()), ...Object.keys(KEPT)];
    expect(
      tables.filter((table) => !wipedOrKept.includes(table)),
      'project tables neither in WIPE_PLAN (nor cascaded from it) nor in KEPT',
    ).toEqual([]);
    // KEPT and the plan stay true to the schema: nothing listed as kept is wiped or gone, every step has project_id.
    expect(Object.keys(KEPT).filter((table) => !tables.includes(table) || wiped!.includes(table))).toEqual([]);
    expect(WIPE_PLAN.map((s) => s.table).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('refuses a wrong confirmation (422) and non-owners (403), changing nothing', async () => {
    const p = await populated();
    const before = await counts(p.id);
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);
    const err = expectError(await reset(p, p.owner, `${p.name} `), 422, 'VALIDATION_ERROR');
    expect(JSON.stringify(err.errors)).toContain('confirm');
    expectError(await reset(p, p.owner, 42), 422, 'VALIDATION_ERROR');
    // A JSON null is a body, and not an object: no body is not the same as a wrong one.
    const nullBody = await t.app.inject({
      method: 'POST',
      url: `/users/@me/projects/${p.id}/reset`,
      headers: { cookie: p.owner.cookie, 'content-type': 'application/json' },
      payload: 'null',
    });
    expectError(nullBody, 422, 'VALIDATION_ERROR');
    for (const role of ['ADMIN', 'MEMBER'] as const) {
      const member = await h.member(p, role);
      expectError(await reset(p, member), 403, 'FORBIDDEN');
      expectError(await h.as(member, 'POST', `/users/@me/projects/${p.id}/reset`), 403, 'FORBIDDEN');
    }
    const stranger = await t.make.user();
    expectError(await reset(p, stranger), 404, 'PROJECT_NOT_FOUND');
    expectError(await h.as(stranger, 'POST', `/users/@me/projects/${p.id}/reset`), 404, 'PROJECT_NOT_FOUND');
    await t.deps.jobs.drain();
    expect(await counts(p.id)).toEqual(before);
  });

  it('wipes the data through a pollable job, keeping members, keys and settings, and touching no other project', async () => {
    const p = await populated();
    const other = await populated();
    const otherBefore = await counts(other.id);
    const admin = await h.member(p, 'ADMIN');
    const settings = await h.as(p.owner, 'PATCH', `/users/@me/projects/${p.id}`, {
      tracking: 'DISABLED',
      defaultLocale: 'de',
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const started = await reset(p);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json();
    expect(job).toMatchObject({ projectId: p.id, status: 'queued', deleted: 0, finishedAt: null });
    await t.deps.jobs.drain();
    const done = await h.as(p.owner, 'GET', `/users/@me/projects/${p.id}/resets/${job.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', failureReason: null, finishedAt: expect.any(String) });
    expect(done.json().deleted).toBeGreaterThan(10);

    const after = await counts(p.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await counts(other.id)).toEqual(otherBefore);

    // Project, members, key and settings remain.
    const projects = await h.as(admin, 'GET', '/users/@me/projects');
    expect(projects.json().find((x: { id: string }) => x.id === p.id)).toMatchObject({
      name: p.name,
      role: 'ADMIN',
      tracking: 'DISABLED',
      defaultLocale: 'de',
    });
    expect((await api(p, 'GET', '/contacts')).json()).toMatchObject({ data: [], total: 0 });

    // Another project's reset id is not found through this project.
    expectError(await h.as(p.owner, 'GET', `/users/@me/projects/${p.id}/resets/not-a-reset`), 404, 'RESET_NOT_FOUND');
  });

  it('leaves a project that works as new: fields, segments and workflows start over', async () => {
    const p = await populated();
    // Warm the caches of this process with the old data.
    await ok(await api(p, 'GET', '/contacts/fields'));
    await ok(await api(p, 'POST', '/v1/track', { email: 'warm@example.test', event: 'signed.up' }));
    await ok(await reset(p));
    await t.deps.jobs.drain();
    await wf.settle(2);

    const fields = await ok(await api(p, 'GET', '/contacts/fields'));
    expect(fields.fields.map((f: { field: string }) => f.field)).not.toContain('data.plan');
    await ok(await api(p, 'POST', '/contacts', { email: 'ann@example.test', data: { tier: 3 } }));
    const fresh = await ok(await api(p, 'GET', '/contacts/fields'));
    expect(fresh.fields).toContainEqual(expect.objectContaining({ field: 'data.tier', type: 'number' }));
    // The old workflow is gone: tracking its event starts nothing.
    await ok(await api(p, 'POST', '/v1/track', { email: 'ann@example.test', event: 'signed.up' }));
    await wf.settle(2);
    expect((await counts(p.id)).workflow_executions).toBe(0);
    // A new workflow runs.
    const flow = await wf.build(p, {
      eventName: 'signed.up',
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 1, unit: 'days' } }],
      edges: [['trigger', 'wait']],
    });
    await wf.track(p, 'ann@example.test', 'signed.up');
    await wf.settle(2);
    expect(await wf.executions(p, flow.id)).toHaveLength(1);
    // A second reset can start once the first has ended.
    expect((await reset(p)).statusCode).toBe(202);
    await t.deps.jobs.drain();
  });

  it('stops a campaign that is sending: its fan-out finds nothing left and sends nothing', async () => {
    const p = await t.make.project();
    const domain = `camp-${p.id.slice(-8)}.test`;
    await ok(await api(p, 'POST', '/domains', { domain }));
    for (const n of [1, 2, 3]) await ok(await api(p, 'POST', '/contacts', { email: `c${n}@example.test` }));
    const news = await ok(await campaign(p, domain, 'News'));
    expect((await api(p, 'POST', `/campaigns/${news.data.id}/send`, {})).statusCode).toBeLessThan(300);
    const job = (await ok(await reset(p))) as { id: string };
    // The wipe runs before the campaign's queued fan-out does.
    await runReset(t.deps, job.id);
    await t.deps.jobs.drain();
    expect(await counts(p.id)).toMatchObject({ emails: 0, captured_messages: 0, campaigns: 0, contacts: 0 });
    const done = await h.as(p.owner, 'GET', `/users/@me/projects/${p.id}/resets/${job.id}`);
    expect(done.json().status).toBe('completed');
  });

  it('starts as the contract gives it: no body, an empty JSON body or an empty object', async () => {
    const url = (p: TestProject) => `/users/@me/projects/${p.id}/reset`;
    const bare = await populated();
    const started = await h.as(bare.owner, 'POST', url(bare));
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ projectId: bare.id, status: 'queued' });
    await t.deps.jobs.drain();
    expect(Object.entries(await counts(bare.id)).filter(([, n]) => n > 0)).toEqual([]);

    const emptyJson = await t.make.project();
    const res = await t.app.inject({
      method: 'POST',
      url: url(emptyJson),
      headers: { cookie: emptyJson.owner.cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.deps.jobs.drain();
    const emptyObject = await t.make.project();
    expect((await h.as(emptyObject.owner, 'POST', url(emptyObject), {})).statusCode).toBe(202);
    await t.deps.jobs.drain();
    // A body that is not JSON at all is still a 400.
    const garbled = await t.app.inject({
      method: 'POST',
      url: url(emptyObject),
      headers: { cookie: emptyObject.owner.cookie, 'content-type': 'application/json' },
      payload: '{',
    });
    expectError(garbled, 400, 'BAD_REQUEST');
  });

  it('runs one reset of a project at a time (409 for a second while the first is pending)', async () => {
    const p = await t.make.project();
    expect((await reset(p)).statusCode).toBe(202);
    expectError(await reset(p), 409, 'CONFLICT');
    await t.deps.jobs.drain();
    expect((await reset(p)).statusCode).toBe(202);
    await t.deps.jobs.drain();
  });
});
