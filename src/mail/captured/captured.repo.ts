/** SQL for captured_messages: the capture transport's writes and the /outbox reads. Every read filters by project. */
import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/index.ts';
import type { CapturedMessagesTable } from '../../db/schema.ts';

export type CapturedMessageRow = Selectable<CapturedMessagesTable>;
/** A row without its raw bytes, for lists. */
export type CapturedSummaryRow = Omit<CapturedMessageRow, 'raw'>;

/** Stores messages in one statement (one commit for all of them outside a transaction). */
export async function insertCapturedMessages(db: Executor, rows: Insertable<CapturedMessagesTable>[]): Promise<void> {
  await db.insertInto('capturedMessages').values(rows).execute();
}

const SUMMARY = [
  'id',
  'projectId',
  'emailId',
  'toEmail',
  'fromEmail',
  'subject',
  'html',
  'text',
  'headers',
  'createdAt',
] as const;

/** One page, newest first, after `beforeId` (exclusive), `limit + 1` rows; a walk down (project_id[, to_email], id). */
export async function listCapturedMessages(
  db: Db,
  projectId: string,
  opts: { to?: string; emailId?: string; beforeId?: string; limit: number },
): Promise<CapturedSummaryRow[]> {
  return db
    .selectFrom('capturedMessages')
    .select(SUMMARY)
    .where('projectId', '=', projectId)
    .$if(opts.to !== undefined, (q) => q.where('toEmail', '=', opts.to!))
    .$if(opts.emailId !== undefined, (q) => q.where('emailId', '=', opts.emailId!))
    .$if(opts.beforeId !== undefined, (q) => q.where('id', '<', opts.beforeId!))
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

export async function countCapturedMessages(
  db: Db,
  projectId: string,
  filter: { to?: string; emailId?: string } = {},
): Promise<number> {
  const row = await db
    .selectFrom('capturedMessages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .$if(filter.to !== undefined, (q) => q.where('toEmail', '=', filter.to!))
    .$if(filter.emailId !== undefined, (q) => q.where('emailId', '=', filter.emailId!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The raw MIME of one of the project's captured messages. */
export async function findCapturedRaw(db: Db, projectId: string, id: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('capturedMessages')
    .select('raw')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Buffer.from(row.raw) : undefined;
}
