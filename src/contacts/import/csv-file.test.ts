// Invariant: an upload is accepted only when it is UTF-8 CSV with a header naming `email`, and
// checking any 5 MB file costs bounded time, whatever its shape.

import { describe, expect, it } from 'vitest';
import { inspectCsv, MAX_CSV_BYTES, MAX_RAGGED_ROWS, readCsvRecords } from './csv-file.ts';

const COLS = 500;

describe('inspectCsv', () => {
  it('counts non-blank data rows and detects the delimiter', async () => {
    const r = await inspectCsv(Buffer.from('\ufeffemail;name\na@x.test;A\n\n;\nb@x.test;"B\nB"\n'), COLS);
    expect(r).toEqual({ ok: true, delimiter: ';', totalRows: 2 });
  });

  it('refuses binary, invalid UTF-8, empty, headerless and unparseable files', async () => {
    const refused = async (b: Buffer | string) => {
      const r = await inspectCsv(Buffer.isBuffer(b) ? b : Buffer.from(b), COLS);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.message;
    };
    expect(await refused(Buffer.from([0x65, 0x00]))).toMatch(/binary/);
    expect(await refused(Buffer.from([0x65, 0xc3, 0x28]))).toMatch(/UTF-8/);
    expect(await refused('')).toMatch(/empty/);
    expect(await refused('\n\n')).toMatch(/no header row/);
    expect(await refused('a@x.test\n')).toMatch(/looks like data/);
    expect(await refused('email\n"open\n')).toMatch(/not a valid CSV/);
  });

  it('checks 5 MB of blank lines quickly', async () => {
    const b = Buffer.alloc(MAX_CSV_BYTES, '\n');
    b.write('email,name\n');
    const started = performance.now();
    expect(await inspectCsv(b, COLS)).toEqual({ ok: true, delimiter: ',', totalRows: 0 });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a file of too many rows whose cell count differs from the header', async () => {
    const rows = Array.from({ length: MAX_RAGGED_ROWS + 10 }, (_, i) => `u${i}@x.test`);
    const r = await inspectCsv(Buffer.from(`email,a,b\n${rows.join('\n')}\n`), COLS);
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/number of cells/) });
  });

  it('refuses a header wider than the column limit quickly, naming the limit, at upload and when read', async () => {
    const header = ['email', ...Array.from({ length: 19_999 }, (_, i) => `c${i}`)].join(',');
    const row = ['a@x.test', ...Array.from({ length: 19_999 }, () => '1')].join(',');
    const file = Buffer.from(`${header}\n${Array.from({ length: 100 }, () => row).join('\n')}\n`);
    const started = performance.now();
    expect(await inspectCsv(file, COLS)).toEqual({
      ok: false,
      message: expect.stringMatching(/20000 columns.*limit of 500/),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(readCsvRecords(file, ',', 0, COLS).next()).rejects.toThrow(/limit of 500/);
    expect((await inspectCsv(Buffer.from('email,a\nx@x.test,1\n'), 2)).ok).toBe(true);
  });
});
