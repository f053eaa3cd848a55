/**
 * The import's read side: the stored file's records from a cursor, grouped into the batches the job
 * commits, with each row already read by the CSV rules (csv-rules.ts). `readAhead` keeps one batch
 * read ahead of the writer, so the file is parsed while the database works on the batch before.
 */
import { type CsvRecord, readCsvRecords } from './csv-file.ts';
import { isBlankRecord, readRow } from './csv-rules.ts';
import type { ImportRowError } from './import.repo.ts';

/** A row ready to write: its email and the `data` it carries (still to go through the data rules). */
export interface ImportRow {
  email: string;
  data: Record<string, unknown>;
}

/** One batch to commit: the records it moves the cursor past, and what they hold. */
export interface ReadBatch {
  /** Records consumed, blank ones included (the cursor advances by this many). */
  consumed: number;
  /** Non-blank records among them: rows to write or refuse. */
  records: number;
  rows: ImportRow[];
  /** Rows refused by rule 3 (no or an invalid email), by spreadsheet row. */
  errors: ImportRowError[];
}

/** Reads a batch's records by the rules: good rows to write, refused ones as errors. */
function readBatch(plan: Parameters<typeof readRow>[1], records: CsvRecord[], consumed: number): ReadBatch {
  const out: ReadBatch = { consumed, records: records.length, rows: [], errors: [] };
  for (const { row, record } of records) {
    const r = readRow(record, plan);
    if (r.ok) out.rows.push({ email: r.email, data: r.data });
    else out.errors.push({ row, email: r.email, reason: r.reason });
  }
  return out;
}

/**
 * The data records after the first `skip` (the job's cursor) in batches of `size` non-blank records;
 * blank records are consumed without a row, and a batch also ends after `size * 8` records consumed,
 * so a run of blank lines still commits its cursor now and then. Header problems throw CsvHeaderError.
 */
export async function* readImportBatches(
  file: Buffer,
  delimiter: string,
  skip: number,
  maxColumns: number,
  size: number,
): AsyncGenerator<ReadBatch> {
  let plan: Parameters<typeof readRow>[1] | undefined;
  let batch: CsvRecord[] = [];
  let consumed = 0;
  for await (const item of readCsvRecords(file, delimiter, skip, maxColumns)) {
    if ('plan' in item) {
      plan = item.plan;
      continue;
    }
    consumed++;
    if (!isBlankRecord(item.record)) batch.push(item);
    if (batch.length >= size || consumed >= size * 8) {
      yield readBatch(plan!, batch, consumed);
      batch = [];
      consumed = 0;
    }
  }
  if (consumed > 0) yield readBatch(plan!, batch, consumed);
}

/**
 * Runs `source` one item ahead of its consumer: while the consumer works on an item (awaiting the
 * database), the next one is being produced. Stopping early waits for that item and closes `source`.
 */
export async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const r = await next;
      if (r.done) return;
      next = source.next();
      // A consumer that stops before asking for it must not leave its failure unhandled.
      next.catch(() => {});
      yield r.value;
    }
  } finally {
    await source.return(undefined);
  }
}
