/**
 * A campaign's A/B variants (beyond.md §9): checked and stored whole at save (each with the
 * campaign's own values where it changes none, its content compiled once like the campaign's), and
 * turned into the message a test recipient gets. Sending them is ab-send.service.ts's.
 */
import { compileContent, contentView, type StoredContent } from '../../authoring/content.ts';
import { fromJson, toJson } from '../../db/codecs.ts';
import type { Deps } from '../../deps.ts';
import { assertVerifiedSender } from '../../domains/domains.service.ts';
import { invalid, within } from '../../errors.ts';
import { assertTemplateSyntax } from '../../mail/render/liquid.ts';
import type { PreparedMessage } from '../../sending/compose.ts';
import { getTemplateRow } from '../../templates/templates.service.ts';
import type { CampaignRow } from '../campaigns.repo.ts';
import type { AbTestInput, CampaignBody, CampaignView, VariantInput } from '../campaigns.schemas.ts';
import { address, noLineBreaks } from '../field-checks.ts';

/** A variant as the campaign row keeps it: complete, nothing left to fall back on at send time. */
export interface StoredVariant extends StoredContent {
  name: string;
  subject: string;
  fromEmail: string;
  fromName: string | null;
  templateId: string | null;
  templateVersion: number | null;
}

/** The campaign's own content, which a variant's missing fields take. */
type Base = Pick<StoredVariant, 'subject' | 'fromEmail' | 'fromName' | 'format' | 'body' | 'source'>;

type VariantDeps = Pick<Deps, 'reader' | 'db' | 'config' | 'verifiedDomains'>;

const changesSomething = (v: VariantInput) =>
  [v.subject, v.from, v.fromName, v.body, v.document, v.templateId, v.format].some((f) => f !== undefined);

async function storedVariant(
  deps: VariantDeps,
  projectId: string,
  v: VariantInput,
  base: Base,
): Promise<StoredVariant> {
  if (!changesSomething(v)) throw invalid('', 'must change the subject, the sender or the content', 'REQUIRED');
  if (v.templateId !== undefined && (v.body !== undefined || v.document !== undefined || v.format !== undefined))
    throw invalid('templateId', 'is given instead of format, body and document, not with them');
  let content: StoredContent = { format: base.format, body: base.body, source: base.source };
  let subject = v.subject ?? base.subject;
  let template: { id: string; version: number } | undefined;
  if (v.templateId !== undefined) {
    const row = await getTemplateRow(deps, projectId, v.templateId).catch(() => {
      throw invalid('templateId', 'does not name a template of this project', 'UNKNOWN_TEMPLATE');
    });
    content = { format: row.format, body: row.body, source: row.source };
    subject = v.subject ?? row.subject;
    template = { id: row.id, version: row.version };
  } else if (v.format !== undefined || v.body !== undefined || v.document !== undefined) {
    content = await compileContent(v.format ?? 'HTML', v);
  }
  noLineBreaks('subject', subject);
  noLineBreaks('fromName', v.fromName);
  assertTemplateSyntax('subject', 'subject', subject);
  const fromEmail = v.from === undefined ? base.fromEmail : address('from', v.from);
  await assertVerifiedSender(deps, projectId, fromEmail);
  return {
    name: v.name,
    subject,
    fromEmail,
    fromName: v.fromName === undefined ? base.fromName : v.fromName || null,
    ...content,
    templateId: template?.id ?? null,
    templateVersion: template?.version ?? null,
  };
}

/**
 * The `variants` and `abTest` columns for a create or replace body: both or neither (422 naming the
 * missing one), 2–4 variants with unique names, each checked as the campaign's content is (422 under
 * `variants[i].`; 403 for a sender not on a verified domain).
 */
export async function checkedAbTest(
  deps: VariantDeps,
  projectId: string,
  body: Pick<CampaignBody, 'variants' | 'abTest'>,
  base: Base,
): Promise<{ variants: string | null; abTest: string | null }> {
  const variants = body.variants ?? null;
  const test = body.abTest ?? null;
  if (variants === null && test === null) return { variants: null, abTest: null };
  if (variants === null) throw invalid('variants', 'are required with abTest (2 to 4)', 'REQUIRED');
  if (test === null) throw invalid('abTest', 'is required with variants', 'REQUIRED');
  if (variants.length < 2 || variants.length > 4) throw invalid('variants', 'must be 2 to 4 variants');
  const seen = new Set<string>();
  const stored: StoredVariant[] = [];
  for (const [i, v] of variants.entries()) {
    if (seen.has(v.name)) throw invalid(`variants[${i}].name`, `repeats the name "${v.name}"`, 'DUPLICATE');
    seen.add(v.name);
    stored.push(await within(`variants[${i}]`, () => storedVariant(deps, projectId, v, base)));
  }
  const { testPercent, metric, waitMinutes, decidedBy } = test;
  return { variants: toJson(stored), abTest: toJson({ testPercent, metric, waitMinutes, decidedBy }) };
}

export function storedVariants(row: Pick<CampaignRow, 'variants'>): StoredVariant[] {
  return row.variants === null ? [] : fromJson<StoredVariant[]>(row.variants);
}

export function abSettings(row: Pick<CampaignRow, 'abTest'>): AbTestInput | null {
  return row.abTest === null ? null : fromJson<AbTestInput>(row.abTest);
}

export function toVariantViews(row: Pick<CampaignRow, 'variants'>): CampaignView['variants'] {
  return storedVariants(row).map((v) => ({
    name: v.name,
    subject: v.subject,
    from: v.fromEmail,
    fromName: v.fromName,
    ...contentView(v),
    templateId: v.templateId,
  }));
}

export function toAbTestView(row: CampaignRow, testRecipients: number): CampaignView['abTest'] {
  const settings = abSettings(row);
  if (!settings) return null;
  return {
    ...settings,
    phase: row.abPhase,
    winner: row.abWinner,
    decideAt: row.abDecideAt,
    testRecipients,
  };
}

/** The campaign's message with the variant's subject, sender and content. */
export function variantMessage(base: PreparedMessage, v: StoredVariant): PreparedMessage {
  return {
    ...base,
    subject: v.subject,
    body: v.body,
    from: { email: v.fromEmail, name: v.fromName ?? undefined },
    templateId: v.templateId,
    templateVersion: v.templateVersion,
    variant: v.name,
  };
}
