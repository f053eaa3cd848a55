/**
 * The "Add suppressions" box: what was typed (one address or domain a line) as the API's body, and
 * the API's refusals (`addresses.3`, `domains.0`) as the lines they are about.
 */
import { ApiError } from '../../api/client.ts';

/** The API takes at most this many addresses and domains in one request. */
export const MAX_ENTRIES = 1000;

export interface ParsedEntries {
  addresses: string[];
  domains: string[];
  /** The line (from 1) of each entry, by the API's name for it: `addresses.0` → 3. */
  lines: Record<string, number>;
}

/**
 * Splits the text into addresses and domains: `*@example.com` and `example.com` are domains, anything
 * else with an @ an address. Blank lines are skipped; commas, semicolons and spaces also separate
 * entries (a pasted spreadsheet row), which keep the line they were on.
 */
export function parseEntries(text: string): ParsedEntries {
  const parsed: ParsedEntries = { addresses: [], domains: [], lines: {} };
  text.split(/\r?\n/).forEach((line, i) => {
    for (const entry of line.split(/[\s,;]+/).filter(Boolean)) {
      const list = entry.startsWith('*@') || !entry.includes('@') ? 'domains' : 'addresses';
      parsed.lines[`${list}.${parsed[list].length}`] = i + 1;
      parsed[list].push(entry);
    }
  });
  return parsed;
}

export function entryCount(parsed: ParsedEntries): number {
  return parsed.addresses.length + parsed.domains.length;
}

export interface LineError {
  line: number;
  entry: string;
  message: string;
}

/** The API's field errors about entries, as the lines they name, in line order. */
export function lineErrors(error: unknown, parsed: ParsedEntries): LineError[] {
  if (!(error instanceof ApiError)) return [];
  const found: LineError[] = [];
  for (const e of error.errors) {
    const m = /^(addresses|domains)\.(\d+)/.exec(e.field ?? '');
    if (!m) continue;
    const list = m[1] as 'addresses' | 'domains';
    const line = parsed.lines[`${list}.${m[2]}`];
    const entry = parsed[list][Number(m[2])];
    if (line !== undefined && entry !== undefined) found.push({ line, entry, message: e.message });
  }
  return found.sort((a, b) => a.line - b.line);
}
