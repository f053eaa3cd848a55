/** Factories that create rows through our own services and repos (never by mocking them). */

import type { FastifyInstance } from 'fastify';
import type { Author } from '../src/auth/authors.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { startSession } from '../src/auth/session.service.ts';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { insertUser } from '../src/auth/users.repo.ts';
import type { ContactView } from '../src/contacts/contacts.schemas.ts';
import { upsertContact } from '../src/contacts/contacts.service.ts';
import type { Deps } from '../src/deps.ts';
import { transitionDomainStatus } from '../src/domains/domains.repo.ts';
import { addDomain } from '../src/domains/domains.service.ts';
import { newId } from '../src/lib/ids.ts';
import { createProject } from '../src/projects/projects.service.ts';
import type { CreateTemplateBody, TemplateView } from '../src/templates/templates.schemas.ts';
import { createTemplate } from '../src/templates/templates.service.ts';

/** Changes the factories make are the project's secret key's, as a request with the key would be. */
const KEY_AUTHOR: Author = { type: 'KEY', userId: null, email: null };

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** Cookie header value for a signed-in request. */
  cookie: string;
}

export interface TestProject {
  id: string;
  name: string;
  secretKey: string;
  publicKey: string;
  owner: TestUser;
  /** Authorization header value with the secret key. */
  auth: string;
}

/**
 * Makes `app.inject` send `Sec-Fetch-Site: same-origin` when a request names none of Origin,
 * Sec-Fetch-Site or X-Requested-With, as every current browser does for the dashboard's own calls,
 * so cookie-authenticated tests pass the CSRF check (http/csrf.ts). A test of that check names one
 * of those headers itself (a key present with the value undefined is sent as no header at all).
 */
function sendLikeOurDashboard(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const browserHeaders = ['origin', 'sec-fetch-site', 'x-requested-with'];
  (app as { inject: unknown }).inject = (opts?: unknown, ...rest: unknown[]) => {
    if (opts && typeof opts === 'object' && !Array.isArray(opts)) {
      const o = opts as { headers?: Record<string, unknown> };
      const given = Object.keys(o.headers ?? {}).map((k) => k.toLowerCase());
      if (!browserHeaders.some((h) => given.includes(h))) {
        return inject({ ...o, headers: { ...o.headers, 'sec-fetch-site': 'same-origin' } }, ...rest);
      }
      // Light-my-request would send an undefined header as the text "undefined".
      const headers = Object.fromEntries(Object.entries(o.headers ?? {}).filter(([, v]) => v !== undefined));
      return inject({ ...o, headers }, ...rest);
    }
    return inject(opts, ...rest);
  };
}

export function makeFactories(t: { deps: Deps; app?: FastifyInstance }) {
  if (t.app) sendLikeOurDashboard(t.app);
  let n = 0;
  const make = {
    async user(input: { email?: string } = {}): Promise<TestUser> {
      n += 1;
      const email = input.email ?? `user${n}-${newId().slice(-6)}@example.test`;
      const id = newId();
      // scrypt at production cost is slow; one hash of the default password serves every test user.
      defaultHash ??= hashPassword(DEFAULT_PASSWORD);
      await insertUser(t.deps.db, { id, email, passwordHash: await defaultHash, createdAt: t.deps.clock.now() });
      // A real server-side session row, so logout and revocation apply to test users too.
      const token = await startSession(t.deps, id);
      return { id, email, password: DEFAULT_PASSWORD, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async project(owner?: TestUser): Promise<TestProject> {
      const user = owner ?? (await make.user());
      const p = await createProject(t.deps, user.id, `Project ${n}`);
      return {
        id: p.id,
        name: p.name,
        secretKey: p.secretKey,
        publicKey: p.publicKey,
        owner: user,
        auth: `Bearer ${p.secretKey}`,
      };
    },
    /** Adds `domain` to the project and marks it VERIFIED, as the verify job would (its DNS check is tested with the domains). */
    async verifiedDomain(p: TestProject, domain: string): Promise<void> {
      const added = await addDomain(t.deps, p.id, domain);
      if (!(await transitionDomainStatus(t.deps.db, added.id, 'PENDING', 'VERIFIED'))) {
        throw new Error(`${domain} could not be marked VERIFIED`);
      }
    },
    /** A contact of the project, through the upsert service (so the data rules and field types apply). */
    async contact(
      p: { id: string },
      input: { email?: string; subscribed?: boolean; data?: Record<string, unknown> } = {},
    ): Promise<ContactView> {
      n += 1;
      const email = input.email ?? `contact${n}-${newId().slice(-6)}@example.test`;
      return (await upsertContact(t.deps, p.id, { ...input, email })).contact;
    },
    /** `count` contacts of the project, created in order (so their ids ascend). */
    async contacts(p: { id: string }, count: number): Promise<ContactView[]> {
      const out: ContactView[] = [];
      for (let i = 0; i < count; i++) out.push(await make.contact(p));
      return out;
    },
    /** A template of the project, through the service (so the syntax and sender rules apply). */
    async template(p: { id: string }, overrides: Partial<CreateTemplateBody> = {}): Promise<TemplateView> {
      n += 1;
      return createTemplate(
        t.deps,
        p.id,
        {
          name: `Template ${n}`,
          subject: 'Hello {{ firstName ?? "there" }}',
          body: '<p>Hi {{ email }}</p>',
          type: 'TRANSACTIONAL',
          ...overrides,
        },
        KEY_AUTHOR,
      );
    },
  };
  return make;
}
