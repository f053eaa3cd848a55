/**
 * Previews (beyond.md §8): content rendered as one recipient would get it (Liquid, the MARKETING
 * footer, the text part; no tracking, nothing stored). POST renders content from the request with
 * `data` as the recipient's; GET renders the saved template (or its draft) for one of the project's contacts.
 */
import { compileContent, type StoredContent } from '../authoring/content.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { getContact } from '../contacts/contacts.service.ts';
import type { EmailType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { composeEmail } from '../sending/compose.ts';
import { readDraft } from './template-drafts.ts';
import type { PreviewBody, PreviewQuery, PreviewView } from './templates.schemas.ts';
import { checkedSubject, getTemplateRow } from './templates.service.ts';

type PreviewDeps = Pick<Deps, 'config' | 'secrets' | 'reader' | 'keyCache' | 'topics' | 'clock'>;

async function render(
  deps: PreviewDeps,
  projectId: string,
  message: { subject: string; content: StoredContent; type: EmailType },
  contact: ContactView,
): Promise<PreviewView> {
  const settings = await getSendSettings(deps, projectId);
  const email = await composeEmail(
    deps,
    {
      subject: message.subject,
      body: message.content.body,
      emailType: message.type,
      templateId: null,
      templateVersion: null,
      from: { email: 'preview@invalid' },
      headers: {},
      attachments: [],
      sourceType: 'TRANSACTIONAL',
      sourceId: null,
    },
    { projectId, contact },
    { tracking: 'DISABLED', defaultLocale: settings.defaultLocale },
    newId(),
  );
  return { subject: email.subject, html: email.html, text: email.text };
}

/** A stand-in recipient with `data`, for content that no contact of the project is asked to fill. */
function sampleContact(deps: Pick<Deps, 'clock'>, data: Record<string, unknown> = {}): ContactView {
  const now = deps.clock.now().toISOString();
  const email = typeof data.email === 'string' ? data.email : 'preview@example.com';
  return {
    id: 'preview',
    email,
    subscribed: true,
    data,
    topics: [],
    confirmedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Content from the request, rendered with `data`; the same 422s as saving it. */
export async function previewContent(deps: PreviewDeps, projectId: string, input: PreviewBody): Promise<PreviewView> {
  const subject = checkedSubject(input.subject);
  const content = await compileContent(input.format ?? 'HTML', input);
  return render(
    deps,
    projectId,
    { subject, content, type: input.type ?? 'TRANSACTIONAL' },
    sampleContact(deps, input.data),
  );
}

/** The saved template (its draft with `draft=true`, when there is one) for one contact of the project, or for none. */
export async function previewTemplate(
  deps: PreviewDeps,
  projectId: string,
  id: string,
  query: PreviewQuery,
): Promise<PreviewView> {
  const row = await getTemplateRow(deps, projectId, id);
  const contact = query.contactId ? await getContact(deps, projectId, query.contactId) : sampleContact(deps);
  const draft = query.draft ? readDraft(row) : null;
  const from = draft ?? row;
  const content = { format: from.format, body: from.body, source: from.source };
  return render(deps, projectId, { subject: from.subject, content, type: row.type }, contact);
}
