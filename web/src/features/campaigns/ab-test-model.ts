/**
 * A campaign's A/B test as form state and back (beyond.md §9): 2–4 variants, each overriding the
 * campaign's subject, sender or content (its own, or a template's), and how the test runs: the share
 * of the audience it goes to, the metric, the wait and who decides. What a variant leaves empty is
 * the campaign's own. Text is sent as typed, so the API's 422 names the field it refuses
 * (`variants[1].subject`, `abTest.testPercent`). Messages are translated when made. Pure, unit-tested.
 */
import { ApiError } from '../../api/client.ts';
import type { BlockDocument } from '../../editor/document.ts';
import type { ContentFormat } from '../../editor/formats.ts';
import { sameValue } from '../../forms/draft-errors.ts';
import { i18n } from '../../i18n/i18n.ts';
import { formatPercent } from '../../lib/format.ts';

export type AbMetric = 'OPENS' | 'CLICKS';
export type AbDecider = 'AUTO' | 'MANUAL';
export type WaitUnit = 'minutes' | 'hours' | 'days';
/** Where a variant's content comes from. */
export type VariantContent = 'SAME' | 'OWN' | 'TEMPLATE';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
export const WAIT_UNIT_MINUTES: Record<WaitUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export interface VariantDraft {
  name: string;
  /** '' for the campaign's own (and, with a template, the template's). */
  subject: string;
  from: string;
  fromName: string;
  content: VariantContent;
  /** Its own content (content OWN). */
  format: ContentFormat;
  body: string;
  document: BlockDocument | null;
  /** The template its content and subject come from (content TEMPLATE). */
  templateId: string;
}

export interface AbTestDraft {
  enabled: boolean;
  variants: VariantDraft[];
  testPercent: string;
  metric: AbMetric;
  waitAmount: string;
  waitUnit: WaitUnit;
  decidedBy: AbDecider;
}

/** What the campaign view says about its variants (the campaign's values filled in). */
export interface VariantView {
  name: string;
  subject: string;
  from: string;
  fromName: string | null;
  format: ContentFormat;
  /** HTML; the MJML source for MJML; the rendered HTML for BLOCKS. */
  body: string;
  /** The block document (BLOCKS). */
  document: unknown;
  templateId: string | null;
}

export interface AbTestView {
  testPercent: number;
  metric: AbMetric;
  waitMinutes: number;
  decidedBy: AbDecider;
}

/** The campaign's own values a variant falls back to. */
export interface CampaignOwn {
  subject: string;
  from: string;
  fromName: string | null;
  format: ContentFormat;
  body: string;
  document: unknown;
}

/** "A", "B"…: the name a new variant starts with, one no other variant has. */
export function nextVariantName(taken: string[]): string {
  for (const letter of 'ABCDEFGH') if (!taken.includes(letter)) return letter;
  return i18n.t('Variant {n}', { n: taken.length + 1 });
}

export function blankVariant(taken: string[]): VariantDraft {
  return {
    name: nextVariantName(taken),
    subject: '',
    from: '',
    fromName: '',
    content: 'SAME',
    format: 'HTML',
    body: '',
    document: null,
    templateId: '',
  };
}

/** A test that is off: what the form starts with, and two variants ready when it is turned on. */
export function blankAbTest(): AbTestDraft {
  const a = blankVariant([]);
  return {
    enabled: false,
    variants: [a, blankVariant([a.name])],
    testPercent: '20',
    metric: 'OPENS',
    waitAmount: '4',
    waitUnit: 'hours',
    decidedBy: 'AUTO',
  };
}

/** A wait in minutes as the largest whole unit: 1440 → 1 day, 90 → 90 minutes. */
export function waitParts(minutes: number): { amount: string; unit: WaitUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: String(minutes / 1440), unit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: String(minutes / 60), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

/** The wait as minutes; the text as typed when it is not a number, so the API names it. */
export function waitMinutes(amount: string, unit: WaitUnit): number | string {
  const t = amount.trim().replace(',', '.');
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? Math.round(n * WAIT_UNIT_MINUTES[unit]) : amount;
}

/** A whole number as typed, or the text itself for the API to name. */
function integer(text: string): number | string {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : text;
}

/** Whether a variant's content, as the view shows it, is the campaign's own. */
function sameContent(v: VariantView, own: CampaignOwn): boolean {
  if (v.format !== own.format) return false;
  if (v.format !== 'BLOCKS') return v.body === own.body;
  return sameValue(stripIds(v.document), stripIds(own.document));
}

/** A block document without the editor's own ids, for comparing what the API stored. */
function stripIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => k !== 'id')
        .map(([k, v]) => [k, stripIds(v)]),
    );
  }
  return value;
}

/**
 * The form's A/B test for a saved campaign. The view fills a variant's missing values with the
 * campaign's, so a value equal to the campaign's reads as "the campaign's own" (an empty field).
 */
export function abTestDraftOf(
  abTest: AbTestView | null,
  variants: VariantView[],
  own: CampaignOwn,
  withIds: (doc: BlockDocument) => BlockDocument = (d) => d,
): AbTestDraft {
  const blank = blankAbTest();
  if (!abTest || variants.length === 0) return blank;
  const wait = waitParts(abTest.waitMinutes);
  return {
    enabled: true,
    testPercent: String(abTest.testPercent),
    metric: abTest.metric,
    waitAmount: wait.amount,
    waitUnit: wait.unit,
    decidedBy: abTest.decidedBy,
    variants: variants.map((v) => {
      const content: VariantContent = v.templateId ? 'TEMPLATE' : sameContent(v, own) ? 'SAME' : 'OWN';
      const doc = content === 'OWN' && v.format === 'BLOCKS' && v.document ? (v.document as BlockDocument) : null;
      return {
        name: v.name,
        // A template brings its own subject: the field is not offered then.
        subject: content === 'TEMPLATE' || v.subject === own.subject ? '' : v.subject,
        from: v.from === own.from ? '' : v.from,
        fromName: (v.fromName ?? '') === (own.fromName ?? '') ? '' : (v.fromName ?? ''),
        content,
        format: content === 'OWN' ? v.format : 'HTML',
        body: content === 'OWN' && v.format !== 'BLOCKS' ? v.body : '',
        document: doc ? withIds(doc) : null,
        templateId: v.templateId ?? '',
      };
    }),
  };
}

/** One variant as the API takes it: only what it overrides. */
export function variantBody(v: VariantDraft) {
  const subject = v.content !== 'TEMPLATE' && v.subject.trim() ? { subject: v.subject } : {};
  const content =
    v.content === 'TEMPLATE'
      ? { templateId: v.templateId }
      : v.content === 'OWN'
        ? v.format === 'BLOCKS'
          ? { format: v.format, document: v.document ?? { version: 1 as const, blocks: [] } }
          : { format: v.format, body: v.body }
        : {};
  return {
    name: v.name.trim(),
    ...subject,
    ...(v.from.trim() ? { from: v.from.trim() } : {}),
    ...(v.fromName.trim() ? { fromName: v.fromName.trim() } : {}),
    ...content,
  };
}

/** The wait to send: a test decided by hand ignores it, so a wait left half-typed there is not refused. */
function wait(d: AbTestDraft): number | string {
  const minutes = waitMinutes(d.waitAmount, d.waitUnit);
  return d.decidedBy === 'MANUAL' && (typeof minutes !== 'number' || minutes < 1 || minutes > 10_080) ? 240 : minutes;
}

/**
 * The `variants` and `abTest` of the campaign's PUT/POST body: both null when the test is off. Numbers
 * that are not numbers go as typed, for the API to refuse at their field.
 */
export function abTestBody(d: AbTestDraft) {
  if (!d.enabled) return { variants: null, abTest: null };
  return {
    variants: d.variants.map(variantBody),
    abTest: {
      testPercent: integer(d.testPercent) as number,
      metric: d.metric,
      waitMinutes: wait(d) as number,
      decidedBy: d.decidedBy,
    },
  };
}

/** What the test lacks before a save, keyed as the API names its fields. */
export function abTestProblems(d: AbTestDraft): Record<string, string | undefined> {
  if (!d.enabled) return {};
  const problems: Record<string, string | undefined> = {};
  const names = d.variants.map((v) => v.name.trim().toLowerCase());
  d.variants.forEach((v, i) => {
    const name = v.name.trim();
    if (!name) problems[`variants[${i}].name`] = i18n.t('Give the variant a name.');
    else if (names.indexOf(name.toLowerCase()) !== i)
      problems[`variants[${i}].name`] = i18n.t('Another variant has this name.');
    if (v.content === 'TEMPLATE' && !v.templateId) problems[`variants[${i}].templateId`] = i18n.t('Choose a template.');
  });
  return problems;
}

/** How the test splits the audience: "20% of the audience, 10% each; the rest gets the winner." */
export function splitSummary(testPercent: string, variants: number): string | undefined {
  const p = Number(testPercent.trim());
  if (!Number.isFinite(p) || p <= 0 || variants === 0) return undefined;
  const each = Math.round((p / variants) * 10) / 10;
  return i18n.t(
    '{test} of the audience gets the test, about {each} for each variant; the other {rest} gets the winner.',
    { test: formatPercent(p / 100), each: formatPercent(each / 100), rest: formatPercent((100 - p) / 100) },
  );
}

/** The API's message naming exactly `field` (not one inside it): a variant's or the test's own. */
export function exactError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.errors.find((e) => e.field === field)?.message : undefined;
}
