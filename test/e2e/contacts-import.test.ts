// Invariant: a CSV import applies CSV rules 1–9 row by row, reports every refused row by its
// spreadsheet row number, is idempotent when re-run, and its job row is the truth: a run cut short
// resumes to the same counts a single run gives, a second run never double-counts, and a refused
// upload stores nothing.

import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactsApi, countImportFiles, countRows, uploadCsv } from './contacts-helpers.ts';
import { expectError } from './support.ts';

const MB5 = 5 * 1024 * 1024;

describe.each(DIALECTS)('CSV import on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { get } = contactsApi(t);

  /** Uploads, runs the queue, and returns the finished job. */
  async function importCsv(auth: string, csv: string | Buffer) {
    const res = await uploadCsv(t.app, auth, csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ jobId: expect.any(String), status: 'queued' });
    await t.deps.jobs.drain();
    return (await get(auth, `/contacts/import/${res.json().jobId}`)).json();
  }
  async function contactByEmail(auth: string, email: string) {
    const { found } = (
      await t.app.inject({
        method: 'POST',
        url: '/contacts/lookup',
        headers: { authorization: auth },
        payload: { emails: [email] },
      })
    ).json();
    return found.length ? (await get(auth, `/contacts/${found[0].id}`)).json() : undefined;
  }
  const fieldTypes = async (auth: string) =>
    Object.fromEntries(
      (await get(auth, '/contacts/fields'))
        .json()
        .fields.map((f: { field: string; type: string }) => [f.field, f.type]),
    );

  it('imports a file with every tricky value (rules 1, 4, 5, 6, 7, 9) and merges duplicate emails', async () => {
    const p = await t.make.project();
    const header =
      'Email,First Name,zip,phone,score,ratio,neg,sci,vip,active,opt,joined,joinedAt,usdate,' +
      'id,subscribed,createdAt,updatedAt,unsubscribeUrl,subscribeUrl,manageUrl,svc_id,plunk_email,,notes';
    const ann =
      ' Ann@Example.test ,Ann,007,+15551234,42,0.5,-3,1e5,YES,false,No,2026-01-31,2026-01-31T10:00:00.000Z,05/06/2026,' +
      '999,false,2020-01-01,2020-01-01,http://u,http://s,http://m,x,y,z,';
    const annAgain = 'ann@example.test, ,,,43,,,,,,,,,,,,,,,,,,,,second row';
    const job = await importCsv(p.auth, `${header}\n${ann}\n${annAgain}\nbo@example.test,Bo\n`);
    expect(job).toMatchObject({
      status: 'completed',
      totalRows: 3,
      processed: 3,
      imported: 2,
      updated: 1,
      skipped: 0,
      errors: [],
    });
    const c = await contactByEmail(p.auth, 'ann@example.test');
    expect(c.subscribed).toBe(true);
    expect(c.data).toEqual({
      'First Name': 'Ann',
      zip: '007',
      phone: '+15551234',
      score: 43,
      ratio: 0.5,
      neg: -3,
      sci: '1e5',
      vip: true,
      active: false,
      opt: false,
      joined: '2026-01-31',
      joinedAt: '2026-01-31T10:00:00.000Z',
      usdate: '05/06/2026',
      notes: 'second row',
    });
    expect((await contactByEmail(p.auth, 'bo@example.test')).data).toEqual({ 'First Name': 'Bo' });
    expect(await fieldTypes(p.auth)).toMatchObject({
      'data.zip': 'string',
      'data.phone': 'string',
      'data.score': 'number',
      'data.ratio': 'number',
      'data.sci': 'string',
      'data.vip': 'boolean',
      'data.opt': 'boolean',
      'data.joined': 'date',
      'data.joinedAt': 'date',
      'data.usdate': 'string',
    });
    expect(await countImportFiles(t.deps)).toBe(0);
  });

  it('rule 3: reports rows with a missing or invalid email by spreadsheet row, and imports the rest', async () => {
    const p = await t.make.project();
    const csv = 'email,name\na@example.test,A\nnot-an-email,B\n\n,C\n"q@example.test","multi\nline"\nbad@,D\n';
    const job = await importCsv(p.auth, csv);
    expect(job).toMatchObject({ status: 'completed', totalRows: 5, imported: 2, updated: 0, skipped: 3 });
    expect(job.errors).toEqual([
      { row: 3, email: 'not-an-email', reason: 'invalid_email' },
      { row: 5, email: '', reason: 'missing_email' },
      { row: 7, email: 'bad@', reason: 'invalid_email' },
    ]);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(2);
  });

  it('rule 8: patches an existing contact without replacing it; re-running the file changes nothing', async () => {
    const p = await t.make.project();
    const existing = await t.make.contact(p, {
      email: 'old@example.test',
      subscribed: false,
      data: { keep: 'me', score: 1 },
    });
    const csv = 'email,score,city\nOLD@example.test,5,\nnew@example.test,2,Oslo\n';
    const first = await importCsv(p.auth, csv);
    expect(first).toMatchObject({ imported: 1, updated: 1, skipped: 0 });
    const old = await contactByEmail(p.auth, 'old@example.test');
    expect(old).toMatchObject({ id: existing.id, subscribed: false, data: { keep: 'me', score: 5 } });
    const before = (await get(p.auth, '/contacts?limit=100')).json().data;
    const second = await importCsv(p.auth, csv);
    expect(second).toMatchObject({ status: 'completed', imported: 0, updated: 2, skipped: 0 });
    expect((await get(p.auth, '/contacts?limit=100')).json().data).toEqual(before);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(2);
  });

  it('rule 2: takes a UTF-8 BOM and semicolon-separated files', async () => {
    const p = await t.make.project();
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email,name\nbom@example.test,Zoë\n')]);
    expect(await importCsv(p.auth, bom)).toMatchObject({ status: 'completed', imported: 1 });
    expect((await contactByEmail(p.auth, 'bom@example.test')).data).toEqual({ name: 'Zoë' });
    expect(await importCsv(p.auth, 'email;n\nsemi@example.test;1,5\n')).toMatchObject({ imported: 1 });
    expect((await contactByEmail(p.auth, 'semi@example.test')).data).toEqual({ n: '1,5' });
  });

  it('rule 2: accepts exactly 5 MB and refuses 5 MB + 1 byte with 413', async () => {
    const p = await t.make.project();
    const head = 'email,note\n';
    const exact = Buffer.alloc(MB5, '\n');
    exact.write(head, 0, 'utf8');
    expect((await uploadCsv(t.app, p.auth, exact)).statusCode).toBe(202);
    const over = Buffer.alloc(MB5 + 1, '\n');
    over.write(head, 0, 'utf8');
    expectError(await uploadCsv(t.app, p.auth, over), 413, 'PAYLOAD_TOO_LARGE');
    expect(await countRows(t.deps, 'importJobs', p.id)).toBe(1);
    await t.deps.jobs.drain();
  });

  it('refuses bad files with 422 and stores nothing', async () => {
    const p = await t.make.project();
    const cases: [string | Buffer, RegExp][] = [
      [Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x41]), /UTF-8/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), /not a CSV/],
      ['', /empty/],
      ['alice@example.test,Alice\nbob@example.test,Bob\n', /header row/],
      ['name,city\nAlice,Oslo\n', /no "email" column/],
      ['email,name\na@example.test,"unclosed\n', /not a valid CSV/],
      ['\n\n', /header row/],
    ];
    for (const [content, message] of cases) {
      const err = expectError(await uploadCsv(t.app, p.auth, content), 422, 'VALIDATION_ERROR');
      expect(err.errors).toEqual([expect.objectContaining({ field: 'file', message: expect.stringMatching(message) })]);
    }
    const wrongPart = await uploadCsv(t.app, p.auth, 'email\na@example.test\n', { field: 'upload' });
    expectError(wrongPart, 422, 'VALIDATION_ERROR');
    const json = await t.app.inject({
      method: 'POST',
      url: '/contacts/import',
      headers: { authorization: p.auth },
      payload: { file: 'x' },
    });
    expectError(json, 422, 'VALIDATION_ERROR');
    expect(await countRows(t.deps, 'importJobs', p.id)).toBe(0);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(0);
    expect(await countImportFiles(t.deps)).toBe(0);
  });

  it('refuses a 20,000-column file with 422 naming the column limit, quickly, storing nothing', async () => {
    const p = await t.make.project();
    const header = ['email', ...Array.from({ length: 19_999 }, (_, i) => `c${i}`)].join(',');
    const row = ['a@example.test', ...Array.from({ length: 19_999 }, () => '1')].join(',');
    const started = performance.now();
    const err = expectError(await uploadCsv(t.app, p.auth, `${header}\n${row}\n${row}\n`), 422, 'VALIDATION_ERROR');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(err.errors).toEqual([
      expect.objectContaining({
        field: 'file',
        message: expect.stringMatching(/20000 columns, more than the limit of 500/),
      }),
    ]);
    expect(await countRows(t.deps, 'importJobs', p.id)).toBe(0);
  });

  it('fails an import whose stored file turns out unreadable at once, with its reason, without retrying', async () => {
    const p = await t.make.project();
    const res = await uploadCsv(t.app, p.auth, 'email,name\na@example.test,A\n');
    const { jobId } = res.json();
    // The stored file is altered after the upload check: its header no longer names an email column.
    await t.deps.db
      .updateTable('importFiles')
      .set({ content: Buffer.from('name\nA\n') })
      .where('importId', '=', jobId)
      .execute();
    await t.deps.jobs.drain();
    const job = (await get(p.auth, `/contacts/import/${jobId}`)).json();
    expect(job).toMatchObject({ status: 'failed', processed: 0, finishedAt: expect.any(String) });
    expect(job.failureReason).toMatch(/could not be read.*no "email" column/);
    expect(await countImportFiles(t.deps)).toBe(0);
    const attempts = await t.deps.db
      .selectFrom('importJobs')
      .select('attempts')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(1);
  });

  it('answers 400 for a multipart body that cannot be parsed, storing nothing', async () => {
    const p = await t.make.project();
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/contacts/import',
        headers: { 'content-type': contentType, authorization: p.auth },
        payload,
      });
    const part =
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail\na@example.test\r\n';
    expectError(await post('multipart/form-data', part), 400, 'BAD_REQUEST');
    expectError(await post('multipart/form-data; boundary=abc', part), 400, 'BAD_REQUEST');
    expect(await countRows(t.deps, 'importJobs', p.id)).toBe(0);
  });

  it("answers 404 for another project's import job", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const { jobId } = (await uploadCsv(t.app, a.auth, 'email\nx@example.test\n')).json();
    expectError(await get(b.auth, `/contacts/import/${jobId}`), 404, 'IMPORT_JOB_NOT_FOUND');
    await t.deps.jobs.drain();
  });
});
