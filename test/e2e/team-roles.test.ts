// Invariant: a project always has at least one OWNER, and roles move only as the permission table
// says: OWNER is granted and taken away only by an OWNER, ADMINs manage ADMINs and MEMBERs, MEMBERs
// manage nobody but may leave. Refusals change nothing, and two owners demoting (or removing) each
// other at the same moment leave exactly one OWNER. Each member's project answer carries what that
// role may do and which roles it may hand out, so the dashboard keeps no table of its own.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';
import { asUser, memberOf, teamOf } from './team-helpers.ts';

describe.each(DIALECTS)('team roles on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  async function team() {
    const p = await t.make.project();
    const admin = await memberOf(t, p, 'ADMIN');
    const member = await memberOf(t, p, 'MEMBER');
    return { p, owner: p.owner, admin, member };
  }
  const url = (p: { id: string }, userId: string) => `/projects/${p.id}/members/${userId}`;

  it('tells each member, in the project answers, what its role may do and which roles it may assign', async () => {
    const { p, owner, admin, member } = await team();
    const everyone = ['project.use', 'billing.read'];
    const managers = [
      ...everyone,
      'contacts.erase',
      'domains.manage',
      'settings.change',
      'keys.rotate',
      'members.invite',
      'members.manage',
      'webhooks.manage',
      'transports.manage',
      'audit.read',
      'suppressions.manage',
    ];
    const expected = {
      OWNER: {
        permissions: [...managers, 'billing.manage', 'project.reset', 'project.delete', 'project.reinstate'],
        assignableRoles: ['OWNER', 'ADMIN', 'MEMBER'],
      },
      ADMIN: { permissions: managers, assignableRoles: ['ADMIN', 'MEMBER'] },
      MEMBER: { permissions: everyone, assignableRoles: [] },
    };
    for (const [role, user] of [
      ['OWNER', owner],
      ['ADMIN', admin],
      ['MEMBER', member],
    ] as const) {
      const list = await asUser(t, user)('GET', '/users/@me/projects');
      expect(list.statusCode, list.body).toBe(200);
      const mine = list.json().find((x: { id: string }) => x.id === p.id);
      expect(mine.role).toBe(role);
      expect([...mine.permissions].sort()).toEqual([...expected[role].permissions].sort());
      expect(mine.assignableRoles).toEqual(expected[role].assignableRoles);
    }
    // The answer of a settings change carries them too (the dashboard replaces its cached project with it).
    const changed = await asUser(t, admin)('PATCH', `/users/@me/projects/${p.id}`, { name: 'Renamed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'ADMIN', assignableRoles: ['ADMIN', 'MEMBER'] });
    expect(changed.json().permissions).toContain('settings.change');
  });

  it('lets an ADMIN manage ADMINs and MEMBERs but never OWNER', async () => {
    const { p, owner, admin, member } = await team();
    const asAdmin = asUser(t, admin);
    const promoted = await asAdmin('PATCH', url(p, member.id), { role: 'ADMIN' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toEqual({
      userId: member.id,
      email: member.email,
      role: 'ADMIN',
      joinedAt: expect.any(String),
    });
    expect((await asAdmin('PATCH', url(p, member.id), { role: 'MEMBER' })).statusCode).toBe(200);
    const before = await teamOf(t, p);
    expectError(await asAdmin('PATCH', url(p, member.id), { role: 'OWNER' }), 403, 'FORBIDDEN');
    expectError(await asAdmin('PATCH', url(p, admin.id), { role: 'OWNER' }), 403, 'FORBIDDEN');
    expectError(await asAdmin('PATCH', url(p, owner.id), { role: 'ADMIN' }), 403, 'FORBIDDEN');
    expectError(await asAdmin('DELETE', url(p, owner.id)), 403, 'FORBIDDEN');
    expectError(
      await asAdmin('POST', `/projects/${p.id}/members`, { email: 'o@example.test', role: 'OWNER' }),
      403,
      'FORBIDDEN',
    );
    expect(await teamOf(t, p)).toEqual(before);
    expect((await asAdmin('DELETE', url(p, member.id))).statusCode).toBe(204);
    expect((await teamOf(t, p)).members).toEqual({ [owner.email]: 'OWNER', [admin.email]: 'ADMIN' });
  });

  it('lets a MEMBER see the team and leave, and nothing else', async () => {
    const { p, owner, admin, member } = await team();
    const asMember = asUser(t, member);
    expect((await asMember('GET', `/projects/${p.id}/members`)).statusCode).toBe(200);
    const before = await teamOf(t, p);
    expectError(await asMember('PATCH', url(p, admin.id), { role: 'MEMBER' }), 403, 'FORBIDDEN');
    expectError(await asMember('PATCH', url(p, member.id), { role: 'ADMIN' }), 403, 'FORBIDDEN');
    expectError(await asMember('DELETE', url(p, admin.id)), 403, 'FORBIDDEN');
    expectError(await asMember('POST', `/projects/${p.id}/members`, { email: 'x@example.test' }), 403, 'FORBIDDEN');
    expect(await teamOf(t, p)).toEqual(before);
    expect((await asMember('DELETE', url(p, member.id))).statusCode).toBe(204);
    expect((await teamOf(t, p)).members).toEqual({ [owner.email]: 'OWNER', [admin.email]: 'ADMIN' });
    // Gone: the project now looks absent to them.
    expectError(await asMember('GET', `/projects/${p.id}/members`), 404, 'PROJECT_NOT_FOUND');
  });

  it('keeps the last OWNER: no leaving, no demotion, no removal; a second OWNER makes either possible', async () => {
    const { p, owner, admin, member } = await team();
    const asOwner = asUser(t, owner);
    const refusal = expectError(await asOwner('DELETE', url(p, owner.id)), 409, 'CONFLICT');
    expect(refusal.message).toMatch(/at least one OWNER/);
    expectError(await asOwner('PATCH', url(p, owner.id), { role: 'ADMIN' }), 409, 'CONFLICT');
    expect((await teamOf(t, p)).members[owner.email]).toBe('OWNER');

    expect((await asOwner('PATCH', url(p, admin.id), { role: 'OWNER' })).statusCode).toBe(200);
    expect((await asOwner('PATCH', url(p, owner.id), { role: 'MEMBER' })).statusCode).toBe(200);
    // The former owner is now a MEMBER: managing others is over for them.
    expectError(await asOwner('PATCH', url(p, admin.id), { role: 'MEMBER' }), 403, 'FORBIDDEN');
    const asNewOwner = asUser(t, admin);
    expectError(await asNewOwner('DELETE', url(p, admin.id)), 409, 'CONFLICT');
    expect((await asNewOwner('DELETE', url(p, owner.id))).statusCode).toBe(204);
    expect((await teamOf(t, { ...p, owner: admin })).members).toEqual({
      [admin.email]: 'OWNER',
      [member.email]: 'MEMBER',
    });
  });

  it('answers 404 MEMBER_NOT_FOUND for unknown users and 422 for bad roles and ids, changing nothing', async () => {
    const { p, owner } = await team();
    const asOwner = asUser(t, owner);
    const stranger = await t.make.user();
    const before = await teamOf(t, p);
    expectError(await asOwner('PATCH', url(p, stranger.id), { role: 'ADMIN' }), 404, 'MEMBER_NOT_FOUND');
    expectError(await asOwner('DELETE', url(p, stranger.id)), 404, 'MEMBER_NOT_FOUND');
    expectError(await asOwner('PATCH', url(p, 'no-such-user'), { role: 'ADMIN' }), 404, 'MEMBER_NOT_FOUND');
    expectError(await asOwner('PATCH', url(p, stranger.id), { role: 'owner' }), 422, 'VALIDATION_ERROR');
    expectError(await asOwner('PATCH', url(p, stranger.id), {}), 422, 'VALIDATION_ERROR');
    expectError(await asOwner('DELETE', url(p, 'x'.repeat(65))), 422, 'VALIDATION_ERROR');
    expectError(await asOwner('DELETE', `/projects/${p.id}/invites/${'x'.repeat(65)}`), 422, 'VALIDATION_ERROR');
    // Someone else's project: absent, whatever the member id.
    expectError(await asUser(t, stranger)('PATCH', url(p, owner.id), { role: 'MEMBER' }), 404, 'PROJECT_NOT_FOUND');
    expectError(await asUser(t, stranger)('DELETE', url(p, owner.id)), 404, 'PROJECT_NOT_FOUND');
    expect(await teamOf(t, p)).toEqual(before);
  });

  it('leaves exactly one OWNER when two owners demote or remove each other at the same moment', async () => {
    for (let round = 0; round < 6; round++) {
      const p = await t.make.project();
      const other = await memberOf(t, p, 'OWNER');
      const a = asUser(t, p.owner);
      const b = asUser(t, other);
      const [x, y] =
        round % 2 === 0
          ? await Promise.all([
              a('PATCH', url(p, other.id), { role: 'ADMIN' }),
              b('PATCH', url(p, p.owner.id), { role: 'ADMIN' }),
            ])
          : await Promise.all([a('DELETE', url(p, p.owner.id)), b('DELETE', url(p, other.id))]);
      // One wins; the other meets the change: as the last OWNER (409) or, demoted already, as a non-owner (403).
      const won = [x, y].filter((r) => r.statusCode < 300);
      expect(
        won.map((r) => r.statusCode),
        `${x.body} ${y.body}`,
      ).toEqual([round % 2 === 0 ? 200 : 204]);
      const lost = [x, y].find((r) => r.statusCode >= 300)!;
      expectError(lost, lost.statusCode, lost.statusCode === 409 ? 'CONFLICT' : 'FORBIDDEN');
      expect([403, 409]).toContain(lost.statusCode);
      const owners = await t.deps.db
        .selectFrom('memberships')
        .select('userId')
        .where('projectId', '=', p.id)
        .where('role', '=', 'OWNER')
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});
