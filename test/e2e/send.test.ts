// Invariant: POST /v1/send stores one outbox row per recipient, rendered for that recipient, before
// anything goes out; bad input is a 4xx that changes nothing; delivery sends each row once.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('POST /v1/send on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const { send, outbox, emailRow, events } = sendHelpers(t);

  it('stores, renders and delivers one email, and creates the contact unsubscribed', async () => {
    const p = await t.make.project();
    const res = await send(p, {
      to: 'Ann@Example.test',
      from: { name: 'Shop', email: 'hello@shop.test' },
      subject: 'Hi {{ first ?? "there" }}',
      body: '<p>Hello {{ first ?? "friend" }} <b>{{ note }}</b> <a href="https://shop.test/x?a=1&amp;b=2">go</a></p>',
      data: { note: '<script>x</script>' },
      reply: 'help@shop.test',
      headers: { 'X-Campaign': 'welcome' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.emails).toHaveLength(1);
    expect(data.emails[0].contact.email).toBe('ann@example.test');
    expect(new Date(data.timestamp).toISOString()).toBe(data.timestamp);
    const row = await emailRow(data.emails[0].email);
    expect(row).toMatchObject({ status: 'PENDING', sourceType: 'TRANSACTIONAL', emailType: 'TRANSACTIONAL' });
    const contact = await t.app.inject({
      url: `/contacts/${data.emails[0].contact.id}`,
      headers: { authorization: p.auth },
    });
    expect(contact.json()).toMatchObject({ subscribed: false, data: { note: '<script>x</script>' } });

    const [mail] = await outbox(p, 'ann@example.test');
    expect(mail).toBeDefined();
    expect(mail!.emailId).toBe(row.id);
    expect(mail!.subject).toBe('Hi there');
    expect(mail!.html).toContain('Hello friend');
    expect(mail!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('Hello friend');
    expect(mail!.headers['message-id']).toBe(`<${row.id}@shop.test>`);
    expect(mail!.headers['x-mailwright-email-id']).toBe(row.id);
    expect(mail!.headers['x-campaign']).toBe('welcome');
    expect(mail!.headers['reply-to']).toContain('help@shop.test');
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
    // Tracking is on by default: the link goes through our signed redirect, and a pixel is added.
    expect(mail!.html).toContain('http://localhost:3000/t/c/');
    expect(mail!.html).toContain('http://localhost:3000/t/o/');
    const sent = await emailRow(row.id);
    expect(sent.status).toBe('SENT');
    expect(sent.transportMessageId).toBeTruthy();
    expect(await events(sent.contactId!, 'email.sent')).toHaveLength(1);
  });

  it('renders each recipient with its own contact data, every form of `to`', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { email: 'bo@example.test', data: { first: 'Bo' } });
    const res = await send(p, {
      to: ['bo@example.test', { name: 'Cy Doe', email: 'cy@example.test' }],
      from: 'news@shop.test',
      name: 'Shop News',
      subject: 'Hello {{ first ?? name }}',
      body: '<p>{{ email }}</p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emails).toHaveLength(2);
    const [bo] = await outbox(p, 'bo@example.test');
    const [cy] = await outbox(p, 'cy@example.test');
    expect(bo!.subject).toBe('Hello Bo');
    expect(cy!.subject).toBe('Hello Cy Doe'); // the recipient's name became data.name
    expect(cy!.headers.from).toContain('Shop News');
    expect(cy!.html).toContain('cy@example.test');
  });

  it('keeps transient values out of the contact and emits subscription events on change', async () => {
    const p = await t.make.project();
    const res = await send(p, {
      to: 'dee@example.test',
      from: 'a@shop.test',
      subject: 'Code {{ code }}',
      body: '<p>{{ code }}</p>',
      subscribed: true,
      data: { code: { value: '1234', persistent: false }, plan: 'pro' },
    });
    expect(res.statusCode).toBe(200);
    const contactId = res.json().data.emails[0].contact.id;
    const [mail] = await outbox(p, 'dee@example.test');
    expect(mail!.subject).toBe('Code 1234');
    const c = (await t.app.inject({ url: `/contacts/${contactId}`, headers: { authorization: p.auth } })).json();
    expect(c.data).toEqual({ plan: 'pro' });
    expect(c.subscribed).toBe(true);
    await send(p, { to: 'dee@example.test', from: 'a@shop.test', subject: 's', body: 'b', subscribed: false });
    expect(await events(contactId, 'contact.unsubscribed')).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const p = await t.make.project();
    const base = { to: 'x@example.test', from: 'a@shop.test', subject: 'S', body: 'B' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, subject: undefined }, 422, 'VALIDATION_ERROR'],
      [{ ...base, body: undefined }, 422, 'VALIDATION_ERROR'],
      [{ ...base, subject: 'a\r\nBcc: evil@x.test' }, 422, 'VALIDATION_ERROR'],
      [{ ...base, subject: 'x'.repeat(999) }, 422, 'VALIDATION_ERROR'],
      [{ ...base, headers: { 'X-A\r\nBcc': 'v' } }, 422, 'VALIDATION_ERROR'],
      [{ ...base, headers: { 'X-A': 'v\r\nBcc: evil@x.test' } }, 422, 'VALIDATION_ERROR'],
      [{ ...base, headers: { 'X-A': 'v'.repeat(999) } }, 422, 'VALIDATION_ERROR'],
      [{ ...base, headers: { From: 'evil@x.test' } }, 422, 'VALIDATION_ERROR'],
      [{ ...base, from: { name: 'A\r\nBcc: e@x.test', email: 'a@shop.test' } }, 422, 'VALIDATION_ERROR'],
      [{ ...base, to: 'not-an-email' }, 422, 'VALIDATION_ERROR'],
      [{ ...base, from: undefined }, 422, 'VALIDATION_ERROR'],
      [{ ...base, body: '{% if %}{% endfor %}' }, 422, 'VALIDATION_ERROR'],
      [{ ...base, body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' }, 422, 'VALIDATION_ERROR'],
      [{ ...base, body: '{% include "/etc/passwd" %}' }, 422, 'VALIDATION_ERROR'],
      [{ ...base, template: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, 404, 'TEMPLATE_NOT_FOUND'],
      [
        { ...base, attachments: [{ filename: 'a.txt', content: '@@@', contentType: 'text/plain' }] },
        422,
        'VALIDATION_ERROR',
      ],
      [
        { ...base, attachments: [{ filename: 'a\r\n.txt', content: 'aGk=', contentType: 'text/plain' }] },
        422,
        'VALIDATION_ERROR',
      ],
      [
        {
          ...base,
          attachments: [{ filename: 'a.png', content: 'aGk=', contentType: 'image/png', disposition: 'inline' }],
        },
        422,
        'VALIDATION_ERROR',
      ],
      [
        {
          ...base,
          attachments: Array.from({ length: 11 }, () => ({
            filename: 'a',
            content: 'aGk=',
            contentType: 'text/plain',
          })),
        },
        422,
        'VALIDATION_ERROR',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(p, body);
      expectError(res, status, code);
    }
    const written = await t.deps.db.selectFrom('emails').select('id').where('projectId', '=', p.id).execute();
    expect(written).toHaveLength(0);
    const contacts = await t.deps.db.selectFrom('contacts').select('id').where('projectId', '=', p.id).execute();
    // Only the render-time failure (a loop past the limits) comes after the upsert.
    expect(contacts.length).toBeLessThanOrEqual(1);
  });

  it('caps the attachments at 10 MB in all and refuses a public key', async () => {
    const p = await t.make.project();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1).toString('base64');
    const res = await send(p, {
      to: 'x@example.test',
      from: 'a@shop.test',
      subject: 'S',
      body: 'B',
      attachments: [{ filename: 'big.bin', content: big, contentType: 'application/octet-stream' }],
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    const pk = await t.app.inject({
      method: 'POST',
      url: '/v1/send',
      headers: { authorization: `Bearer ${p.publicKey}` },
      payload: { to: 'x@example.test', from: 'a@shop.test', subject: 'S', body: 'B' },
    });
    expectError(pk, 403, 'FORBIDDEN');
  });

  it('sends attachments, inline images included', async () => {
    const p = await t.make.project();
    const res = await send(p, {
      to: 'att@example.test',
      from: 'a@shop.test',
      subject: 'Files',
      body: '<p><img src="cid:logo1"></p>',
      attachments: [
        { filename: 'hello.txt', content: Buffer.from('hello file').toString('base64'), contentType: 'text/plain' },
        {
          filename: 'logo.png',
          content: 'iVBORw0KGgo=',
          contentType: 'image/png',
          contentId: 'logo1',
          disposition: 'inline',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(p, 'att@example.test');
    const raw = await t.app.inject({ url: `/outbox/${mail!.id}/raw`, headers: { authorization: p.auth } });
    const parsed = await simpleParser(raw.body);
    const names = parsed.attachments.map((a) => a.filename).sort();
    expect(names).toEqual(['hello.txt', 'logo.png']);
    expect(parsed.attachments.find((a) => a.filename === 'hello.txt')!.content.toString()).toBe('hello file');
    expect(parsed.attachments.find((a) => a.filename === 'logo.png')!.cid).toBe('logo1');
  });

  it('stores a send to a suppressed address as SUPPRESSED and sends nothing', async () => {
    const p = await t.make.project();
    await t.deps.db
      .insertInto('suppressions')
      .values({
        id: newId(),
        projectId: p.id,
        email: 'gone@example.test',
        reason: 'BOUNCE',
        emailId: null,
        createdAt: new Date(),
      })
      .execute();
    const res = await send(p, { to: 'gone@example.test', from: 'a@shop.test', subject: 'S', body: 'B' });
    expect(res.statusCode).toBe(200);
    expect(await outbox(p, 'gone@example.test')).toHaveLength(0);
    expect((await emailRow(res.json().data.emails[0].email)).status).toBe('SUPPRESSED');
  });
});
