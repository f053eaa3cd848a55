/** Reading the captured mail (GET /outbox): what the capture transport stored, per project. */
import { fromJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../../http/pagination.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './captured.repo.ts';
import type { CapturedMessageView, ListCapturedQuery } from './captured.schemas.ts';

export function toCapturedMessageView(row: repo.CapturedSummaryRow): CapturedMessageView {
  return {
    id: row.id,
    emailId: row.emailId,
    to: row.toEmail,
    from: row.fromEmail,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: fromJson<Record<string, string>>(row.headers),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The project's captured messages, newest first, optionally to one address or of one email record;
 * `total` on the first page only.
 */
export async function listCaptured(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListCapturedQuery,
): Promise<CursorPage<CapturedMessageView>> {
  const beforeId = decodeCursor(query.cursor);
  const to = query.to?.trim().toLowerCase() || undefined;
  const emailId = query.emailId?.trim().toLowerCase() || undefined;
  // Email ids are UUIDs: anything else names no message (and never reaches SQL).
  if (emailId !== undefined && !isUuid(emailId)) return { data: [], cursor: '', hasMore: false, total: 0 };
  const rows = await repo.listCapturedMessages(deps.reader, projectId, { to, emailId, beforeId, limit: query.limit });
  const count = () => repo.countCapturedMessages(deps.reader, projectId, { to, emailId });
  return toCursorPage(rows, query.limit, beforeId === undefined, count, toCapturedMessageView);
}

/** The raw MIME of one captured message; 404 MESSAGE_NOT_FOUND for an unknown id or another project's. */
export async function getCapturedRaw(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<Buffer> {
  const raw = isUuid(id) ? await repo.findCapturedRaw(deps.reader, projectId, id) : undefined;
  if (!raw) throw notFound('MESSAGE');
  return raw;
}
