// Invariant: a project whose hard-bounce or complaint rate over the window reaches its threshold, with
// at least the minimum volume sent, is suspended by the check that bounce/complaint feedback enqueues:
// its key and X-Project-Id sessions get 403 PROJECT_DISABLED and its pending mail is held back, while
// its members still read the security view; only an OWNER reinstates it, and the bounces counted
// before the reinstatement never count again.
import { describe, expect, it } from 'vitest';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import { ConfigError } from '../../src/config.ts';
import { DIALECTS, testConfig, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { safetyHelpers } from './project-safety-helpers.ts';
import { expectError } from './support.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('project suspension on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { SUSPEND_MIN_VOLUME: '20' } });
  const h = safetyHelpers(t);

  const security = async (p: TestProject, url = `/users/@me/projects/${p.id}/security`) => {
    const res = await h.as(p.owner, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const sentEmails = async (p: TestProject, n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await h.email(p));
    return ids;
  };
  const bounce = (emailId: string) => recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId });
  const keyRequest = (p: TestProject) => t.app.inject({ url: '/contacts', headers: { authorization: p.auth } });

  it('counts the window by hand-checked fixtures, on both security paths, without suspending below the volume', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 6);
    await bounce(ids[0]!);
    await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'soft', emailId: ids[1]! });
    await recordFeedback(t.deps, { kind: 'complaint', emailId: ids[2]! });
    // Outside the window: sent and bounced ten days ago.
    const old = new Date(Date.now() - 10 * DAY);
    await h.email(p, { status: 'BOUNCED', sentAt: old, bouncedAt: old });
    // Refused by the relay at send time: never sent, but an attempt that bounced.
    await h.email(p, { status: 'BOUNCED', sentAt: null, bouncedAt: new Date() });
    await h.email(p, { status: 'PENDING', sentAt: null });
    await t.deps.jobs.drain();
    for (const url of [`/users/@me/projects/${p.id}/security`, `/projects/${p.id}/security`]) {
      const s = await security(p, url);
      expect(s).toMatchObject({ projectId: p.id, disabled: false, sent: 7, bounced: 2, complained: 1 });
      expect(s.bounceRate).toBeCloseTo(2 / 7);
      expect(s.complaintRate).toBeCloseTo(1 / 7);
      expect(s.thresholds).toEqual({ bounceRate: 0.05, complaintRate: 0.001, minVolume: 20 });
      expect(s.window.days).toBe(7);
      expect(s.suspensions).toEqual([]);
    }
    expect((await keyRequest(p)).statusCode).toBe(200);
  });

  it('suspends once the bounce rate reaches the threshold, and 403s the key and the session', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 40);
    await bounce(ids[0]!); // 1/40 = 2.5 %
    await t.deps.jobs.drain();
    expect((await security(p)).disabled).toBe(false);
    await bounce(ids[1]!); // 2/40 = 5 %
    await t.deps.jobs.drain();
    const s = await security(p);
    expect(s).toMatchObject({ disabled: true, sent: 40, bounced: 2 });
    expect(s.suspensions).toEqual([
      expect.objectContaining({
        reason: 'BOUNCE_RATE',
        sent: 40,
        bounced: 2,
        complained: 0,
        bounceRate: 0.05,
        liftedAt: null,
      }),
    ]);
    expectError(await keyRequest(p), 403, 'PROJECT_DISABLED');
    expectError(await h.as(p.owner, 'GET', '/contacts', undefined, p.id), 403, 'PROJECT_DISABLED');
    // The setup state and the security view stay readable by members.
    expect((await h.as(p.owner, 'GET', `/projects/${p.id}/setup-state`)).statusCode).toBe(200);
  });

  it('suspends on one complaint in the minimum volume (0.1 %)', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 20);
    await recordFeedback(t.deps, { kind: 'complaint', emailId: ids[5]! });
    await t.deps.jobs.drain();
    const s = await security(p);
    expect(s.disabled).toBe(true);
    expect(s.suspensions.map((x: { reason: string }) => x.reason)).toEqual(['COMPLAINT_RATE']);
  });

  it('never suspends below the minimum volume, whatever the rates', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 19);
    for (const id of ids.slice(0, 10)) await bounce(id);
    await t.deps.jobs.drain();
    expect(await security(p)).toMatchObject({ disabled: false, sent: 19, bounced: 10 });
    expect((await keyRequest(p)).statusCode).toBe(200);
  });

  it('holds back pending mail of a suspended project, and sends fresh mail at once after reinstatement', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 20);
    await bounce(ids[0]!);
    await t.deps.jobs.drain();
    expect((await security(p)).disabled).toBe(true);
    const pending = await h.email(p, { status: 'PENDING', sentAt: null });
    await t.deps.jobs.enqueue('email.deliver', {});
    await t.deps.jobs.drain();
    const row = await t.deps.db
      .selectFrom('emails')
      .select(['status', 'sentAt', 'nextAttemptAt', 'attempts'])
      .where('id', '=', pending)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', sentAt: null, attempts: 1 });
    expect(new Date(row.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const captured = await t.deps.db
      .selectFrom('capturedMessages')
      .select('id')
      .where('emailId', '=', pending)
      .execute();
    expect(captured).toEqual([]);

    // Reinstated, the project's fresh mail goes at once: no process keeps it out of its claims.
    expect((await h.as(p.owner, 'POST', `/users/@me/projects/${p.id}/reinstate`)).statusCode).toBe(200);
    const fresh = await h.email(p, { status: 'PENDING', sentAt: null });
    await t.deps.jobs.enqueue('email.deliver', {});
    await t.deps.jobs.drain();
    const sent = await t.deps.db
      .selectFrom('emails')
      .select(['status', 'sentAt'])
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('SENT');
    expect(sent.sentAt).not.toBeNull();
    const delivered = await t.deps.db
      .selectFrom('capturedMessages')
      .select('id')
      .where('emailId', '=', fresh)
      .execute();
    expect(delivered).toHaveLength(1);
  });

  it('reads its thresholds from the configuration, refusing rates outside (0, 1]', () => {
    expect(testConfig({ SUSPEND_BOUNCE_RATE: '0.1', SUSPENSION_WINDOW_DAYS: '3' }).suspension).toEqual({
      windowDays: 3,
      bounceRate: 0.1,
      complaintRate: 0.001,
      minVolume: 500,
    });
    for (const bad of ['0', '1.5', '-0.1', '5%', 'abc']) {
      expect(() => testConfig({ SUSPEND_COMPLAINT_RATE: bad })).toThrow(ConfigError);
    }
    expect(() => testConfig({ SUSPEND_MIN_VOLUME: '0' })).toThrow(ConfigError);
  });

  it('lets only an OWNER reinstate; the window restarts then, so old bounces do not suspend again', async () => {
    const p = await t.make.project();
    const ids = await sentEmails(p, 20);
    await bounce(ids[0]!);
    await t.deps.jobs.drain();
    expect((await security(p)).disabled).toBe(true);
    const admin = await h.member(p, 'ADMIN');
    const member = await h.member(p, 'MEMBER');
    const stranger = await t.make.user();
    const url = `/users/@me/projects/${p.id}/reinstate`;
    expectError(await h.as(admin, 'POST', url), 403, 'FORBIDDEN');
    expectError(await h.as(member, 'POST', url), 403, 'FORBIDDEN');
    expectError(await h.as(stranger, 'POST', url), 404, 'PROJECT_NOT_FOUND');
    // Members of any role read the security view of the suspended project.
    expect((await h.as(member, 'GET', `/projects/${p.id}/security`)).json().disabled).toBe(true);
    expectError(await h.as(stranger, 'GET', `/projects/${p.id}/security`), 404, 'PROJECT_NOT_FOUND');

    const res = await h.as(p.owner, 'POST', url);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ disabled: false, sent: 0, bounced: 0 });
    expect(s.suspensions[0]).toMatchObject({ liftedBy: p.owner.id, liftedAt: expect.any(String) });
    expect((await keyRequest(p)).statusCode).toBe(200);
    expectError(await h.as(p.owner, 'POST', url), 409, 'CONFLICT');

    // More bounces of mail sent before the reinstatement: outside the new window.
    for (const id of ids.slice(1, 5)) await bounce(id);
    await t.deps.jobs.drain();
    expect(await security(p)).toMatchObject({ disabled: false, sent: 0 });
    expect((await keyRequest(p)).statusCode).toBe(200);
  });
});
