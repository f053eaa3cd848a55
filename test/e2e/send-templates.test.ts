// Invariant: a template's content, type and sender are used by /v1/send and the request overrides
// them; MARKETING mail gets its footer and List-Unsubscribe headers and skips unsubscribed contacts;
// an Idempotency-Key makes a retried request send nothing twice.
import { describe, expect, it } from 'vitest';
import { bodyHashOf } from '../../src/http/idempotency.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('templates and idempotency in POST /v1/send on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const { send, outbox, emailRow } = sendHelpers(t);

  it('uses a template, lets the request override it, and adds the MARKETING footer and headers', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, {
      type: 'MARKETING',
      subject: 'News for {{ first ?? "you" }}',
      body: '<html><body><p>Big news</p></body></html>',
      from: 'news@shop.test',
      fromName: 'Shop',
      replyTo: 'care@shop.test',
    });
    const res = await send(p, {
      to: 'mo@example.test',
      template: tpl.id,
      subscribed: true,
      data: { first: 'Mo', locale: 'de' },
      // A custom field we also set: ours replaces it, never a second Precedence line.
      headers: { precedence: 'list' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(p, 'mo@example.test');
    expect(mail!.subject).toBe('News for Mo');
    expect(mail!.headers.from).toContain('news@shop.test');
    expect(mail!.headers['reply-to']).toContain('care@shop.test');
    expect(mail!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\/[^>]+>$/);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.precedence).toBe('bulk');
    const raw = await t.app.inject({ url: `/outbox/${mail!.id}/raw`, headers: { authorization: p.auth } });
    expect(raw.body.match(/^precedence:/gim)).toHaveLength(1);
    expect(mail!.html).toContain('/unsubscribe/');
    expect(mail!.text).toContain('/unsubscribe/');
    const row = await emailRow(res.json().data.emails[0].email);
    expect(row).toMatchObject({ emailType: 'MARKETING', templateId: tpl.id });
    const override = await send(p, { to: 'mo@example.test', template: tpl.id, subject: 'Override' });
    expect(override.statusCode).toBe(200);
    const mails = await outbox(p, 'mo@example.test');
    expect(mails[0]!.subject).toBe('Override');
  });

  it('refuses a MARKETING send to an unsubscribed contact, and skips it among several', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, { type: 'MARKETING', from: 'news@shop.test' });
    await t.make.contact(p, { email: 'off@example.test', subscribed: false });
    await t.make.contact(p, { email: 'on@example.test', subscribed: true });
    expectError(await send(p, { to: 'off@example.test', template: tpl.id }), 400, 'CONTACT_UNSUBSCRIBED');
    const both = await send(p, { to: ['off@example.test', 'on@example.test'], template: tpl.id });
    expect(both.statusCode).toBe(200);
    expect(both.json().data.emails.map((e: { contact: { email: string } }) => e.contact.email)).toEqual([
      'on@example.test',
    ]);
    expect(both.json().data.skipped).toEqual([{ email: 'off@example.test', reason: 'UNSUBSCRIBED' }]);
    // A TRANSACTIONAL send always goes.
    expect((await send(p, { to: 'off@example.test', from: 'a@shop.test', subject: 'S', body: 'B' })).statusCode).toBe(
      200,
    );
  });

  it('does not track when the project turned tracking off', async () => {
    const p = await t.make.project();
    await t.deps.db.updateTable('projects').set({ tracking: 'DISABLED' }).where('id', '=', p.id).execute();
    await send(p, {
      to: 'nt@example.test',
      from: 'a@shop.test',
      subject: 'S',
      body: '<a href="https://shop.test/">x</a>',
    });
    const [mail] = await outbox(p, 'nt@example.test');
    expect(mail!.html).toContain('href="https://shop.test/"');
    expect(mail!.html).not.toContain('/t/o/');
  });

  it("refuses another project's template as not found", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const tpl = await t.make.template(a, { from: 'a@shop.test' });
    expectError(await send(b, { to: 'x@example.test', template: tpl.id }), 404, 'TEMPLATE_NOT_FOUND');
    const written = await t.deps.db.selectFrom('contacts').select('id').where('projectId', '=', b.id).execute();
    expect(written).toHaveLength(0);
  });
  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const p = await t.make.project();
    const body = { to: 'idem@example.test', from: 'a@shop.test', subject: 'S', body: 'B' };
    const first = await send(p, body, { 'idempotency-key': 'order-42' });
    const again = await send(
      p,
      { body: 'B', subject: 'S', from: 'a@shop.test', to: 'idem@example.test' },
      { 'idempotency-key': 'order-42' },
    );
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(
      await send(p, { ...body, subject: 'Other' }, { 'idempotency-key': 'order-42' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(await send(p, body, { 'idempotency-key': 'x'.repeat(256) }), 422, 'VALIDATION_ERROR');
    const rows = await t.deps.db.selectFrom('emails').select('id').where('projectId', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    // Keys are per project: another project may use the same key.
    const q = await t.make.project();
    expect((await send(q, body, { 'idempotency-key': 'order-42' })).statusCode).toBe(200);
  });

  it('answers 409 CONFLICT while the first request with a key, and the same body, is still running', async () => {
    const p = await t.make.project();
    const body = { to: 'r@example.test', from: 'a@shop.test', subject: 'S', body: 'B' };
    const now = new Date();
    await t.deps.db
      .insertInto('idempotencyKeys')
      .values({
        projectId: p.id,
        key: 'running',
        bodyHash: bodyHashOf(body),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
      })
      .execute();
    const res = await send(p, body, { 'idempotency-key': 'running' });
    // Same body: not a reused key, a request still in flight (the first one's answer is not stored yet).
    expectError(res, 409, 'CONFLICT');
    expect(await t.deps.db.selectFrom('emails').select('id').where('projectId', '=', p.id).execute()).toHaveLength(0);
  });
});
