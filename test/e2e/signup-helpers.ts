/** Shared by the sign-up tests: a project set up for sign-ups, the calls, and reading the confirmation mail back. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface SignupProject extends TestProject {
  /** The verified domain's sender of confirmation mail. */
  from: string;
}

export function signupHelpers(t: TestEnv) {
  const h = {
    /** PATCH /users/@me/projects/:id as the owner. */
    settings: (p: TestProject, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/users/@me/projects/${p.id}`,
        headers: { cookie: p.owner.cookie },
        payload,
      }),

    /** A project with a verified domain (DKIM key included) and `settings` applied. */
    async project(settings: object = {}): Promise<SignupProject> {
      const p = await t.make.project();
      const domain = `signup-${p.id.slice(-8)}.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/domains',
        headers: { authorization: p.auth },
        payload: { domain },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', res.json().id).execute();
      if (Object.keys(settings).length > 0) {
        const patched = await h.settings(p, { signupFrom: `hello@${domain}`, ...settings });
        expect(patched.statusCode, patched.body).toBe(200);
      }
      return { ...p, from: `hello@${domain}` };
    },

    /** A topic of the project through its API. */
    async topic(p: TestProject, body: object = {}): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/topics',
        headers: { authorization: p.auth },
        payload: { name: `Topic ${Math.random().toString(36).slice(2, 7)}`, ...body },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id;
    },

    subscribe: (key: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/subscribe',
        headers: { authorization: `Bearer ${key}`, ...headers },
        payload: payload as object,
        ...(remoteAddress ? { remoteAddress } : {}),
      }),

    contactByEmail: (p: TestProject, email: string) =>
      t.deps.db
        .selectFrom('contacts')
        .selectAll()
        .where('projectId', '=', p.id)
        .where('email', '=', email)
        .executeTakeFirst(),

    pending: (p: TestProject, email?: string) =>
      t.deps.db
        .selectFrom('pendingConfirmations')
        .selectAll()
        .where('projectId', '=', p.id)
        .$if(email !== undefined, (q) => q.where('email', '=', email!))
        .orderBy('createdAt')
        .execute(),

    /** Runs delivery, then answers the captured messages to `to`, newest first. */
    async mailTo(p: TestProject, to: string) {
      await t.deps.jobs.enqueue('email.deliver', {});
      await t.deps.jobs.drain();
      const res = await t.app.inject({
        url: `/outbox?to=${encodeURIComponent(to)}`,
        headers: { authorization: p.auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{
        emailId: string;
        from: string;
        subject: string;
        html: string;
        text: string;
        headers: Record<string, string>;
      }>;
    },

    /** The path of the confirmation link in a captured message. */
    confirmPath(html: string): string {
      const m = /https?:\/\/[^/"]+(\/confirm\/[A-Za-z0-9_\-.]+)/.exec(html);
      expect(m, html).not.toBeNull();
      return m![1]!;
    },
  };
  return h;
}

/** Asserts an HTML page of the sign-up scope and answers its body. */
export function expectPage(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type'], res.body).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).not.toMatch(/<script/i);
  return res.body;
}

/** The token with one character of its payload changed (the MAC part can absorb a last-character change). */
export function tamper(path: string): string {
  const at = path.lastIndexOf('/') + 4;
  const c = path[at] === 'A' ? 'B' : 'A';
  return `${path.slice(0, at)}${c}${path.slice(at + 1)}`;
}
