/**
 * A template's draft (beyond.md §8): content saved beside the template that sends never read, kept
 * as JSON on the row with the version it was saved against and who saved it.
 */
import type { Author } from '../auth/authors.ts';
import { contentView, type StoredContent } from '../authoring/content.ts';
import { fromJson, toJson } from '../db/codecs.ts';
import type { TemplateRow } from './templates.repo.ts';
import type { TemplateDraft } from './templates.schemas.ts';

export interface StoredDraft extends StoredContent {
  subject: string;
  baseVersion: number;
  updatedAt: string;
  updatedBy: Author;
}

export function readDraft(row: Pick<TemplateRow, 'draft'>): StoredDraft | null {
  return row.draft === null || row.draft === undefined ? null : fromJson<StoredDraft>(row.draft);
}

export const writeDraft = (d: StoredDraft): string => toJson(d);

export function toDraftView(d: StoredDraft | null): TemplateDraft | null {
  if (!d) return null;
  return {
    subject: d.subject,
    ...contentView(d),
    baseVersion: d.baseVersion,
    updatedAt: d.updatedAt,
    updatedBy: d.updatedBy,
  };
}
