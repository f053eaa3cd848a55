/** Helpers of the team tests: members with a role, signed-in requests, and invitation links read from mail. */
import type { LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import type { Role } from '../../src/db/schema.ts';
import { insertMember } from '../../src/projects/members/members.repo.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';
import type { CapturedMail } from '../servers/smtp-sink.ts';

/** A new user who is a member of `p` with `role` (written through the team repo, as an accepted invite would). */
export async function memberOf(t: TestEnv, p: { id: string }, role: Role, email?: string): Promise<TestUser> {
  const user = await t.make.user(email ? { email } : {});
  await insertMember(t.deps.db, { projectId: p.id, userId: user.id, role, createdAt: t.deps.clock.now() });
  return user;
}

/** A signed-in request as `user` (the factories' inject adds what the CSRF check wants of a browser). */
export function asUser(t: TestEnv, user: TestUser) {
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}

/** The project's members as `{ email: role }` and its pending invites as `{ email: role }`, read by its owner. */
export async function teamOf(t: TestEnv, p: TestProject) {
  const res = await asUser(t, p.owner)('GET', `/projects/${p.id}/members`);
  if (res.statusCode !== 200) throw new Error(`GET members: ${res.statusCode} ${res.body}`);
  const body = res.json() as {
    members: Array<{ email: string; role: Role }>;
    invites: Array<{ email: string; role: Role }>;
  };
  return {
    members: Object.fromEntries(body.members.map((m) => [m.email, m.role])),
    invites: Object.fromEntries(body.invites.map((i) => [i.email, i.role])),
  };
}

/** The plain text of a captured message (transfer encodings undone). */
export async function textOf(mail: CapturedMail): Promise<string> {
  return (await simpleParser(mail.raw)).text ?? '';
}

/** The invitation token in a message's `${BASE_URL}/invite?token=…` link; throws when there is none. */
export async function inviteTokenIn(mail: CapturedMail, baseUrl: string): Promise<string> {
  const text = await textOf(mail);
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}/invite\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`no invite link in: ${text}`);
  return decodeURIComponent(m[1]!);
}
