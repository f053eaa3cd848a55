/**
 * The import's read side: the stored file's records from a cursor, grouped into the batches the job
 * commits, with each row already read by the CSV rules (csv-rules.ts). `readImportFile` reads ahead
 * of the writer, so the file is parsed while the batch before is written: in this thread between the
 * writer's awaits (PostgreSQL works meanwhile), or, where statements hold this thread (SQLite), a
 * large file on a thread of its own (measured at 240k rows with a free core: ~28k -> ~40k rows/s).
 */
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../../lib/thread-entry.ts';
import { CsvHeaderError, type CsvRecord, readCsvRecords } from './csv-file.ts';
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

/** Files at least this large may be read on a thread of their own; starting one costs more than a small file. */
export const WORKER_MIN_BYTES = 512 * 1024;

export interface ReadOptions {
  delimiter: string;
  /** Records already consumed (the job's cursor). */
  skip: number;
  maxColumns: number;
  /** Rows per batch. */
  size: number;
}

/**
 * The file's batches from the cursor, read ahead of the consumer: on a worker thread for a large
 * file when the database's statements hold this thread (`syncStatements`), else in this thread.
 */
export function readImportFile(
  file: Buffer,
  opts: ReadOptions & { syncStatements: boolean },
): AsyncGenerator<ReadBatch> {
  if (opts.syncStatements && file.length >= WORKER_MIN_BYTES) return readInWorker(file, opts);
  return readAhead(readImportBatches(file, opts.delimiter, opts.skip, opts.maxColumns, opts.size));
}

type Reply = { done: true } | { batch: ReadBatch } | { error: { name: string; message: string; code?: unknown } };

/** The worker's error as the job classifies it: csv-parse's `CSV_*` code and the header error kept. */
function toError(e: { name: string; message: string; code?: unknown }): Error {
  if (e.name === 'CsvHeaderError') return new CsvHeaderError(e.message);
  return Object.assign(new Error(e.message), { code: e.code });
}

/** readImportBatches on a worker thread (import-reader.worker.ts), kept two batches ahead. */
export async function* readInWorker(file: Buffer, opts: ReadOptions): AsyncGenerator<ReadBatch> {
  const copy = new Uint8Array(file);
  const worker = new Worker(threadEntry(import.meta.url, './import-reader.worker'), {
    eval: true,
    workerData: { ...opts, file: copy },
    transferList: [copy.buffer],
  });
  const arrived: Reply[] = [];
  const waiting: ((r: Reply) => void)[] = [];
  const deliver = (r: Reply) => {
    const w = waiting.shift();
    if (w) w(r);
    else arrived.push(r);
  };
  worker.on('message', deliver);
  worker.on('error', (err) => deliver({ error: { name: err.name, message: err.message } }));
  worker.on('exit', (code) => deliver({ error: { name: 'Error', message: `the CSV reader stopped (exit ${code})` } }));
  const receive = () => (arrived.length > 0 ? arrived.shift()! : new Promise<Reply>((r) => waiting.push(r)));
  try {
    worker.postMessage('next');
    worker.postMessage('next');
    for (;;) {
      const reply = await receive();
      if ('error' in reply) throw toError(reply.error);
      if ('done' in reply) return;
      worker.postMessage('next');
      yield reply.batch;
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
