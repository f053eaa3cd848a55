// Invariant: a contact's export holds everything stored about it, and its erasure leaves nothing that
// names it: the contact, its events, executions, memberships, topic choices and confirmations are
// gone, its emails keep only status and times, and its address (kept as a SHA-256) gets no mail
// again, whoever sends it, until a sign-up's confirmation (the one mail that still goes) is confirmed.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { insertEmail } from '../../src/emails/outbox.repo.ts';
import { newId } from '../../src/lib/ids.ts';
import { ERASED_REASON } from '../../src/privacy/erased.ts';
import { liftErasure } from '../../src/privacy/erasure.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { uploadCsv } from './contacts-helpers.ts';
import { dataRightsHelpers } from './data-rights-helpers.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import type { OpenApi, Schema } from './openapi-schema.ts';
import { expectConforms } from './openapi-schema.ts';
import { sendHelpers, testEmail } from './send-helpers.ts';
import { signupHelpers } from './signup-helpers.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(DIALECTS)('a contact’s data rights on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const log = emailLogHelpers(t);
  const mail = sendHelpers(t);
  const flows = workflowHelpers(t);
  const signup = signupHelpers(t);
  const { api, rows, pendingConfirmation, confirmationEmail, populated } = dataRightsHelpers(t);

  it('exports the contact with its topic choices, confirmations, events, emails and executions, as an attachment', async () => {
    const p = await t.make.project();
    const { ann, emailId, flow, topicId, pendingId } = await populated(p);
    const res = await api(p, 'GET', `/contacts/${ann.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contact-${ann.id}.json"`);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.contact).toMatchObject({ id: ann.id, email: 'ann.rights@example.test', data: { name: 'Ann' } });
    expect(doc.topics).toEqual([
      { topicId, topicName: 'Product news', subscribed: true, updatedAt: expect.any(String) },
    ]);
    expect(doc.pendingConfirmations).toEqual([
      expect.objectContaining({ id: pendingId, email: ann.email, topics: [topicId], confirmedAt: null }),
    ]);
    const purchases = doc.events.filter((e: { name: string }) => e.name === 'purchase');
    expect(purchases.map((e: { data: { sku: string } }) => e.data.sku).sort()).toEqual(['A-1', 'A-2']);
    expect(doc.events.map((e: { name: string }) => e.name)).toContain('flow.start');
    expect(doc.emails).toEqual([
      expect.objectContaining({
        id: emailId,
        status: 'SENT',
        subject: 'Your private order for Ann',
        sourceType: 'TRANSACTIONAL',
        sentAt: expect.any(String),
      }),
    ]);
    expect(doc.workflowExecutions).toEqual([
      expect.objectContaining({ workflowId: flow.id, status: 'WAITING', endedAt: null }),
    ]);
    // Nothing of Bob's is in Ann's export.
    expect(res.body).not.toContain('bob.rights');
    expect(res.body).not.toContain('B-1');
    const openapi = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    const schema = openapi.paths['/contacts/{id}/export']!.get!.responses!['200']!.content!['application/json']!.schema;
    expectConforms(doc, schema as Schema, 'export');
  });

  it('pages through a long history: every event and email of the contact is in the document once', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { email: 'long@history.test' });
    const at = new Date();
    // More than one page (500) of each, written as rows: the API would take minutes for this many.
    const events = Array.from({ length: 1203 }, (_, i) => ({
      id: newId(),
      projectId: p.id,
      contactId: c.id,
      name: i % 3 === 0 ? 'a.view' : 'b.click',
      data: JSON.stringify({ i }),
      createdAt: new Date(at.getTime() - (i % 7) * 1000),
    }));
    for (let i = 0; i < events.length; i += 300)
      await t.deps.db
        .insertInto('events')
        .values(events.slice(i, i + 300))
        .execute();
    for (let i = 0; i < 520; i++) {
      await insertEmail(t.deps.db, t.deps.dialect, testEmail(p.id, c.id), at);
    }
    const doc = (await api(p, 'GET', `/contacts/${c.id}/export`)).json();
    expect(doc.events).toHaveLength(1203);
    expect(new Set(doc.events.map((e: { data: { i: number } }) => e.data.i)).size).toBe(1203);
    expect(doc.emails).toHaveLength(520);
    expect(new Set(doc.emails.map((e: { id: string }) => e.id)).size).toBe(520);
  });

  it('answers 404 CONTACT_NOT_FOUND for another project’s contact and an unknown id, and changes nothing', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const { ann } = await populated(a);
    for (const id of [ann.id, newId()]) {
      expectError(await api(b, 'GET', `/contacts/${id}/export`), 404, 'CONTACT_NOT_FOUND');
      expectError(await api(b, 'POST', `/contacts/${id}/erase`), 404, 'CONTACT_NOT_FOUND');
    }
    expect((await api(a, 'GET', `/contacts/${ann.id}`)).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('erasedAddresses').selectAll().execute()).toEqual([]);
  });

  it('erases the contact, its events, executions, memberships, choices and confirmations; its emails keep status and times only', async () => {
    const p = await t.make.project();
    const { ann, bob, emailId, segment } = await populated(p);
    await log.endpoint(p, ['contact.deleted']);
    const eventsBefore = (await rows('events', ann.id)).length;
    const bobEvents = (await rows('events', bob.id)).length;
    const before = await log.row(emailId);
    const totalBefore = (await api(p, 'GET', '/contacts')).json().total;
    const seriesBefore = (await api(p, 'GET', '/analytics/timeseries')).json().totals;
    expect(await mail.outbox(p, ann.email)).toHaveLength(1);

    const res = await api(p, 'POST', `/contacts/${ann.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { erased: { events: eventsBefore, executions: 1, emails: 1 } } });

    expectError(await api(p, 'GET', `/contacts/${ann.id}`), 404, 'CONTACT_NOT_FOUND');
    expectError(await api(p, 'POST', `/contacts/${ann.id}/erase`), 404, 'CONTACT_NOT_FOUND');
    for (const table of [
      'events',
      'workflowExecutions',
      'segmentMembers',
      'contactTopics',
      'pendingConfirmations',
    ] as const)
      expect(await rows(table, ann.id), table).toEqual([]);
    expect(await t.deps.db.selectFrom('workflowStepRuns').selectAll().where('projectId', '=', p.id).execute()).toEqual(
      [],
    );
    // Bob keeps everything.
    expect(await rows('events', bob.id)).toHaveLength(bobEvents);
    expect((await rows('segmentMembers', bob.id)).map((r) => r.segmentId)).toEqual([segment.id]);

    const after = await log.row(emailId);
    expect(after).toMatchObject({
      status: 'SENT',
      sentAt: before.sentAt,
      createdAt: before.createdAt,
      sourceType: 'TRANSACTIONAL',
      contactId: null,
      toEmail: '',
      toName: null,
      subject: '',
      html: '',
      text: '',
      lastError: null,
    });
    expect(after.hasAttachments === true || after.hasAttachments === 1).toBe(false);
    expect(await t.deps.db.selectFrom('emailAttachments').selectAll().where('emailId', '=', emailId).execute()).toEqual(
      [],
    );
    for (const a of await log.attempts(emailId)) expect(a.response).toBe('');
    const detail = await log.detail(p, emailId);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: emailId,
      to: '',
      subject: '',
      status: 'SENT',
      contactId: null,
      events: [],
    });
    expect(detail.body.toLowerCase()).not.toContain('ann');
    expect(await mail.outbox(p, ann.email)).toEqual([]);

    // The address is kept only as its hash, and the erasure's own records name no one.
    expect(await t.deps.db.selectFrom('erasedAddresses').select(['projectId', 'emailHash']).execute()).toEqual([
      { projectId: p.id, emailHash: sha256('ann.rights@example.test') },
    ]);
    const logged = await t.deps.db.selectFrom('activityLog').selectAll().where('projectId', '=', p.id).execute();
    expect(logged.map((r) => r.type)).toEqual(['contact.erased']);
    expect(JSON.stringify(logged).toLowerCase()).not.toContain('ann');
    const feed = (await api(p, 'GET', `/activity?contactId=${ann.id}`)).json();
    expect(feed.data).toEqual([]);

    // Counts follow: one contact fewer, email statistics unchanged, Ann's events no longer counted.
    expect((await api(p, 'GET', '/contacts')).json().total).toBe(totalBefore - 1);
    expect((await api(p, 'GET', '/analytics/timeseries')).json().totals).toEqual(seriesBefore);
    const top = (await api(p, 'GET', '/analytics/top-events')).json().data;
    expect(top.find((e: { name: string }) => e.name === 'purchase')).toEqual({ name: 'purchase', count: 1 });
    // Endpoints hear of it as of a delete.
    expect((await log.messages(p, 'contact.deleted')).map((m) => m.data.id)).toEqual([ann.id]);
  });

  it('holds back mail not sent yet when the contact is erased', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { email: 'queued@rights.test' });
    const id = newId();
    await insertEmail(t.deps.db, t.deps.dialect, { ...testEmail(p.id, c.id), id, toEmail: c.email }, new Date());
    expect((await api(p, 'POST', `/contacts/${c.id}/erase`)).json().data.erased.emails).toBe(1);
    await t.deps.jobs.enqueue('email.deliver', {});
    await t.deps.jobs.drain();
    expect(await log.row(id)).toMatchObject({ status: 'SUPPRESSED', toEmail: '', lastError: ERASED_REASON });
  });

  it('never mails the address again: /v1/send to a new contact with it is SUPPRESSED, a campaign skips its re-import', async () => {
    const p = await t.make.project();
    const { ann, bob } = await populated(p);
    await api(p, 'POST', `/contacts/${ann.id}/erase`);

    // POST /contacts may create it again; no send reaches it.
    expect((await api(p, 'POST', '/contacts', { email: 'ANN.rights@example.test' })).statusCode).toBe(201);
    const sent = await log.sendOne(p, 'ann.rights@example.test', { subject: 'After erasure' });
    await t.deps.jobs.drain();
    expect(await log.row(sent)).toMatchObject({ status: 'SUPPRESSED', lastError: ERASED_REASON });
    expect(await mail.outbox(p, ann.email)).toEqual([]);

    // Deleted and imported again, in a campaign to everyone: Bob gets it, the address does not.
    const again = (await api(p, 'POST', '/contacts/lookup', { emails: [ann.email] })).json().found[0];
    await t.app.inject({ method: 'DELETE', url: `/contacts/${again.id}`, headers: { authorization: p.auth } });
    const upload = await uploadCsv(t.app, p.auth, `email,name\n${ann.email},Ann\n`);
    expect(upload.statusCode, upload.body).toBe(202);
    await t.deps.jobs.drain();
    expect((await api(p, 'POST', '/contacts/lookup', { emails: [ann.email] })).json().found).toHaveLength(1);
    const campaign = await api(p, 'POST', '/campaigns', {
      name: 'News',
      subject: 'News',
      body: '<p>News {{ unsubscribeUrl }}</p>',
      from: 'news@rights.test',
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const id = campaign.json().data.id;
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBeLessThan(300);
    for (let i = 0; i < 20 && (await api(p, 'GET', `/campaigns/${id}`)).json().status === 'SENDING'; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
    }
    expect((await mail.outbox(p, bob.email)).map((m) => m.subject)).toContain('News');
    expect(await mail.outbox(p, ann.email)).toEqual([]);
    // The fan-out leaves the address out: no row is even queued for it.
    const queued = await t.deps.db.selectFrom('emails').select('toEmail').where('sourceId', '=', id).execute();
    expect(queued.map((r) => r.toEmail)).toEqual([bob.email]);
  });

  it('still delivers the confirmation of a new sign-up, and liftErasure makes the address mailable again', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { email: 'back@rights.test' });
    await api(p, 'POST', `/contacts/${c.id}/erase`);
    const fresh = await t.make.contact(p, { email: 'back@rights.test', subscribed: false });
    const pendingId = await pendingConfirmation(p, fresh.id, fresh.email);

    const confirmation = await confirmationEmail(p, fresh.id, 'Back@Rights.test', pendingId);
    expect((await log.row(confirmation)).status).toBe('SENT');
    expect((await mail.outbox(p, 'back@rights.test')).map((m) => m.subject)).toEqual(['Confirm your sign-up']);
    // A confirmation id does not open the way for mail to another erased address.
    const other = await t.make.contact(p, { email: 'other@rights.test' });
    await api(p, 'POST', `/contacts/${other.id}/erase`);
    const misused = await confirmationEmail(p, fresh.id, 'other@rights.test', pendingId);
    expect(await log.row(misused)).toMatchObject({ status: 'SUPPRESSED', lastError: ERASED_REASON });
    const plain = await log.sendOne(p, 'back@rights.test');
    await t.deps.jobs.drain();
    expect((await log.row(plain)).status).toBe('SUPPRESSED');

    // The sign-up is confirmed: its transaction lifts the erasure.
    await t.deps.db.transaction().execute((trx) => liftErasure(trx, p.id, ' BACK@rights.test '));
    expect(
      await t.deps.db.selectFrom('erasedAddresses').select('emailHash').where('projectId', '=', p.id).execute(),
    ).toEqual([{ emailHash: sha256('other@rights.test') }]);
    const welcome = await log.sendOne(p, 'back@rights.test', { subject: 'Welcome back' });
    await t.deps.jobs.drain();
    expect((await log.row(welcome)).status).toBe('SENT');
  });

  it('delivers the confirmation of a new double opt-in sign-up, and its confirmation makes the address mailable', async () => {
    const p = await signup.project({ doubleOptIn: true });
    const c = await t.make.contact(p, { email: 'rejoin@rights.test' });
    expect((await api(p, 'POST', `/contacts/${c.id}/erase`)).statusCode).toBe(200);

    const asked = await signup.subscribe(p.publicKey, { email: 'Rejoin@Rights.test' });
    expect(asked.statusCode, asked.body).toBe(202);
    const [confirmation, ...more] = await signup.mailTo(p, 'rejoin@rights.test');
    expect(more).toEqual([]);
    // Not confirmed yet: any other mail to it is still held back.
    const early = await log.sendOne(p, 'rejoin@rights.test', { from: p.from });
    await t.deps.jobs.drain();
    expect(await log.row(early)).toMatchObject({ status: 'SUPPRESSED', lastError: ERASED_REASON });

    const confirmed = await t.app.inject({ method: 'POST', url: signup.confirmPath(confirmation!.html) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await t.deps.db.selectFrom('erasedAddresses').selectAll().where('projectId', '=', p.id).execute()).toEqual(
      [],
    );
    const welcome = await log.sendOne(p, 'rejoin@rights.test', { from: p.from, subject: 'Welcome back' });
    await t.deps.jobs.drain();
    expect((await log.row(welcome)).status).toBe('SENT');
  });

  it('lets one of two racing erasures win: one 200, one 404, one erased address', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { email: 'race@rights.test' });
    await flows.track(p, c.email, 'purchase');
    const answers = await Promise.all([1, 2].map(() => api(p, 'POST', `/contacts/${c.id}/erase`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(
      await t.deps.db.selectFrom('erasedAddresses').selectAll().where('projectId', '=', p.id).execute(),
    ).toHaveLength(1);
  });
});
