/**
 * A quick look at a CSV before it is uploaded: its columns, the first rows and how many data rows
 * it has, so a wrong file is caught before the import starts. The server checks the file again
 * (and is the judge); this only reads what a person needs to decide.
 */

import { RESERVED_KEYS } from './data-editor.ts';

export interface CsvPreview {
  delimiter: ',' | ';' | '\t';
  headers: string[];
  /** The first data rows (at most `maxRows`). */
  rows: string[][];
  /** Non-blank data rows in the file. */
  totalRows: number;
  /** Index of the `email` column (any case), -1 when there is none. */
  emailIndex: number;
}

/** The delimiter the header row uses most (comma, semicolon or tab). */
export function detectDelimiter(firstLine: string): CsvPreview['delimiter'] {
  const count = (c: string) => firstLine.split(c).length - 1;
  const candidates: CsvPreview['delimiter'][] = [',', ';', '\t'];
  let best: CsvPreview['delimiter'] = ',';
  for (const c of candidates) if (count(c) > count(best)) best = c;
  return best;
}

/** Splits CSV text into records (quoted fields may hold delimiters, quotes and line breaks). */
export function parseCsv(text: string, delimiter: string, onRecord: (record: string[]) => boolean | undefined): void {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const end = () => {
    record.push(field);
    field = '';
    const stop = onRecord(record);
    record = [];
    return stop === false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      if (end()) return;
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0) end();
}

/** Reads the file's text into a preview of its first `maxRows` data rows. */
export function previewCsv(raw: string, maxRows = 5): CsvPreview {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  let headers: string[] | undefined;
  const rows: string[][] = [];
  let totalRows = 0;
  parseCsv(text, delimiter, (record) => {
    const blank = record.every((cell) => cell.trim() === '');
    if (blank) return undefined;
    if (!headers) {
      headers = record.map((h) => h.trim());
      return undefined;
    }
    totalRows += 1;
    if (rows.length < maxRows) rows.push(record);
    return undefined;
  });
  const names = headers ?? [];
  return {
    delimiter,
    headers: names,
    rows,
    totalRows,
    emailIndex: names.findIndex((h) => h.toLowerCase() === 'email'),
  };
}

/**
 * Columns the import leaves out of `data`, compared in any case: contact attributes and the reserved
 * keys (as the server's csv-rules.ts drops them).
 */
const DROPPED = new Set(
  ['id', 'subscribed', 'createdAt', 'updatedAt', 'created_at', 'updated_at', ...RESERVED_KEYS].map((c) =>
    c.toLowerCase(),
  ),
);

/** What becomes of each column: the email, a custom field, or left out. */
export function columnRole(header: string, index: number, emailIndex: number): 'email' | 'field' | 'ignored' {
  if (index === emailIndex) return 'email';
  if (header.trim() === '' || DROPPED.has(header.trim().toLowerCase())) return 'ignored';
  return 'field';
}
