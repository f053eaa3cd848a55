/** Factories that create rows through our own services and repos (never by mocking them). */

import { hashPassword } from '../src/auth/passwords.ts';
import { SESSION_COOKIE, signSession } from '../src/auth/sessions.ts';
import { insertUser } from '../src/auth/users.repo.ts';
import type { ContactView } from '../src/contacts/contacts.schemas.ts';
import { upsertContact } from '../src/contacts/contacts.service.ts';
import type { Deps } from '../src/deps.ts';
import { newId } from '../src/lib/ids.ts';
import { createProject } from '../src/projects/projects.service.ts';
import type { CreateTemplateBody, TemplateView } from '../src/templates/templates.schemas.ts';
import { createTemplate } from '../src/templates/templates.service.ts';

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

export function makeFactories(t: { deps: Deps }) {
  let n = 0;
  const make = {
    async user(input: { email?: string } = {}): Promise<TestUser> {
      n += 1;
      const email = input.email ?? `user${n}-${newId().slice(-6)}@example.test`;
      const id = newId();
      // scrypt at production cost is slow; one hash of the default password serves every test user.
      defaultHash ??= hashPassword(DEFAULT_PASSWORD);
      await insertUser(t.deps.db, { id, email, passwordHash: await defaultHash, createdAt: t.deps.clock.now() });
      const token = await signSession(t.deps.secrets.jwtSecret, id, t.deps.clock.now());
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
      return createTemplate(t.deps, p.id, {
        name: `Template ${n}`,
        subject: 'Hello {{ firstName ?? "there" }}',
        body: '<p>Hi {{ email }}</p>',
        type: 'TRANSACTIONAL',
        ...overrides,
      });
    },
  };
  return make;
}
