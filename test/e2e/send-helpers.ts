/** Shared by the /v1/send tests: the request, the captured outbox after a drain, and row reads. */
import { expect } from 'vitest';
import { insertEmail, type StoredEmail } from '../../src/emails/outbox.repo.ts';
import { newId } from '../../src/lib/ids.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export interface OutboxItem {
  id: string;
  emailId: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export function sendHelpers(t: TestEnv) {
  return {
    send: (p: TestProject, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/v1/send', headers: { authorization: p.auth, ...headers }, payload: body }),
    /** Runs the due jobs (delivery included), then lists what the capture transport holds for `to`. */
    async outbox(p: TestProject, to: string): Promise<OutboxItem[]> {
      await t.deps.jobs.drain();
      const url = `/outbox?to=${encodeURIComponent(to)}`;
      const res = await t.app.inject({ url, headers: { authorization: p.auth } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    },
    emailRow: (id: string) => t.deps.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    events: (contactId: string, name: string) =>
      t.deps.db.selectFrom('events').selectAll().where('contactId', '=', contactId).where('name', '=', name).execute(),
  };
}

/** A PENDING transactional outbox email of the project, as the outbox stores it. */
export function testEmail(projectId: string, contactId: string | null = null): StoredEmail {
  const id = newId();
  return {
    id,
    projectId,
    contactId,
    templateId: null,
    templateVersion: null,
    sourceType: 'TRANSACTIONAL',
    sourceId: null,
    emailType: 'TRANSACTIONAL',
    toEmail: 'x@x.test',
    toName: null,
    fromEmail: 'from@x.test',
    fromName: null,
    replyTo: null,
    subject: 's',
    html: '<p>h</p>',
    text: 'h',
    headers: {},
    attachments: [],
    status: 'PENDING',
    priority: 0,
    messageId: `${id}@x.test`,
  };
}

/** A PENDING transactional outbox row of the project, stored through the outbox repo; answers its id. */
export async function storeTestEmail(t: TestEnv, projectId: string, contactId: string | null = null): Promise<string> {
  const email = testEmail(projectId, contactId);
  await insertEmail(t.deps.db, t.deps.dialect, email, t.deps.clock.now());
  return email.id;
}
