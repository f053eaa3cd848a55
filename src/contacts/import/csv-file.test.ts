// Invariant: an upload is accepted only when it is UTF-8 CSV with a header naming `email`, and
// checking any 5 MB file costs bounded time, whatever its shape.

import { describe, expect, it } from 'vitest';
import { inspectCsv, MAX_CSV_BYTES, MAX_RAGGED_ROWS } from './csv-file.ts';

describe('inspectCsv', () => {
  it('counts non-blank data rows and detects the delimiter', async () => {
    const r = await inspectCsv(Buffer.from('\ufeffemail;name\na@x.test;A\n\n;\nb@x.test;"B\nB"\n'));
    expect(r).toEqual({ ok: true, delimiter: ';', totalRows: 2 });
  });

  it('refuses binary, invalid UTF-8, empty, headerless and unparseable files', async () => {
    const refused = async (b: Buffer | string) => {
      const r = await inspectCsv(Buffer.isBuffer(b) ? b : Buffer.from(b));
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
    expect(await inspectCsv(b)).toEqual({ ok: true, delimiter: ',', totalRows: 0 });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a file of too many rows whose cell count differs from the header', async () => {
    const rows = Array.from({ length: MAX_RAGGED_ROWS + 10 }, (_, i) => `u${i}@x.test`);
    const r = await inspectCsv(Buffer.from(`email,a,b\n${rows.join('\n')}\n`));
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/number of cells/) });
  });
});
