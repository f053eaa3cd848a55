// Invariant: a CSV import of suppression rules is a job row that survives a restart: every good line
// becomes a rule (an address that has one keeps it), every bad line is an error of its own with its
// line number, and the progress reads processed/total; an upload over the limit or of the wrong shape
// is refused whole and writes nothing. The export is the project's address and domain rules as CSV.
// Rules written in one process hold mail in every other at once (PostgreSQL's change feed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { createLogger } from '../../src/deps.ts';
import { findHeldBack } from '../../src/suppressions/holds.ts';
import { runSuppressionImport } from '../../src/suppressions/import/import.jobs.ts';
import { addFeedbackRule, addSuppressions, deleteSuppression } from '../../src/suppressions/suppressions.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { expectError, fieldNames } from './support.ts';
import { suppressionHelpers } from './suppressions-helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('suppression imports and export on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'false' }),
  });
  const s = suppressionHelpers(t);
  const log = emailLogHelpers(t);

  it('imports every good line, reports each bad one by its line, and counts processed of total', async () => {
    const p = await t.make.project();
    const [kept] = await s.add(p, { addresses: ['a@imp.test'], note: 'by hand' });
    const file = 'a@imp.test\n*@impdomain.test\nnot-an-address\n\nb@imp.test,c@imp.test\nC@Imp.test\nc@imp.test\n';
    const res = await s.upload(p, file);
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json();
    expect(queued).toEqual({ id: expect.any(String), status: 'PENDING', total: 6, processed: 0, added: 0, errors: [] });
    expect(await s.imported(p, queued.id)).toEqual({
      id: queued.id,
      status: 'DONE',
      total: 6,
      processed: 6,
      added: 2,
      errors: [
        { line: 3, message: '"not-an-address" is not a valid email address nor *@domain' },
        { line: 5, message: 'has 2 values; put one address or *@domain on each line' },
      ],
    });
    const rules = (await s.list(p)).data;
    expect(rules.map((r) => r.address ?? `*@${r.domain}`).sort()).toEqual([
      '*@impdomain.test',
      'a@imp.test',
      'c@imp.test',
    ]);
    expect(rules.find((r) => r.address === 'a@imp.test')).toEqual(kept);
    expect(rules.find((r) => r.address === 'c@imp.test')).toMatchObject({
      reason: 'MANUAL',
      note: 'Imported from list.csv',
    });
    const held = await log.sendOne(p, 'anyone@impdomain.test');
    await t.deps.jobs.drain();
    expect((await log.row(held)).status).toBe('SUPPRESSED');
  });

  it('refuses an upload over 5 MB, of the wrong shape or without a file, and writes nothing', async () => {
    const p = await t.make.project();
    const line = 'someone-with-a-long-address@example.test\n';
    const big = Buffer.from(line.repeat(Math.ceil((5 * 1024 * 1024 + 1) / line.length)));
    expectError(await s.upload(p, big), 413, 'PAYLOAD_TOO_LARGE');
    for (const content of ['email,name\nann@x.test,Ann\n', Buffer.from([0x61, 0x00, 0x62]), '', '\n\n']) {
      expect(fieldNames(expectError(await s.upload(p, content), 422, 'VALIDATION_ERROR'))).toEqual(['file']);
    }
    expectError(await s.upload(p, 'a@x.test\n', { field: 'upload' }), 422, 'VALIDATION_ERROR');
    const json = await s.api(p, 'POST', '/suppressions/import', { file: 'a@x.test' });
    expect(fieldNames(expectError(json, 422, 'VALIDATION_ERROR'))).toEqual(['file']);
    expect(await s.count('suppressionImports', p.id)).toBe(0);
    expect(await s.count('suppressions', p.id)).toBe(0);
  });

  it('resumes an import cut short, in a fresh process, with the counts of one run', async () => {
    const p = await t.make.project();
    const lines = Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? `bad-${i}` : `r${i}@resume.test`));
    const id = (await s.upload(p, `${lines.join('\n')}\n`)).json().id;
    let batches = 0;
    await runSuppressionImport(t.deps, id, { batchSize: 10, shouldStop: () => ++batches === 2 });
    const mid = (await s.api(p, 'GET', `/suppressions/imports/${id}`)).json();
    expect(mid).toMatchObject({ status: 'RUNNING', total: 50, processed: 20, added: 18 });
    const other = await createDeps(t.config, { log: createLogger('silent') });
    try {
      await other.jobs.drain();
    } finally {
      await other.close();
    }
    const done = await s.imported(p, id);
    expect(done).toMatchObject({ status: 'DONE', total: 50, processed: 50, added: 45 });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([10, 20, 30, 40, 50]);
    expect(await s.count('suppressions', p.id)).toBe(45);
  });

  it('exports the address and domain rules as CSV, oldest first, without the erased', async () => {
    const p = await t.make.project();
    await s.add(p, { addresses: ['one@exp.test'], note: 'says "hi", twice' });
    await s.add(p, { domains: ['exp-domain.test'], note: '=HYPERLINK("x")', expiresAt: '2100-01-01T00:00:00.000Z' });
    const contact = await t.make.contact(p, { email: 'erased@exp.test' });
    await s.api(p, 'POST', `/contacts/${contact.id}/erase`);
    const res = await s.api(p, 'GET', '/suppressions/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="suppressions-.*\.csv"$/);
    const [header, first, second, ...rest] = res.body.split('\r\n');
    expect(header).toBe('address,domain,reason,note,createdAt,expiresAt');
    expect(first).toMatch(/^one@exp\.test,,MANUAL,"says ""hi"", twice",\d{4}-[^,]+Z,$/);
    expect(second).toMatch(/^,exp-domain\.test,MANUAL,"'=HYPERLINK\(""x""\)",[^,]+,2100-01-01T00:00:00\.000Z$/);
    expect(rest).toEqual(['']);
  });

  it.runIf(dialect === 'postgres')(
    'adds to the cached rules of every process without reloading them, and forgets them on a delete',
    async () => {
      const p = await t.make.project();
      const b = await createDeps(t.config, { log: createLogger('silent') });
      const row = (id: string, toEmail: string) => ({ id, toEmail, sourceType: 'TRANSACTIONAL', sourceId: null });
      const until = async (ok: () => boolean) => {
        for (let i = 0; i < 100 && !ok(); i++) await sleep(20);
        return ok();
      };
      try {
        const a = t.deps;
        const index = await a.suppressionRules.read(a.db, p.id);
        expect(index?.size).toBe(0);
        const [rule] = (await addSuppressions(b, p.id, { domains: ['cross.test'] })).data;
        expect(await until(() => index!.domains.has('cross.test'))).toBe(true);
        await b.db
          .transaction()
          .execute((trx) =>
            addFeedbackRule(b, trx, { projectId: p.id, email: 'Bounced@Else.test', reason: 'BOUNCE', emailId: 'e' }),
          );
        expect(await until(() => index!.addresses.has('bounced@else.test'))).toBe(true);
        // The same index all along: adds never reloaded it.
        expect(a.suppressionRules.cache.get(p.id)).toBe(index);
        const held = await findHeldBack(a, p.id, [
          row('1', 'x@cross.test'),
          row('2', 'bounced@else.test'),
          row('3', 'x@ok.test'),
        ]);
        expect([...held.keys()]).toEqual(['1', '2']);
        await deleteSuppression(b, p.id, rule!.id);
        expect(await until(() => a.suppressionRules.cache.get(p.id) === undefined)).toBe(true);
        expect([...(await findHeldBack(a, p.id, [row('1', 'x@cross.test')])).keys()]).toEqual([]);
      } finally {
        await b.close();
      }
    },
  );
});
