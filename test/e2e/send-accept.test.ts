// Invariant: a /v1/send request is one unit. Requests accepted at the same moment share a transaction,
// yet one that fails (its template does not render for its contact) fails alone: the others are
// stored and sent once, and the failing one leaves nothing behind — no contact, no email — even when
// an earlier recipient of the same request rendered. Each stored email goes out exactly once.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('the accept path of POST /v1/send on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { send, outbox } = sendHelpers(t);

  // A range longer than the render's memory limit fails for that contact only (TEMPLATE_RENDER).
  const body = '<p>{% for i in (1..n) %}.{% endfor %}</p>';

  const rowsOf = async (table: 'contacts' | 'emails', projectId: string) => {
    const row = await t.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('stores concurrent requests together and refuses only the one that does not render', async () => {
    const p = await t.make.project();
    const good = Array.from({ length: 12 }, (_, i) =>
      send(p, { to: `ok${i}@example.test`, from: 'a@shop.test', subject: 'Hi', body, data: { n: 3 } }),
    );
    const bad = send(p, { to: 'bad@example.test', from: 'a@shop.test', subject: 'Hi', body, data: { n: 1e8 } });
    const [badRes, ...goodRes] = await Promise.all([bad, ...good]);
    const error = expectError(badRes, 422, 'VALIDATION_ERROR');
    expect(error.errors?.[0]).toMatchObject({ field: 'body', code: 'TEMPLATE_RENDER' });
    expect(goodRes.map((r) => r.statusCode)).toEqual(goodRes.map(() => 200));
    expect(await rowsOf('contacts', p.id)).toBe(12);
    expect(await rowsOf('emails', p.id)).toBe(12);
    for (let i = 0; i < 12; i++) {
      const mails = await outbox(p, `ok${i}@example.test`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain('<p>...');
    }
    expect(await outbox(p, 'bad@example.test')).toHaveLength(0);
  });

  it('stores nothing of a request whose second recipient does not render, not even the first', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { email: 'heavy@example.test', data: { n: 1e8 } });
    const before = await rowsOf('contacts', p.id);
    const res = await send(p, {
      to: ['light@example.test', 'heavy@example.test'],
      from: 'a@shop.test',
      subject: 'Hi',
      body,
    });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(await rowsOf('contacts', p.id)).toBe(before);
    expect(await rowsOf('emails', p.id)).toBe(0);
  });
});
