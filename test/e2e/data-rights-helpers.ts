/** Shared by the data-rights tests: a contact with everything a contact accumulates, and a sign-up's pending confirmation and its mail. */
import { expect } from 'vitest';
import { insertEmail } from '../../src/emails/outbox.repo.ts';
import { newId } from '../../src/lib/ids.ts';
import { insertPending } from '../../src/signup/signup.repo.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { testEmail } from './send-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type ContactTable = 'events' | 'workflowExecutions' | 'segmentMembers' | 'contactTopics' | 'pendingConfirmations';

export function dataRightsHelpers(t: TestEnv) {
  const log = emailLogHelpers(t);
  const flows = workflowHelpers(t);
  const api = (p: TestProject, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  /** The contact's rows of `table`. */
  const rows = (table: ContactTable, contactId: string) =>
    t.deps.db.selectFrom(table).selectAll().where('contactId', '=', contactId).execute();

  /** A pending confirmation of the contact, through the sign-up feature's repo. */
  async function pendingConfirmation(p: TestProject, contactId: string, email: string, topics: string[] = []) {
    const id = newId();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 7 * 86_400_000);
    await insertPending(t.deps.db, { id, projectId: p.id, contactId, email, topics, createdAt: now, expiresAt });
    return id;
  }

  /** A confirmation email of that pending sign-up to `to`, stored PENDING as the sign-up feature writes it. */
  async function confirmationEmail(p: TestProject, contactId: string, to: string, pendingId: string) {
    const row = { ...testEmail(p.id, contactId), toEmail: to, sourceId: pendingId, subject: 'Confirm your sign-up' };
    await insertEmail(t.deps.db, t.deps.dialect, row, new Date());
    await t.deps.jobs.enqueue('email.deliver', {});
    await t.deps.jobs.drain();
    return row.id;
  }

  /**
   * Ann with everything a contact accumulates: custom events, a sent email with an attachment, a
   * waiting workflow execution, a static segment membership, a topic choice and a pending
   * confirmation; Bob beside her, who must keep all of his.
   */
  async function populated(p: TestProject) {
    const ann = (await api(p, 'POST', '/contacts', { email: 'Ann.Rights@Example.test', data: { name: 'Ann' } })).json();
    const bob = (await api(p, 'POST', '/contacts', { email: 'bob.rights@example.test' })).json();
    await flows.track(p, ann.email, 'purchase', { sku: 'A-1' });
    await flows.track(p, ann.email, 'purchase', { sku: 'A-2' });
    await flows.track(p, bob.email, 'purchase', { sku: 'B-1' });
    const emailId = await log.sendOne(p, ann.email, {
      subject: 'Your private order for Ann',
      body: '<p>Dear Ann, order A-1</p>',
      attachments: [
        { filename: 'invoice.txt', content: Buffer.from('Ann invoice').toString('base64'), contentType: 'text/plain' },
      ],
    });
    await log.sendOne(p, bob.email);
    const flow = await flows.build(p, {
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 1, unit: 'days' } }],
      edges: [['trigger', 'wait']],
    });
    await flows.track(p, ann.email, 'flow.start');
    await flows.settle();
    const segment = (await api(p, 'POST', '/segments', { name: 'VIP', type: 'STATIC' })).json();
    const members = await api(p, 'POST', `/segments/${segment.id}/members`, { emails: [ann.email, bob.email] });
    expect(members.statusCode, members.body).toBeLessThan(300);
    const topicId = (await api(p, 'POST', '/topics', { name: 'Product news' })).json().id;
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: `/contacts/${ann.id}`,
      headers: { authorization: p.auth },
      payload: { topics: { [topicId]: true } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const pendingId = await pendingConfirmation(p, ann.id, ann.email, [topicId]);
    return { ann, bob, emailId, flow, segment, topicId, pendingId };
  }

  return { api, rows, pendingConfirmation, confirmationEmail, populated };
}
