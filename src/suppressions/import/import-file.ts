/**
 * The file of a suppression import: CSV, one address or `*@domain` a line, no header. Checked whole
 * at upload (before anything is stored), then read by the job a batch of lines at a time from its
 * cursor with csv-parse (streaming), each line already judged: the rule it asks for, or why not.
 */
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Info, type Options, parse } from 'csv-parse';
import { parseTarget, type RuleTarget } from '../rules.ts';

/** The upload limit, as the contact import's (interface.md, Limits): 5 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  info: true,
} satisfies Options;

/** Feeds the buffer in slices, yielding the event loop before each, so a 5 MB file never holds the process. */
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

/** The cells of a record that hold something. */
const filled = (record: string[]) => record.filter((c) => c.trim() !== '');

export type FileCheck = { ok: true; total: number } | { ok: false; message: string };

/**
 * Checks an upload: UTF-8 text (a BOM is fine), not binary, CSV to the end, at least one address, and
 * a first line of one cell (a header row or a contacts export would be several). Counts its lines.
 */
export async function inspectRulesFile(buffer: Buffer): Promise<FileCheck> {
  if (buffer.length === 0) return { ok: false, message: 'is empty; send a CSV of one address or *@domain a line' };
  if (buffer.includes(0)) return { ok: false, message: 'is not a CSV file (it contains binary data)' };
  if (!isUtf8(buffer)) return { ok: false, message: 'is not valid UTF-8; save the CSV as UTF-8 and upload it again' };
  let total = 0;
  try {
    for await (const { record } of sliced(buffer).pipe(parse(OPTIONS)) as AsyncIterable<{ record: string[] }>) {
      const cells = filled(record);
      if (cells.length === 0) continue;
      if (total === 0 && cells.length > 1) {
        return {
          ok: false,
          message: `has ${cells.length} columns on its first line; send one address or *@domain a line, with no header`,
        };
      }
      total++;
    }
  } catch (err) {
    return { ok: false, message: `is not a valid CSV file: ${(err as Error).message}` };
  }
  if (total === 0) return { ok: false, message: 'has no addresses; send a CSV of one address or *@domain a line' };
  return { ok: true, total };
}

/** One line of the file, judged. */
export type RuleLine = { line: number; target: RuleTarget } | { line: number; error: string };

/** A batch the job commits: the records it moves the cursor past, and their lines. */
export interface LineBatch {
  /** Records consumed (blank ones included): the cursor advances by this many. */
  consumed: number;
  lines: RuleLine[];
}

function judge(record: string[], line: number): RuleLine | undefined {
  const cells = filled(record);
  if (cells.length === 0) return undefined;
  if (cells.length > 1) return { line, error: `has ${cells.length} values; put one address or *@domain on each line` };
  const parsed = parseTarget(cells[0]!);
  return parsed.ok
    ? { line, target: parsed.target }
    : { line, error: `"${cells[0]!.slice(0, 100)}" ${parsed.message}` };
}

/**
 * The file's lines after the first `skip` records (the job's cursor), in batches of `size` lines;
 * a batch also ends after `size * 8` records, so a run of blank records still moves the cursor.
 */
export async function* readRuleLines(file: Buffer, skip: number, size: number): AsyncGenerator<LineBatch> {
  const input = sliced(file);
  let seen = 0;
  let batch: LineBatch = { consumed: 0, lines: [] };
  try {
    const records = input.pipe(parse(OPTIONS)) as AsyncIterable<{ info: Info; record: string[] }>;
    for await (const { info, record } of records) {
      seen++;
      if (seen <= skip) continue;
      batch.consumed++;
      // The line the record ends on (a quoted cell may span lines).
      const judged = judge(record, info.lines);
      if (judged) batch.lines.push(judged);
      if (batch.lines.length >= size || batch.consumed >= size * 8) {
        yield batch;
        batch = { consumed: 0, lines: [] };
      }
    }
  } finally {
    // A consumer that stops early must not leave the stream running.
    input.destroy();
  }
  if (batch.consumed > 0) yield batch;
}
