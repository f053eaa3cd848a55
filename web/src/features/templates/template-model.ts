/**
 * What the template screens say about a template: its type's label, tone and meaning, and the
 * editor's draft (every field a string, as the inputs give it) with the API body a save sends.
 * Pure, unit-tested.
 */
import type { Tone } from '../../components/Layout.tsx';
import type { NewTemplate, Template, TemplateChange, TemplateType } from '../../queries/templates.ts';

export const TEMPLATE_TYPES: Array<{ id: TemplateType; label: string; tone: Tone; hint: string }> = [
  {
    id: 'TRANSACTIONAL',
    label: 'Transactional',
    tone: 'blue',
    hint: 'Receipts, password resets, alerts: always delivered, no unsubscribe footer.',
  },
  {
    id: 'MARKETING',
    label: 'Marketing',
    tone: 'brand',
    hint: 'Newsletters and announcements: only to subscribed contacts, with an unsubscribe footer and headers.',
  },
  {
    id: 'HEADLESS',
    label: 'Headless',
    tone: 'gray',
    hint: 'Only to subscribed contacts, without the footer: the body must carry its own unsubscribe link.',
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
  body: string;
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

/** The draft of a saved template, or of a new one (transactional, with a starter body). */
export function toDraft(t?: Template): TemplateDraft {
  return {
    name: t?.name ?? '',
    description: t?.description ?? '',
    type: t?.type ?? 'TRANSACTIONAL',
    subject: t?.subject ?? '',
    from: t?.from ?? '',
    fromName: t?.fromName ?? '',
    replyTo: t?.replyTo ?? '',
    body: t?.body ?? STARTER_BODY,
  };
}

const OPTIONAL = ['description', 'from', 'fromName', 'replyTo'] as const;

/** The PATCH body: only the fields that differ from the saved template, '' clearing an optional one. */
export function changesOf(draft: TemplateDraft, saved: TemplateDraft): TemplateChange {
  const out: Partial<Record<keyof TemplateDraft, string | null>> = {};
  for (const key of Object.keys(draft) as Array<keyof TemplateDraft>) {
    if (draft[key] === saved[key]) continue;
    out[key] = draft[key].trim() === '' && (OPTIONAL as readonly string[]).includes(key) ? null : draft[key];
  }
  return out as TemplateChange;
}

/** The POST body of a new template: blank optional fields left out. */
export function createBody(draft: TemplateDraft): NewTemplate {
  return {
    name: draft.name,
    subject: draft.subject,
    body: draft.body,
    type: draft.type,
    description: draft.description.trim() || undefined,
    from: draft.from.trim() || undefined,
    fromName: draft.fromName.trim() || undefined,
    replyTo: draft.replyTo.trim() || undefined,
  };
}
