/**
 * What the template screens say about a template: its type's label, tone and meaning (English
 * messages, translated where shown), and the editor's draft (every field a string, as the inputs
 * give it) with the API body a save sends. Pure, unit-tested.
 */
import type { Tone } from '../../components/Layout.tsx';
import { type BlockDocument, withIds } from '../../editor/document.ts';
import type { ContentFormat } from '../../editor/formats.ts';
import { sameValue } from '../../forms/draft-errors.ts';
import { msg } from '../../i18n/msg.ts';
import type { NewTemplate, Template, TemplateChange, TemplateType } from '../../queries/templates.ts';

export const TEMPLATE_TYPES: Array<{ id: TemplateType; label: string; tone: Tone; hint: string }> = [
  {
    id: 'TRANSACTIONAL',
    label: msg('Transactional'),
    tone: 'blue',
    hint: msg('Receipts, password resets, alerts: always delivered, no unsubscribe footer.'),
  },
  {
    id: 'MARKETING',
    label: msg('Marketing'),
    tone: 'brand',
    hint: msg('Newsletters and announcements: only to subscribed contacts, with an unsubscribe footer and headers.'),
  },
  {
    id: 'HEADLESS',
    label: msg('Headless'),
    tone: 'gray',
    hint: msg('Only to subscribed contacts, without the footer: the body must carry its own unsubscribe link.'),
  },
];

export function typeInfo(type: TemplateType) {
  return TEMPLATE_TYPES.find((t) => t.id === type) ?? TEMPLATE_TYPES[0]!;
}

/** A template as the editor holds it while it is edited. */
export interface TemplateDraft {
  name: string;
  description: string;
  type: TemplateType;
  subject: string;
  from: string;
  fromName: string;
  replyTo: string;
  format: ContentFormat;
  /** HTML or MJML source; for BLOCKS the rendered HTML the API answered (never sent back). */
  body: string;
  /** The block document (BLOCKS only). */
  document: BlockDocument | null;
}

export const STARTER_BODY = `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">
    <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:22px">Hi {{ firstName ?? "there" }},</h1>
      <p style="margin:0 0 16px;line-height:1.6">Write your message here.</p>
    </div>
  </body>
</html>
`;

/**
 * The draft of a saved template (its unpublished draft's subject and content when it has one), or
 * of a new one (transactional HTML with a starter body). Every block gets the editor's id.
 */
export function toDraft(t?: Template): TemplateDraft {
  const content = t?.draft ?? t;
  const document = content?.document ?? null;
  return {
    name: t?.name ?? '',
    description: t?.description ?? '',
    type: t?.type ?? 'TRANSACTIONAL',
    subject: content?.subject ?? '',
    from: t?.from ?? '',
    fromName: t?.fromName ?? '',
    replyTo: t?.replyTo ?? '',
    format: content?.format ?? 'HTML',
    body: content?.body ?? STARTER_BODY,
    document: document ? withIds(document as BlockDocument) : null,
  };
}

const OPTIONAL = ['description', 'from', 'fromName', 'replyTo'] as const;
const TEXT_FIELDS = ['name', 'description', 'type', 'subject', 'from', 'fromName', 'replyTo'] as const;

/** The content fields of a save: the format and its source (body, or the document for BLOCKS). */
function contentOf(draft: TemplateDraft) {
  return draft.format === 'BLOCKS'
    ? { format: draft.format, document: draft.document ?? { version: 1 as const, blocks: [] } }
    : { format: draft.format, body: draft.body };
}

/**
 * The PATCH body: only the fields that differ from the saved template ('' clearing an optional
 * one), the content whole when it changed, and the version the edit started from.
 */
export function changesOf(draft: TemplateDraft, saved: TemplateDraft, baseVersion?: number): TemplateChange {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) {
    if (draft[key] === saved[key]) continue;
    out[key] = draft[key].trim() === '' && (OPTIONAL as readonly string[]).includes(key) ? null : draft[key];
  }
  if (!sameValue(contentOf(draft), contentOf(saved))) Object.assign(out, contentOf(draft));
  if (baseVersion !== undefined) out.baseVersion = baseVersion;
  return out as TemplateChange;
}

/** The POST body of a new template: blank optional fields left out. */
export function createBody(draft: TemplateDraft): NewTemplate {
  return {
    name: draft.name,
    subject: draft.subject,
    type: draft.type,
    ...contentOf(draft),
    description: draft.description.trim() || undefined,
    from: draft.from.trim() || undefined,
    fromName: draft.fromName.trim() || undefined,
    replyTo: draft.replyTo.trim() || undefined,
  } as NewTemplate;
}
