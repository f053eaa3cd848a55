/**
 * Drafts (beyond.md §8): PUT stores content sends do not use, starting from the draft there is or else
 * from the template; publish makes it the template's next version; DELETE drops it. A draft saved
 * against an older version than the template's publishes only with an explicit, current `baseVersion`.
 */
import type { Author } from '../auth/authors.ts';
import { changedContent } from '../authoring/content.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../errors.ts';
import { readDraft, type StoredDraft, writeDraft } from './template-drafts.ts';
import { assertBase, saveVersion } from './template-versions.service.ts';
import * as repo from './templates.repo.ts';
import type { DraftBody, TemplateView } from './templates.schemas.ts';
import { checkedSubject, currentRow, toTemplateView } from './templates.service.ts';

type DraftDeps = Pick<Deps, 'db' | 'clock'>;

/** Saves the draft: the fields given over the draft's (or else the template's); checked as a save would be. */
export async function putDraft(
  deps: DraftDeps,
  projectId: string,
  id: string,
  input: DraftBody,
  by: Author,
): Promise<TemplateView> {
  const current = await currentRow(deps, projectId, id);
  await assertBase(deps, current, input.baseVersion);
  const from = readDraft(current) ?? current;
  const subject = input.subject === undefined ? from.subject : checkedSubject(input.subject);
  const content = (await changedContent(from, input)) ?? { format: from.format, body: from.body, source: from.source };
  const now = deps.clock.now();
  const draft: StoredDraft = {
    subject,
    ...content,
    baseVersion: current.version,
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  const row = await repo.updateTemplate(deps.db, projectId, id, { draft: writeDraft(draft) });
  if (!row) throw notFound('TEMPLATE');
  return toTemplateView(row);
}

/** Drops the draft (204 whether there was one). */
export async function deleteDraft(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<void> {
  await currentRow(deps, projectId, id);
  await repo.updateTemplate(deps.db, projectId, id, { draft: null });
}

/** Makes the draft the template's subject and content, as its next version; 409 NO_DRAFT without one. */
export async function publishDraft(
  deps: DraftDeps,
  projectId: string,
  id: string,
  input: { baseVersion?: number },
  by: Author,
): Promise<TemplateView> {
  const current = await currentRow(deps, projectId, id);
  const draft = readDraft(current);
  if (!draft) throw conflict('This template has no draft to publish.', 'NO_DRAFT');
  // Without a base, the draft's own: publishing it must not undo versions saved since it was.
  const baseVersion = input.baseVersion ?? draft.baseVersion;
  await assertBase(deps, current, baseVersion);
  const change = { subject: draft.subject, content: { format: draft.format, body: draft.body, source: draft.source } };
  return toTemplateView(await saveVersion(deps, current, change, by, { baseVersion, clearDraft: true }));
}
