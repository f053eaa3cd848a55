/**
 * The hosted sign-up form (/join/:projectId) and its outcome pages. Every value shown (the project's
 * title, description, labels, topic names, what the visitor typed) is escaped. The honeypot field
 * `website` is moved off screen by CSS and skipped by keyboard and screen readers; a person leaves it
 * empty, a form-filling bot does not.
 */
import { escapeHtml } from '../../public-pages/pages.ts';
import type { Locale } from '../../public-pages/strings.ts';
import type { SignupField, SubscribeStatus } from '../signup.schemas.ts';
import { SIGNUP_STRINGS, type SignupStrings } from '../strings.ts';
import type { FormErrorKey } from './join-form.ts';
import { page, say, simplePage } from './page-shell.ts';

export interface JoinFormView {
  projectId: string;
  locale: Locale;
  title: string;
  description: string;
  fields: SignupField[];
  /** The form's public topics, in the form's order. */
  topics: { id: string; name: string }[];
  /** What the visitor sent, by input name, to show again with the errors. */
  values: Record<string, string>;
  /** Problems by input name (`email`, `data.<key>`), and `form` for the form as a whole. */
  errors: Record<string, FormErrorKey>;
}

/** An `id` attribute for an input name (names may hold characters ids should not). */
const idFor = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;

function errorLine(s: SignupStrings, key: FormErrorKey | undefined): string {
  return key ? `<p class="error">${escapeHtml(s[key])}</p>` : '';
}

function input(v: JoinFormView, s: SignupStrings, name: string, label: string, type: string, required: boolean) {
  const id = idFor(name);
  const value = v.values[name];
  const hint = required ? '' : ` <span class="muted">(${escapeHtml(s.optional)})</span>`;
  const attrs = [
    `id="${id}"`,
    `name="${escapeHtml(name)}"`,
    `type="${type}"`,
    type === 'number' ? 'step="any"' : '',
    required ? 'required' : '',
    value === undefined ? '' : `value="${escapeHtml(value)}"`,
    v.errors[name] ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  return `<div class="field"><label for="${id}">${escapeHtml(label)}${hint}</label><input ${attrs.join(' ')}>${errorLine(s, v.errors[name])}</div>`;
}

function checkbox(v: JoinFormView, s: SignupStrings, name: string, label: string, required: boolean) {
  const id = idFor(name);
  const checked = v.values[name] !== undefined ? ' checked' : '';
  const req = required ? ' required' : '';
  const box = `<input id="${id}" name="${escapeHtml(name)}" type="checkbox" value="true"${checked}${req}>`;
  return `<div class="field check">${box}<label for="${id}">${escapeHtml(label)}</label>${errorLine(s, v.errors[name])}</div>`;
}

/** GET /join/:projectId, and the same form again (422) with the visitor's values and the problems. */
export function joinFormPage(v: JoinFormView): string {
  const s = SIGNUP_STRINGS[v.locale];
  const title = v.title || s.joinTitle;
  const parts = [`<h1>${escapeHtml(title)}</h1>`];
  if (v.description) parts.push(`<p>${escapeHtml(v.description)}</p>`);
  if (Object.keys(v.errors).length > 0) parts.push(`<p class="error" role="alert">${escapeHtml(s.errorSummary)}</p>`);
  parts.push(`<form method="post" action="/join/${escapeHtml(encodeURIComponent(v.projectId))}">`);
  parts.push(input(v, s, 'email', s.emailLabel, 'email', true));
  for (const f of v.fields) {
    const name = `data.${f.key}`;
    if (f.type === 'boolean') parts.push(checkbox(v, s, name, f.label, f.required));
    else parts.push(input(v, s, name, f.label, f.type === 'number' ? 'number' : 'text', f.required));
  }
  if (v.topics.length > 0) {
    parts.push(`<fieldset><legend>${escapeHtml(s.topicsLabel)}</legend>`);
    for (const t of v.topics) parts.push(checkbox(v, s, `topic.${t.id}`, t.name, false));
    parts.push(`${errorLine(s, v.errors.topics)}</fieldset>`);
  }
  parts.push(
    `<div class="hp" aria-hidden="true"><label for="f-website">${escapeHtml(s.honeypotLabel)}</label>` +
      '<input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>',
  );
  parts.push(`<button type="submit">${escapeHtml(s.joinButton)}</button>`, '</form>');
  return page(v.locale, title, parts.join('\n'));
}

/** After a sign-up through the form: "check your inbox" with double opt-in, "you are subscribed" without. */
export function joinDonePage(locale: Locale, status: SubscribeStatus, email: string, project: string): string {
  const s = SIGNUP_STRINGS[locale];
  return status === 'CONFIRMATION_SENT'
    ? simplePage(locale, s.checkInboxTitle, [say(s.checkInboxBody, { email, project })])
    : simplePage(locale, s.subscribedTitle, [say(s.subscribedBody, { email, project })]);
}

/** No form at this address: an unknown project, or a form not enabled (404). */
export function formMissingPage(locale: Locale): string {
  const s = SIGNUP_STRINGS[locale];
  return simplePage(locale, s.formMissingTitle, [escapeHtml(s.formMissingBody)]);
}

/** Past the sign-up rate (429). */
export function tooManyPage(locale: Locale): string {
  const s = SIGNUP_STRINGS[locale];
  return simplePage(locale, s.tooManyTitle, [escapeHtml(s.tooManyBody)]);
}
