/**
 * GET /suppressions/export: the project's address and domain rules as CSV, read a page at a time as
 * the client takes the text, so 100,000 rules cost one page of memory.
 */
import { Readable } from 'node:stream';
import type { Deps } from '../deps.ts';
import * as repo from './suppressions.repo.ts';
import { toRuleView } from './suppressions.service.ts';

/** Rules per page of the export. */
const EXPORT_PAGE = 1000;
export const EXPORT_COLUMNS = ['address', 'domain', 'reason', 'note', 'createdAt', 'expiresAt'] as const;

/** One CSV cell: quoted when it must be; a note starting like a formula is defused for spreadsheets. */
function cell(value: string | null, text = false): string {
  if (value === null) return '';
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * GET /suppressions/export: every address and domain rule of the project as CSV (`EXPORT_COLUMNS`,
 * oldest first), read a page at a time as the client takes it. ERASED rules are left out: their
 * address is not kept.
 */
export function exportSuppressions(deps: Pick<Deps, 'reader'>, projectId: string): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `${EXPORT_COLUMNS.join(',')}\r\n`;
    for (let after = ''; ; ) {
      const page = await repo.listRulesAfter(deps.reader, projectId, after, EXPORT_PAGE);
      if (page.length > 0) {
        yield page
          .map((r) => {
            const v = toRuleView(r);
            const cells = [cell(v.address ?? null), cell(v.domain ?? null), v.reason, cell(v.note, true)];
            return `${[...cells, v.createdAt, v.expiresAt ?? ''].join(',')}\r\n`;
          })
          .join('');
      }
      if (page.length < EXPORT_PAGE) return;
      after = page.at(-1)!.id;
    }
  }
  return Readable.from(lines());
}
