/**
 * How a template's content changes: every save of a subject or content is the next version, written
 * with the template in one transaction, and only over the version the save started from. A stale
 * `baseVersion`, or a save that lost a race while naming one, is a 409 naming who saved the newer
 * version; never a silent overwrite.
 */
import { type Author, authorName } from '../auth/authors.ts';
import type { StoredContent } from '../authoring/content.ts';
import type { Deps } from '../deps.ts';
import { type AppError, conflict, notFound } from '../errors.ts';
import * as versions from './template-versions.repo.ts';
import * as repo from './templates.repo.ts';

/** Saves that lose a race without naming a base are tried again on the newer version this many times. */
const RACE_RETRIES = 2;

export interface VersionChange {
  subject: string;
  content: StoredContent;
}

/** The version row of the template's current content. */
export function versionRow(row: repo.TemplateRow, by: Author, now: Date): versions.NewTemplateVersion {
  return {
    templateId: row.id,
    version: row.version,
    projectId: row.projectId,
    format: row.format,
    subject: row.subject,
    body: row.body,
    source: row.source,
    createdAt: now,
    createdByType: by.type,
    createdByUserId: by.userId,
    createdByEmail: by.email,
  };
}

/** Who saved a version; null for versions from before versions were kept. */
export function authorOfVersion(
  v: Pick<versions.TemplateVersionRow, 'createdByType' | 'createdByUserId' | 'createdByEmail'>,
): Author | null {
  if (v.createdByType === null) return null;
  return { type: v.createdByType, userId: v.createdByUserId, email: v.createdByEmail };
}

/** 409 VERSION_CONFLICT: the template is at a version other than the one the edit was based on. */
export async function staleVersion(deps: Pick<Deps, 'db'>, latest: repo.TemplateRow, base: number): Promise<AppError> {
  const saved = await versions.findVersion(deps.db, latest.projectId, latest.id, latest.version);
  const who = authorName(saved ? authorOfVersion(saved) : null);
  const when = saved ? ` at ${new Date(saved.createdAt).toISOString()}` : '';
  return conflict(
    `Version ${latest.version} of this template was saved by ${who}${when}; this edit was based on version ${base}. Reload it, then save again.`,
    'VERSION_CONFLICT',
  );
}

/** 409 when `baseVersion` is given and is not the template's current version. */
export async function assertBase(deps: Pick<Deps, 'db'>, current: repo.TemplateRow, baseVersion: number | undefined) {
  if (baseVersion !== undefined && baseVersion !== current.version)
    throw await staleVersion(deps, current, baseVersion);
}

/**
 * Makes `change` the template's content as its next version, with `patch` (other columns) in the same
 * write; `clearDraft` drops the draft with it (publish).
 */
export async function saveVersion(
  deps: Pick<Deps, 'db' | 'clock'>,
  current: repo.TemplateRow,
  change: VersionChange,
  by: Author,
  opts: { patch?: repo.TemplatePatch; baseVersion?: number; clearDraft?: boolean } = {},
): Promise<repo.TemplateRow> {
  let base = current;
  for (let attempt = 0; ; attempt++) {
    const now = deps.clock.now();
    const saved = await deps.db.transaction().execute(async (trx) => {
      const row = await repo.updateTemplateAtVersion(trx, base.projectId, base.id, base.version, {
        ...opts.patch,
        subject: change.subject,
        format: change.content.format,
        body: change.content.body,
        source: change.content.source,
        version: base.version + 1,
        updatedAt: now,
        ...(opts.clearDraft && { draft: null }),
      });
      if (row) await versions.insertVersion(trx, versionRow(row, by, now));
      return row;
    });
    if (saved) return saved;
    // Another save came between our read and this write.
    const latest = await repo.findTemplate(deps.db, base.projectId, base.id);
    if (!latest) throw notFound('TEMPLATE');
    if (opts.baseVersion !== undefined || attempt >= RACE_RETRIES) throw await staleVersion(deps, latest, base.version);
    base = latest;
  }
}
