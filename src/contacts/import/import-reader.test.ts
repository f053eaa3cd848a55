// Invariant: the import reads its file in the same batches whether or not it reads ahead: every
// record is consumed once (blank ones too), batches end at `size` rows or `size * 8` records, refused
// rows keep their spreadsheet row, and reading ahead neither reorders nor loses a batch, nor leaves a
// failure unhandled or the file open when the writer stops early.
import { describe, expect, it } from 'vitest';
import { CsvHeaderError } from './csv-file.ts';
import { readAhead, readImportBatches, readInWorker } from './import-reader.ts';

const collect = async <T>(source: AsyncGenerator<T>) => {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
};

describe('import reader', () => {
  it('batches rows by size, consumes blank records, and reads rules per row', async () => {
    const csv = Buffer.from('email,plan\na@x.test,pro\n,\nnot-an-email,x\n,\nb@x.test,7\nc@x.test,\n');
    const batches = await collect(readImportBatches(csv, ',', 0, 500, 2));
    expect(batches.map((b) => [b.consumed, b.records])).toEqual([
      [3, 2],
      [3, 2],
    ]);
    expect(batches[0]!.rows).toEqual([{ email: 'a@x.test', data: { plan: 'pro' } }]);
    expect(batches[0]!.errors).toEqual([{ row: 4, email: 'not-an-email', reason: 'invalid_email' }]);
    expect(batches[1]!.rows.map((r) => r.email)).toEqual(['b@x.test', 'c@x.test']);
    // From a cursor: the first 4 records are skipped.
    const rest = await collect(readImportBatches(csv, ',', 4, 500, 2));
    expect(rest.map((b) => b.rows.map((r) => r.email))).toEqual([['b@x.test', 'c@x.test']]);
  });

  it('ends a batch after size * 8 records when they are blank', async () => {
    const csv = Buffer.from(`email\n${',\n'.repeat(20)}a@x.test\n`);
    const batches = await collect(readImportBatches(csv, ',', 0, 2, 2));
    expect(batches.map((b) => [b.consumed, b.records])).toEqual([
      [16, 0],
      [5, 1],
    ]);
  });

  it('produces the next item while the consumer holds one, in order', async () => {
    const produced: number[] = [];
    async function* source() {
      for (let i = 0; i < 4; i++) {
        produced.push(i);
        yield i;
      }
    }
    const seen: [number, number][] = [];
    for await (const item of readAhead(source())) {
      await new Promise((r) => setTimeout(r, 1));
      seen.push([item, produced.length]);
    }
    expect(seen).toEqual([
      [0, 2],
      [1, 3],
      [2, 4],
      [3, 4],
    ]);
  });

  it('closes the source and swallows a read-ahead failure when the consumer stops early', async () => {
    let closed = false;
    async function* source() {
      try {
        yield 1;
        throw new Error('bad row two');
      } finally {
        closed = true;
      }
    }
    for await (const item of readAhead(source())) {
      expect(item).toBe(1);
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
    expect(closed).toBe(true);
    // The failure reaches a consumer that goes on.
    await expect(collect(readAhead(source()))).rejects.toThrow('bad row two');
  });

  it('reads the same batches on a worker thread, and passes its failures on as the job classifies them', async () => {
    const lines = [
      'email,plan',
      ...Array.from({ length: 1200 }, (_, i) => (i % 100 === 7 ? ',' : `u${i}@x.test,${i}`)),
    ];
    const csv = Buffer.from(`${lines.join('\n')}\n`);
    const opts = { delimiter: ',', skip: 50, maxColumns: 500, size: 300 };
    const here = await collect(readImportBatches(csv, ',', 50, 500, 300));
    expect(await collect(readInWorker(csv, opts))).toEqual(here);
    // Stopping early ends the thread (the test would hang on a live one otherwise).
    for await (const batch of readInWorker(csv, opts)) {
      expect(batch).toEqual(here[0]);
      break;
    }
    await expect(collect(readInWorker(Buffer.from('name\nx\n'), opts))).rejects.toBeInstanceOf(CsvHeaderError);
    await expect(collect(readInWorker(Buffer.from('email\n"a\n'), opts))).rejects.toMatchObject({
      code: expect.stringMatching(/^CSV_/),
    });
  });
});
