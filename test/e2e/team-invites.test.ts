// Invariant: a team grows only through the owner's (or an admin's) act and the invitee's own: an
// existing user is added at once and told by mail; anyone else gets a mailed, single-use, expiring
// link that only the account with the invited email can accept. Re-inviting replaces the link,
// revoking kills it, and refused attempts change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { expectError } from './support.ts';
import { asUser, inviteTokenIn, memberOf, teamOf, textOf } from './team-helpers.ts';

const DAY = 24 * 3600 * 1000;

describe.each(DIALECTS)('team invitations on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const clock = manualClock(new Date());
  const t = useTestEnv({ dialect, clock, env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp' }) });

  /** The newest message delivered to `email`, after running the delivery worker. */
  async function lastMailTo(email: string) {
    await t.deps.jobs.drain();
    const mail = sink.messages.filter((m) => m.to.includes(email)).at(-1);
    if (!mail) throw new Error(`no mail to ${email}; got ${sink.recipients().join(', ')}`);
    return mail;
  }
  const mailCount = (email: string) => sink.messages.filter((m) => m.to.includes(email)).length;

  it('adds an existing user at once, mails them, and refuses adding them twice', async () => {
    const p = await t.make.project();
    const bob = await t.make.user();
    const owner = asUser(t, p.owner);
    const res = await owner('POST', `/projects/${p.id}/members`, { email: bob.email.toUpperCase(), role: 'ADMIN' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ userId: bob.id, email: bob.email, role: 'ADMIN', joinedAt: expect.any(String) });
    const mail = await lastMailTo(bob.email);
    expect(mail.subject).toContain(p.name);
    expect(await textOf(mail)).toContain(`${p.owner.email} added you`);

    const projects = (await asUser(t, bob)('GET', '/users/@me/projects')).json();
    expect(projects).toEqual([expect.objectContaining({ id: p.id, role: 'ADMIN' })]);
    expectError(await owner('POST', `/projects/${p.id}/members`, { email: bob.email }), 409, 'CONFLICT');
    expect(await teamOf(t, p)).toEqual({ members: { [p.owner.email]: 'OWNER', [bob.email]: 'ADMIN' }, invites: {} });
  });

  it('invites an unknown address by mail; the invitee signs up, accepts once, and joins with the role', async () => {
    const p = await t.make.project();
    const email = `invitee-${p.id.slice(-8)}@example.test`;
    const res = await asUser(t, p.owner)('POST', `/projects/${p.id}/members`, { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(202);
    const invite = res.json();
    expect(invite).toEqual({
      id: expect.any(String),
      email,
      role: 'MEMBER',
      invitedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });
    expect((await teamOf(t, p)).invites).toEqual({ [email]: 'MEMBER' });

    const mail = await lastMailTo(email);
    expect(mail.subject).toContain(p.name);
    const token = await inviteTokenIn(mail, t.config.baseUrl);
    // Only the hash is stored: the token appears nowhere in the database row.
    const row = await t.deps.db.selectFrom('invites').selectAll().where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);

    const invitee = await t.make.user({ email });
    const accept = (user = invitee) => asUser(t, user)('POST', '/invites/accept', { token });
    const joined = await accept();
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      projectId: p.id,
      userId: invitee.id,
      email,
      role: 'MEMBER',
      joinedAt: expect.any(String),
    });
    expect(await teamOf(t, p)).toEqual({ members: { [p.owner.email]: 'OWNER', [email]: 'MEMBER' }, invites: {} });
    // The new member reaches the project's resources with the dashboard session.
    const contacts = await t.app.inject({
      url: '/contacts',
      headers: { cookie: invitee.cookie, 'x-project-id': p.id },
    });
    expect(contacts.statusCode, contacts.body).toBe(200);

    // Used once: a second use is refused, also after leaving the project.
    expectError(await accept(), 400, 'INVALID_TOKEN');
    expect((await asUser(t, invitee)('DELETE', `/projects/${p.id}/members/${invitee.id}`)).statusCode).toBe(204);
    const again = expectError(await accept(), 400, 'INVALID_TOKEN');
    expect(again.message).toMatch(/already used/);
    expect((await teamOf(t, p)).members).toEqual({ [p.owner.email]: 'OWNER' });
  });

  it('lets only the invited address accept, and joining when already a member keeps the membership', async () => {
    const p = await t.make.project();
    const email = `target-${p.id.slice(-8)}@example.test`;
    const owner = asUser(t, p.owner);
    expect((await owner('POST', `/projects/${p.id}/members`, { email, role: 'ADMIN' })).statusCode).toBe(202);
    const token = await inviteTokenIn(await lastMailTo(email), t.config.baseUrl);

    const stranger = await t.make.user();
    expectError(await asUser(t, stranger)('POST', '/invites/accept', { token }), 403, 'FORBIDDEN');
    expectError(await asUser(t, stranger)('POST', '/invites/accept', { token: `${token}x` }), 400, 'INVALID_TOKEN');
    expectError(
      await t.app.inject({ method: 'POST', url: '/invites/accept', payload: { token } }),
      401,
      'UNAUTHORIZED',
    );
    for (const payload of [{}, { token: '' }, { token: 5 }]) {
      expectError(await asUser(t, stranger)('POST', '/invites/accept', payload), 422, 'VALIDATION_ERROR');
    }
    expect((await teamOf(t, p)).members).toEqual({ [p.owner.email]: 'OWNER' });

    // The invitee's account appears and is added directly meanwhile; the invite still works, changing nothing.
    const target = await memberOf(t, p, 'MEMBER', email);
    const res = await asUser(t, target)('POST', '/invites/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ projectId: p.id, userId: target.id, role: 'MEMBER' });
    expect(await teamOf(t, p)).toEqual({ members: { [p.owner.email]: 'OWNER', [email]: 'MEMBER' }, invites: {} });
  });

  it('replaces an earlier invite of the same address, and revoking kills the link', async () => {
    const p = await t.make.project();
    const email = `again-${p.id.slice(-8)}@example.test`;
    const owner = asUser(t, p.owner);
    const first = (await owner('POST', `/projects/${p.id}/members`, { email })).json();
    const firstToken = await inviteTokenIn(await lastMailTo(email), t.config.baseUrl);
    const second = (await owner('POST', `/projects/${p.id}/members`, { email, role: 'ADMIN' })).json();
    const secondToken = await inviteTokenIn(await lastMailTo(email), t.config.baseUrl);
    expect(mailCount(email)).toBe(2);
    expect(second.id).not.toBe(first.id);
    expect(secondToken).not.toBe(firstToken);
    const listed = (await owner('GET', `/projects/${p.id}/members`)).json().invites;
    expect(listed).toEqual([second]);

    const invitee = await t.make.user({ email });
    expectError(await asUser(t, invitee)('POST', '/invites/accept', { token: firstToken }), 400, 'INVALID_TOKEN');
    expectError(await owner('DELETE', `/projects/${p.id}/invites/${first.id}`), 404, 'INVITE_NOT_FOUND');
    expect((await owner('DELETE', `/projects/${p.id}/invites/${second.id}`)).statusCode).toBe(204);
    expectError(await owner('DELETE', `/projects/${p.id}/invites/${second.id}`), 404, 'INVITE_NOT_FOUND');
    expectError(await asUser(t, invitee)('POST', '/invites/accept', { token: secondToken }), 400, 'INVALID_TOKEN');
    expect(await teamOf(t, p)).toEqual({ members: { [p.owner.email]: 'OWNER' }, invites: {} });
  });

  it('refuses an invite past its expiry, and no longer lists it as pending', async () => {
    const p = await t.make.project();
    const email = `late-${p.id.slice(-8)}@example.test`;
    expect((await asUser(t, p.owner)('POST', `/projects/${p.id}/members`, { email })).statusCode).toBe(202);
    const token = await inviteTokenIn(await lastMailTo(email), t.config.baseUrl);
    clock.advance(7 * DAY - 60_000);
    expect((await teamOf(t, p)).invites).toEqual({ [email]: 'MEMBER' });
    clock.advance(2 * 60_000);
    // Sessions made before the jump would have expired with it: sign in afresh after it.
    const invitee = await t.make.user({ email });
    const refused = expectError(await asUser(t, invitee)('POST', '/invites/accept', { token }), 400, 'INVALID_TOKEN');
    expect(refused.message).toMatch(/expired/);
    const owner = await memberOf(t, p, 'OWNER');
    const team = (await asUser(t, owner)('GET', `/projects/${p.id}/members`)).json();
    expect(team.invites).toEqual([]);
    expect(team.members.map((m: { email: string }) => m.email)).not.toContain(email);
  });

  it('refuses bad bodies and outsiders without changing the team', async () => {
    const p = await t.make.project();
    const owner = asUser(t, p.owner);
    for (const payload of [{}, { email: 'not-an-email' }, { email: 'a@b.test', role: 'KING' }, { email: 7 }]) {
      expectError(await owner('POST', `/projects/${p.id}/members`, payload), 422, 'VALIDATION_ERROR');
    }
    const outsider = await t.make.user();
    expectError(
      await asUser(t, outsider)('POST', `/projects/${p.id}/members`, { email: 'x@example.test' }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectError(await asUser(t, outsider)('GET', `/projects/${p.id}/members`), 404, 'PROJECT_NOT_FOUND');
    expectError(await asUser(t, outsider)('GET', '/projects/not-a-uuid/members'), 404, 'PROJECT_NOT_FOUND');
    expectError(await t.app.inject({ url: `/projects/${p.id}/members` }), 401, 'UNAUTHORIZED');
    // A secret key is not a signed-in user: team management is for people.
    expectError(
      await t.app.inject({ url: `/projects/${p.id}/members`, headers: { authorization: p.auth } }),
      401,
      'UNAUTHORIZED',
    );
    expect(await teamOf(t, p)).toEqual({ members: { [p.owner.email]: 'OWNER' }, invites: {} });
  });
});
