// Invariant: the email row has one owner. Only src/emails/ inserts, updates or deletes `emails` rows
// (through the query builder or in raw SQL), so every status change goes through its lifecycle table
// (src/emails/lifecycle.ts) and every new row through enqueue (src/emails/enqueue.ts); migrations,
// which shape the table and its triggers, are the schema's. The check reads code without comments.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const OWNER = /^emails\//;
const SCHEMA = /^db\/migrations\//;

/** A write of `emails` rows: the builder's insertInto/updateTable/deleteFrom, or the statement in SQL text. */
const WRITES: RegExp[] = [
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"`]emails['"`]\s*\)/,
  /\b(?:insert\s+into|update|delete\s+from)\s+emails\b(?!_)/i,
];

function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Each file outside the owner that writes `emails`, with the offending line. */
function writersOutsideOwner(files: Array<{ name: string; text: string }>): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (OWNER.test(f.name) || SCHEMA.test(f.name)) continue;
    const lines = code(f.text).split('\n');
    for (const [i, line] of lines.entries()) {
      if (WRITES.some((w) => w.test(line))) out.push(`${f.name}:${i + 1}: ${line.trim()}`);
    }
  }
  return out;
}

function sourceFiles(): Array<{ name: string; text: string }> {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { name: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') };
    });
}

describe('the owner of the email row', () => {
  it('finds writes of emails outside src/emails/, in the builder and in SQL, and ignores reads and comments', () => {
    const files = [
      { name: 'tracking/x.repo.ts', text: "await db.updateTable('emails').set({ a: 1 })" },
      { name: 'privacy/y.repo.ts', text: 'sql`delete from emails where id = $1`' },
      { name: 'bounces/z.ts', text: "db.selectFrom('emails').selectAll() // updateTable('emails')" },
      { name: 'jobs/w.ts', text: "/** update emails set status */\nconst q = 'update email_attempts set x = 1';" },
      { name: 'emails/status.repo.ts', text: "db.updateTable('emails')" },
      { name: 'db/migrations/0099_x.ts', text: 'update emails set status = 1' },
    ];
    expect(writersOutsideOwner(files)).toEqual([
      "tracking/x.repo.ts:1: await db.updateTable('emails').set({ a: 1 })",
      'privacy/y.repo.ts:1: sql`delete from emails where id = $1`',
    ]);
  });

  it('is the only writer of emails in src/', () => {
    expect(writersOutsideOwner(sourceFiles())).toEqual([]);
  });
});
