/** A template's versions (beyond.md §8): the list, one version's whole content, and restoring one as the next version. */
import type { Author } from '../auth/authors.ts';
import { contentView } from '../authoring/content.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { pageInfo, resolvePage } from '../http/pages.ts';
import * as versions from './template-versions.repo.ts';
import { assertBase, authorOfVersion, saveVersion } from './template-versions.service.ts';
import type { TemplateVersionPage, TemplateVersionView, TemplateView } from './templates.schemas.ts';
import { currentRow, getTemplateRow, toTemplateView } from './templates.service.ts';

/** A page of the template's versions, newest first; 404 when the template is not the project's. */
export async function listTemplateVersions(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
  query: Parameters<typeof resolvePage>[0],
): Promise<TemplateVersionPage> {
  await getTemplateRow(deps, projectId, id);
  const page = resolvePage(query);
  const [rows, total] = await Promise.all([
    versions.listVersions(deps.reader, projectId, id, { offset: page.offset, limit: page.pageSize }),
    versions.countVersions(deps.reader, projectId, id),
  ]);
  const list = rows.map((v) => ({
    version: v.version,
    createdAt: v.createdAt,
    createdBy: authorOfVersion(v),
    subject: v.subject,
    format: v.format,
  }));
  return { versions: list, ...pageInfo(page, total) };
}

async function versionOf(deps: Pick<Deps, 'reader'>, projectId: string, id: string, version: string) {
  await getTemplateRow(deps, projectId, id);
  const n = /^[1-9][0-9]{0,8}$/.test(version) ? Number(version) : undefined;
  const row = n === undefined ? undefined : await versions.findVersion(deps.reader, projectId, id, n);
  if (!row) throw notFound('VERSION', `Version ${version} of this template not found`);
  return row;
}

/** One version's whole content; 404 TEMPLATE_NOT_FOUND or VERSION_NOT_FOUND. */
export async function getTemplateVersion(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
  version: string,
): Promise<TemplateVersionView> {
  const v = await versionOf(deps, projectId, id, version);
  return {
    version: v.version,
    createdAt: v.createdAt,
    createdBy: authorOfVersion(v),
    subject: v.subject,
    ...contentView(v),
  };
}

/** Makes an earlier version's subject and content the template's, as its next version (the draft stays). */
export async function restoreTemplateVersion(
  deps: Pick<Deps, 'db' | 'reader' | 'clock'>,
  projectId: string,
  id: string,
  version: string,
  input: { baseVersion?: number },
  by: Author,
): Promise<TemplateView> {
  const v = await versionOf(deps, projectId, id, version);
  const current = await currentRow(deps, projectId, id);
  await assertBase(deps, current, input.baseVersion);
  const change = { subject: v.subject, content: { format: v.format, body: v.body, source: v.source } };
  return toTemplateView(await saveVersion(deps, current, change, by, { baseVersion: input.baseVersion }));
}
