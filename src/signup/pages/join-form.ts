/**
 * Reads a posted hosted form into a sign-up, as a pure function: the email, the form's own fields
 * typed as configured (a number stored as a number, a checkbox as true or false), and the ticked
 * topics among those the form offers. Problems are keyed by input name for the page to show.
 */
import { normalizeEmail } from '../../contacts/email.ts';
import type { SignupForm, SubscribeBody } from '../signup.schemas.ts';

export type FormErrorKey = 'errorEmail' | 'errorRequired' | 'errorNumber' | 'errorTopics' | 'errorSummary';

export interface ReadForm {
  input: SubscribeBody;
  /** By input name: `email`, `data.<key>`, `topics`, or `form`. */
  errors: Record<string, FormErrorKey>;
  /** The text values as sent, by input name, to fill the form in again. */
  values: Record<string, string>;
}

/** A posted value as text (a JSON body may send anything; a form sends strings). */
function text(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  return typeof v === 'string' ? v : undefined;
}

/** A ticked checkbox: any value but an explicit no (a checkbox posts its value only when ticked). */
function ticked(value: string | undefined): boolean {
  return value !== undefined && !['', 'false', '0', 'off', 'no'].includes(value.trim().toLowerCase());
}

/** The sign-up a form post asks for; `errors` empty when it may go ahead. `offered`: the topic ids shown. */
export function readJoinForm(form: SignupForm, offered: readonly string[], body: Record<string, unknown>): ReadForm {
  const errors: ReadForm['errors'] = {};
  const values: ReadForm['values'] = {};
  const rawEmail = text(body, 'email') ?? '';
  values.email = rawEmail;
  if (rawEmail.trim() === '') errors.email = 'errorRequired';
  else if (!normalizeEmail(rawEmail)) errors.email = 'errorEmail';
  const data: Record<string, unknown> = {};
  for (const f of form.fields) {
    const name = `data.${f.key}`;
    const raw = text(body, name);
    if (f.type === 'boolean') {
      const on = ticked(raw);
      if (on) values[name] = 'true';
      if (f.required && !on) errors[name] = 'errorRequired';
      data[f.key] = on;
      continue;
    }
    const value = (raw ?? '').trim();
    if (raw !== undefined) values[name] = raw;
    if (value === '') {
      if (f.required) errors[name] = 'errorRequired';
      continue;
    }
    if (f.type === 'number') {
      const n = Number(value);
      if (!Number.isFinite(n)) errors[name] = 'errorNumber';
      else data[f.key] = n;
    } else data[f.key] = value;
  }
  const topics = offered.filter((id) => {
    const on = ticked(text(body, `topic.${id}`));
    if (on) values[`topic.${id}`] = 'true';
    return on;
  });
  const website = text(body, 'website');
  return { input: { email: rawEmail, data, topics, ...(website === undefined ? {} : { website }) }, errors, values };
}
