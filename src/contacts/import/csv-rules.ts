/**
 * The CSV import rules (interface.md, "CSV import rules" 1–9) that concern one file's header and
 * cells, as pure functions: which column is the email, which columns are dropped, how a cell is typed.
 */
import { RESERVED_DATA_KEYS } from '../data-rules.ts';
import { normalizeEmail } from '../email.ts';

/**
 * Columns dropped silently (rule 4), compared case-insensitively: contact attributes that are not
 * custom data, the generated URL variables, and the reserved data keys.
 */
const DROPPED_COLUMNS: ReadonlySet<string> = new Set(
  ['id', 'subscribed', 'createdAt', 'updatedAt', 'created_at', 'updated_at', ...RESERVED_DATA_KEYS].map((c) =>
    c.toLowerCase(),
  ),
);

export interface ColumnPlan {
  /** Index of the `email` column. */
  emailIndex: number;
  /** Columns that become `data.<key>`, in file order. */
  columns: { index: number; key: string }[];
}

export type HeaderCheck = { ok: true; plan: ColumnPlan } | { ok: false; message: string };

/** Reads the header row (rule 1): finds `email` (any case) and keeps every other non-empty, non-dropped column. */
export function planColumns(header: string[]): HeaderCheck {
  const names = header.map((h) => h.trim());
  const emailIndex = names.findIndex((n) => n.toLowerCase() === 'email');
  if (emailIndex < 0) {
    const looksLikeData = names.some((n) => normalizeEmail(n) !== undefined);
    return {
      ok: false,
      message: looksLikeData
        ? 'The first row looks like data: the file needs a header row naming its columns, one of them "email".'
        : 'The file has no "email" column; the header row must name one.',
    };
  }
  const columns: { index: number; key: string }[] = [];
  names.forEach((key, index) => {
    if (index !== emailIndex && key !== '' && !DROPPED_COLUMNS.has(key.toLowerCase())) columns.push({ index, key });
  });
  return { ok: true, plan: { emailIndex, columns } };
}

/** Refuses a header wider than `max` columns (IMPORT_MAX_COLUMNS); undefined when it is within the limit. */
export function checkColumnCount(header: string[], max: number): string | undefined {
  if (header.length <= max) return undefined;
  return `has ${header.length} columns, more than the limit of ${max}; remove unused columns and upload it again`;
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const BOOLEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false };

/**
 * Types one cell (rules 5–7): `true/false/yes/no` in any case are booleans; plain integers and
 * decimals (`42`, `-3`, `0.5`) are numbers; a leading zero (`007`), a leading plus (`+1`), scientific
 * notation (`1e5`) and integers too long to hold exactly stay strings, as does everything else
 * (ISO dates included: they are strings whose field type is date). Blank cells come back as "".
 */
export function typeCell(raw: string): string | number | boolean {
  const cell = raw.trim();
  if (cell === '') return '';
  const bool = BOOLEANS[cell.toLowerCase()];
  if (bool !== undefined) return bool;
  if (PLAIN_NUMBER.test(cell)) {
    const n = Number(cell);
    if (cell.includes('.') ? Number.isFinite(n) : Number.isSafeInteger(n)) return n;
  }
  return cell;
}

export type RowResult =
  | { ok: true; email: string; data: Record<string, unknown> }
  | { ok: false; email: string; reason: 'missing_email' | 'invalid_email' };

/** Turns one record into an email and a `data` payload (still to go through the data rules). */
export function readRow(record: string[], plan: ColumnPlan): RowResult {
  const rawEmail = (record[plan.emailIndex] ?? '').trim();
  if (rawEmail === '') return { ok: false, email: '', reason: 'missing_email' };
  const email = normalizeEmail(rawEmail);
  if (!email) return { ok: false, email: rawEmail, reason: 'invalid_email' };
  const data: Record<string, unknown> = {};
  for (const { index, key } of plan.columns) {
    const cell = record[index];
    if (cell === undefined) continue;
    const value = typeCell(cell);
    // With two columns of one name, a blank cell must not hide the other column's value.
    if (value !== '' || !Object.hasOwn(data, key)) data[key] = value;
  }
  return { ok: true, email, data };
}

/** True for a record with nothing in it (a blank line): not a row to import or report. */
export function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** The delimiter of a file from its first line: comma, unless the line has none and has semicolons or tabs. */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}
