/**
 * Reading CSV files with csv-parse (streaming): the upload-time check of a whole file, and the
 * record stream a job consumes from a given position. Typing and column rules are in csv-rules.ts.
 */
import { isUtf8 } from 'node:buffer';
import { Readable, type TransformCallback } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Info, type Options, Parser } from 'csv-parse';
import { type ColumnPlan, checkColumnCount, detectDelimiter, isBlankRecord, planColumns } from './csv-rules.ts';

/** The upload limit of the contract (interface.md, Limits): 5 MB. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/**
 * Rows whose cell count differs from the header's. csv-parse builds an error object for each such
 * row even when told to accept it (~10 µs apiece), so a crafted file of millions of ragged rows
 * would burn minutes of CPU; past this many the file is refused instead.
 */
export const MAX_RAGGED_ROWS = 100_000;

/**
 * csv-parse with stack capture off while it parses: the per-row error objects of ragged rows are
 * thrown away unseen, and capturing their stacks doubled the cost of such rows. The window is
 * synchronous, so no other code runs with the limit lowered.
 */
class CsvParser extends Parser {
  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: TransformCallback): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super._transform(chunk, encoding, callback);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

function createParser(delimiter: string, info: boolean): CsvParser {
  // Blank lines are skipped cheaply by the parser (a file of newlines costs nothing) and counted in
  // `info.empty_lines`, which gives spreadsheet row numbers. Quotes and cell counts are lenient:
  // exported spreadsheets are messy, and a short row is still a row.
  return new CsvParser({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info,
  } satisfies Options);
}

/**
 * Feeds a buffer in small slices, yielding the event loop before each: stream plumbing alone moves on
 * through microtasks and nextTicks, which never let a waiting request in, so without the yield parsing
 * a 5 MB file would hold the process for its whole length.
 */
function sliced(buffer: Buffer, size = 16 * 1024): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < buffer.length; i += size) {
        await nextTurn();
        yield buffer.subarray(i, i + size);
      }
    })(),
  );
}

export type CsvInspection = { ok: true; delimiter: string; totalRows: number } | { ok: false; message: string };

/**
 * Checks an uploaded file before anything is stored: UTF-8 text (a BOM is fine), parseable as CSV
 * to the end, with a header row of at most `maxColumns` columns naming an `email` column. Counts its
 * non-blank data rows.
 */
export async function inspectCsv(buffer: Buffer, maxColumns: number): Promise<CsvInspection> {
  if (buffer.length === 0) return { ok: false, message: 'is empty; send a CSV file with a header row' };
  if (buffer.includes(0)) return { ok: false, message: 'is not a CSV file (it contains binary data)' };
  if (!isUtf8(buffer)) return { ok: false, message: 'is not valid UTF-8; save the CSV as UTF-8 and upload it again' };
  const newline = buffer.indexOf(0x0a);
  const delimiter = detectDelimiter(buffer.toString('utf8', 0, newline < 0 ? buffer.length : newline));
  const parser = createParser(delimiter, false);
  let header: ColumnPlan | undefined;
  let totalRows = 0;
  try {
    for await (const record of sliced(buffer).pipe(parser) as AsyncIterable<string[]>) {
      if (parser.info.invalid_field_length > MAX_RAGGED_ROWS) {
        return {
          ok: false,
          message: `has more than ${MAX_RAGGED_ROWS} rows whose number of cells differs from the header's; export it with every column on every row`,
        };
      }
      if (isBlankRecord(record)) continue;
      if (header) {
        totalRows++;
        continue;
      }
      const tooWide = checkColumnCount(record, maxColumns);
      if (tooWide) return { ok: false, message: tooWide };
      const plan = planColumns(record);
      if (!plan.ok) return { ok: false, message: plan.message };
      header = plan.plan;
    }
  } catch (err) {
    return { ok: false, message: `is not a valid CSV file: ${(err as Error).message}` };
  }
  if (!header)
    return { ok: false, message: 'has no header row; the first row must name the columns, one of them "email"' };
  return { ok: true, delimiter, totalRows };
}

/** A stored file whose header no longer passes the check (it passed at upload; the file was altered). */
export class CsvHeaderError extends Error {
  override name = 'CsvHeaderError';
}

export interface CsvRecord {
  /** Spreadsheet row number: blank lines count, a quoted multi-line cell does not; the header is row 1. */
  row: number;
  record: string[];
}

/**
 * Streams the data records of a stored file after the header, skipping the first `skip` of them
 * (`skip` is a resume cursor; blank lines are not records). The header's plan comes first; a header
 * that fails the checks (wider than `maxColumns`, no email) throws CsvHeaderError.
 */
export async function* readCsvRecords(
  file: Buffer,
  delimiter: string,
  skip: number,
  maxColumns: number,
): AsyncGenerator<{ plan: ColumnPlan } | CsvRecord> {
  let seen = 0;
  let plan: ColumnPlan | undefined;
  const input = sliced(file);
  try {
    const records = input.pipe(createParser(delimiter, true)) as AsyncIterable<{ info: Info; record: string[] }>;
    for await (const { info, record } of records) {
      if (!plan) {
        if (isBlankRecord(record)) continue;
        const tooWide = checkColumnCount(record, maxColumns);
        if (tooWide) throw new CsvHeaderError(`The header row ${tooWide}`);
        const checked = planColumns(record);
        if (!checked.ok) throw new CsvHeaderError(checked.message);
        plan = checked.plan;
        yield { plan };
        continue;
      }
      seen++;
      if (seen > skip) yield { row: info.records + info.empty_lines, record };
    }
  } finally {
    // A consumer that stops early must not leave the stream running.
    input.destroy();
  }
}
