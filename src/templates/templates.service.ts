/**
 * Templates: create, read, patch, delete, duplicate, list and usage. Every write checks the Liquid
 * syntax of subject and content (a 422 naming the field) and that a new sender is on a verified
 * domain; a change of subject or content is a new version (template-versions.service.ts).
 */

import type { Author } from '../auth/authors.ts';
import { changedContent, compileContent, contentView, type StoredContent } from '../authoring/content.ts';
import { normalizeEmail } from '../contacts/email.ts';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { pageInfo, resolvePage } from '../http/pages.ts';
import { copyName } from '../lib/copy-name.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { findUsage } from '../lib/usage.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import { readDraft, toDraftView } from './template-drafts.ts';
import * as versions from './template-versions.repo.ts';
import { assertBase, saveVersion, versionRow } from './template-versions.service.ts';
import * as repo from './templates.repo.ts';
import type {
  CreateTemplateBody,
  ListTemplatesQuery,
  TemplatePage,
  TemplateUsage,
  TemplateView,
  UpdateTemplateBody,
} from './templates.schemas.ts';

export type { TemplateRow } from './templates.repo.ts';

type WriteDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'verifiedDomains'>;

const MAX_NAME = 200;

/** The API shape of a template row. */
export function toTemplateView(row: repo.TemplateRow): TemplateView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject,
    ...contentView(row),
    version: row.version,
    draft: toDraftView(readDraft(row)),
    type: row.type,
    from: row.fromEmail,
    fromName: row.fromName,
    replyTo: row.replyTo,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The template row of the project (for sending); 404 TEMPLATE_NOT_FOUND otherwise, a malformed id included. */
export async function getTemplateRow(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
): Promise<repo.TemplateRow> {
  // Ids are UUIDs: anything else names no template and never reaches SQL.
  const row = isUuid(id) ? await repo.findTemplate(deps.reader, projectId, id) : undefined;
  if (!row) throw notFound('TEMPLATE');
  return row;
}

/** One template of the project as its view; 404 otherwise (another project's id included). */
export async function getTemplate(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<TemplateView> {
  return toTemplateView(await getTemplateRow(deps, projectId, id));
}

/** Creates a template, its version 1, after checking its syntax, content and sender. */
export async function createTemplate(
  deps: WriteDeps,
  projectId: string,
  input: CreateTemplateBody,
  by: Author,
): Promise<TemplateView> {
  const fields = await checkedFields(deps, projectId, input);
  const content = await compileContent(input.format ?? 'HTML', input);
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertTemplate(trx, {
      id: newId(),
      projectId,
      name: input.name,
      subject: input.subject,
      type: input.type,
      description: null,
      fromEmail: null,
      fromName: null,
      replyTo: null,
      ...fields,
      ...content,
      version: 1,
      draft: null,
      createdAt: now,
      updatedAt: now,
    });
    await versions.insertVersion(trx, versionRow(inserted, by, now));
    return inserted;
  });
  return toTemplateView(row);
}

/**
 * Patches the fields given, under the create rules; 404 when the template is not the project's. A new
 * subject or content is the next version; a stale `baseVersion` is a 409 naming who saved the newer one.
 */
export async function updateTemplate(
  deps: WriteDeps,
  projectId: string,
  id: string,
  input: UpdateTemplateBody,
  by: Author,
): Promise<TemplateView> {
  const current = await currentRow(deps, projectId, id);
  await assertBase(deps, current, input.baseVersion);
  const fields = await checkedFields(deps, projectId, input);
  const content = await changedContent(current, input);
  if (isNewContent(current, fields.subject, content)) {
    const change = { subject: fields.subject ?? current.subject, content: content ?? current };
    return toTemplateView(
      await saveVersion(deps, current, change, by, { patch: fields, baseVersion: input.baseVersion }),
    );
  }
  const { subject: _same, ...rest } = fields;
  const row = await repo.updateTemplate(deps.db, projectId, id, { ...rest, updatedAt: deps.clock.now() });
  if (!row) throw notFound('TEMPLATE');
  return toTemplateView(row);
}

/** The template as the primary holds it (a write must not start from a replica's older copy); 404 otherwise. */
export async function currentRow(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<repo.TemplateRow> {
  const row = isUuid(id) ? await repo.findTemplate(deps.db, projectId, id) : undefined;
  if (!row) throw notFound('TEMPLATE');
  return row;
}

/** Whether a save changes what the template sends: its subject or its content. */
function isNewContent(
  current: repo.TemplateRow,
  subject: string | undefined,
  content: StoredContent | undefined,
): boolean {
  if (subject !== undefined && subject !== current.subject) return true;
  if (!content) return false;
  return content.format !== current.format || content.body !== current.body || content.source !== current.source;
}

/**
 * Deletes one template; 404 when it is not the project's, 409 while a workflow step sends it (the step
 * would fail at its next execution).
 */
export async function deleteTemplate(
  deps: Pick<Deps, 'db' | 'reader' | 'templateUsage'>,
  projectId: string,
  id: string,
): Promise<void> {
  const usage = await getTemplateUsage(deps, projectId, id);
  if (usage.workflows.length > 0) {
    const names = [...new Set(usage.workflows.map((w) => `"${w.name}"`))].join(', ');
    throw conflict(`The template is sent by workflow steps (${names}): change or delete those steps first.`);
  }
  if (!(await repo.deleteTemplate(deps.db, projectId, id))) throw notFound('TEMPLATE');
}

/** A copy of the template's current content named "<name> (copy)" (cut to 200 characters), at version 1, without the draft. */
export async function duplicateTemplate(
  deps: Pick<Deps, 'db' | 'reader' | 'clock'>,
  projectId: string,
  id: string,
  by: Author,
): Promise<TemplateView> {
  const source = await getTemplateRow(deps, projectId, id);
  const now = deps.clock.now();
  const name = copyName(source.name, MAX_NAME);
  const row = await deps.db.transaction().execute(async (trx) => {
    const copy = { ...source, id: newId(), name, version: 1, draft: null, createdAt: now, updatedAt: now };
    const inserted = await repo.insertTemplate(trx, copy);
    await versions.insertVersion(trx, versionRow(inserted, by, now));
    return inserted;
  });
  return toTemplateView(row);
}

/** A page of the project's templates, newest first, filtered by type and a name/subject substring. */
export async function listTemplates(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListTemplatesQuery,
): Promise<TemplatePage> {
  const page = resolvePage(query);
  const filter = { type: query.type, term: query.search?.trim().toLowerCase() || undefined };
  const [rows, total] = await Promise.all([
    repo.listTemplates(deps.reader, projectId, filter, { offset: page.offset, limit: page.pageSize }),
    repo.countTemplates(deps.reader, projectId, filter),
  ]);
  return { templates: rows.map(toTemplateView), ...pageInfo(page, total) };
}

/** Campaigns and workflow steps that reference the template; 404 when it is not the project's. */
export async function getTemplateUsage(
  deps: Pick<Deps, 'reader' | 'templateUsage'>,
  projectId: string,
  id: string,
): Promise<TemplateUsage> {
  await getTemplateRow(deps, projectId, id);
  return findUsage<TemplateUsage>(deps.templateUsage, projectId, id, { campaigns: [], workflows: [] });
}

/**
 * The columns for the fields given but the content (authoring/content.ts reads that), checked: subject
 * and fromName without line breaks, the subject valid Liquid, addresses normalised, and a sender on a
 * verified domain.
 */
async function checkedFields(
  deps: Pick<Deps, 'db' | 'config' | 'verifiedDomains'>,
  projectId: string,
  input: UpdateTemplateBody,
): Promise<repo.TemplatePatch> {
  const out: repo.TemplatePatch = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.type !== undefined) out.type = input.type;
  if (input.description !== undefined) out.description = input.description;
  if (input.subject !== undefined) out.subject = checkedSubject(input.subject);
  if (input.fromName !== undefined) {
    if (input.fromName !== null) noLineBreaks('fromName', input.fromName);
    out.fromName = input.fromName;
  }
  if (input.replyTo !== undefined) out.replyTo = address('replyTo', input.replyTo);
  if (input.from !== undefined) {
    out.fromEmail = address('from', input.from);
    if (out.fromEmail !== null) await assertVerifiedSender(deps, projectId, out.fromEmail);
  }
  return out;
}

/** A subject without line breaks that parses as Liquid; 422 naming `field` otherwise. */
export function checkedSubject(subject: string, field = 'subject'): string {
  noLineBreaks(field, subject);
  assertTemplateSyntax(field, 'subject', subject);
  return subject;
}

function noLineBreaks(field: string, value: string): void {
  if (/[\r\n]/.test(value)) throw invalid(field, 'must not contain line breaks');
}

/** The normalised address, null for null, or a 422 naming `field`. */
function address(field: string, value: string | null): string | null {
  if (value === null) return null;
  const email = normalizeEmail(value);
  if (!email) throw invalid(field, 'must be a valid email address', 'INVALID_EMAIL');
  return email;
}
