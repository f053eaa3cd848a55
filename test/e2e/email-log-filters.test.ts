// Invariant: GET /emails lists the caller's project's emails newest first, each filter narrowing to
// exactly the matching rows (recipient case-insensitively), pages by cursor with `total` on the first
// page, and answers 422 naming the field for a filter that is not one (nothing else answered).
import { describe, expect, it } from 'vitest';
import type { EmailSource, EmailStatus } from '../../src/db/schema.ts';
import { insertEmail } from '../../src/emails/outbox.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { testEmail } from './send-helpers.ts';
import { expectError } from './support.ts';

type Errors = { errors?: Array<{ field: string }> };

describe.each(DIALECTS)('GET /emails filters on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = emailLogHelpers(t);

  /** An outbox row as stored, then moved to `status`; created at `day` (2030-01-<day>). */
  async function email(
    p: TestProject,
    o: { to: string; status: EmailStatus; source?: EmailSource; sourceId?: string; day: number },
  ) {
    const e = {
      ...testEmail(p.id),
      toEmail: o.to,
      sourceType: o.source ?? 'TRANSACTIONAL',
      sourceId: o.sourceId ?? null,
    };
    await insertEmail(t.deps.db, t.deps.dialect, e, new Date(Date.UTC(2030, 0, o.day, 12)));
    await t.deps.db.updateTable('emails').set({ status: o.status }).where('id', '=', e.id).execute();
    return e.id;
  }

  const ids = async (p: TestProject, query: string) => {
    const res = await h.list(p, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((x: { id: string }) => x.id);
  };

  it('narrows by each filter and by several together, newest first', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const ann = await email(p, { to: 'Ann@Example.test', status: 'FAILED', day: 1 });
    const bob = await email(p, { to: 'bob@example.test', status: 'SENT', source: 'CAMPAIGN', sourceId: 'c1', day: 2 });
    const ann2 = await email(p, { to: 'ann@example.test', status: 'SENT', source: 'CAMPAIGN', sourceId: 'c2', day: 3 });
    const carl = await email(p, {
      to: 'carl@example.test',
      status: 'BOUNCED',
      source: 'WORKFLOW',
      sourceId: 'x',
      day: 4,
    });
    await email(other, { to: 'ann@example.test', status: 'FAILED', day: 1 });

    const all = await h.list(p);
    expect(all.json()).toMatchObject({ total: 4, hasMore: false, cursor: '' });
    expect(all.json().data.map((x: { id: string }) => x.id)).toEqual([carl, ann2, bob, ann]);
    expect(all.json().data[0]).toMatchObject({
      to: 'carl@example.test',
      status: 'BOUNCED',
      sourceType: 'WORKFLOW',
      sourceId: 'x',
      attemptCount: 0,
      lastError: null,
    });
    expect(await ids(p, '?status=FAILED')).toEqual([ann]);
    expect(await ids(p, '?status=SENT')).toEqual([ann2, bob]);
    expect(await ids(p, '?status=OPENED')).toEqual([]);
    expect(await ids(p, '?sourceType=CAMPAIGN')).toEqual([ann2, bob]);
    expect(await ids(p, '?sourceType=TRANSACTIONAL')).toEqual([ann]);
    expect(await ids(p, '?campaignId=c1')).toEqual([bob]);
    // A workflow execution's id is not a campaign.
    expect(await ids(p, '?campaignId=x')).toEqual([]);
    expect(await ids(p, '?recipient=ANN%40example.TEST')).toEqual([ann2, ann]);
    expect(await ids(p, '?since=2030-01-02&until=2030-01-03T12:00:00Z')).toEqual([bob]);
    expect(await ids(p, '?until=2030-01-03')).toEqual([ann2, bob, ann]);
    expect(await ids(p, '?since=2030-01-03T12:00:00.000Z')).toEqual([carl, ann2]);
    expect(await ids(p, '?recipient=ann@example.test&status=SENT')).toEqual([ann2]);
    const both = await h.list(p, '?recipient=ann@example.test&sourceType=CAMPAIGN&since=2030-01-01');
    expect(both.json()).toMatchObject({ total: 1, data: [{ id: ann2, to: 'ann@example.test' }] });
  });

  it('pages newest first by cursor, with total on the first page only', async () => {
    const p = await t.make.project();
    const made: string[] = [];
    for (let day = 1; day <= 5; day++) made.push(await email(p, { to: `r${day}@example.test`, status: 'SENT', day }));
    const first = (await h.list(p, '?limit=2')).json();
    expect(first).toMatchObject({ total: 5, hasMore: true });
    const second = (await h.list(p, `?limit=2&cursor=${first.cursor}`)).json();
    const third = (await h.list(p, `?limit=2&cursor=${second.cursor}`)).json();
    expect(second).toMatchObject({ total: 0, hasMore: true });
    expect(third).toMatchObject({ total: 0, hasMore: false, cursor: '' });
    const seen = [...first.data, ...second.data, ...third.data].map((x: { id: string }) => x.id);
    expect(seen).toEqual([...made].reverse());
  });

  it('answers 422 naming the field for each filter that is not one', async () => {
    const p = await t.make.project();
    const bad: Array<[string, string]> = [
      ['?status=LOST', 'status'],
      ['?status=failed', 'status'],
      ['?sourceType=API', 'sourceType'],
      ['?recipient=not-an-address', 'recipient'],
      ['?recipient=', 'recipient'],
      ['?since=yesterday', 'since'],
      ['?until=2030-13-01', 'until'],
      ['?since=0999-01-01', 'since'],
      ['?campaignId=', 'campaignId'],
      ['?cursor=nope', 'cursor'],
      ['?limit=0', 'limit'],
    ];
    for (const [query, field] of bad) {
      const error = expectError(await h.list(p, query), 422, 'VALIDATION_ERROR');
      expect((error as Errors).errors?.[0]?.field, query).toBe(field);
    }
  });
});
