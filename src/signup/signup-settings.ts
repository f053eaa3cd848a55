/**
 * The sign-up settings of a project as pure functions: decoding the stored columns into the view,
 * the shape checks of PATCH that need no database (origins, form field keys), and whether a browser
 * origin may call POST /v1/subscribe. The checks that do need it are in signup-settings.service.ts.
 */

import { RESERVED_DATA_KEYS } from '../contacts/data-rules.ts';
import { fromJson, toBool } from '../db/codecs.ts';
import type { FieldError } from '../errors.ts';
import type { SignupForm, SignupFormInput, SignupSettings } from './signup.schemas.ts';

/** What a project row stores of the settings (projects table, migration 0024). */
export interface SignupColumns {
  doubleOptIn: unknown;
  signupFrom: string | null;
  allowedOrigins: unknown;
  confirmationTemplateId: string | null;
  signupForm: unknown;
}

/** The columns PATCH writes (JSON as text); undefined leaves a column as it is. */
export interface SignupColumnsPatch {
  doubleOptIn?: boolean;
  signupFrom?: string | null;
  allowedOrigins?: string;
  confirmationTemplateId?: string | null;
  signupForm?: string;
}

export const EMPTY_FORM: SignupForm = { enabled: false, title: '', description: '', topics: [], fields: [] };

/** The settings as the ProjectView shows them (a project that never set them: the defaults). */
export function toSignupSettings(row: SignupColumns): SignupSettings {
  const form = row.signupForm == null ? undefined : fromJson<SignupForm>(row.signupForm);
  return {
    doubleOptIn: toBool(row.doubleOptIn),
    signupFrom: row.signupFrom,
    allowedOrigins: row.allowedOrigins == null ? [] : fromJson<string[]>(row.allowedOrigins),
    confirmationTemplateId: row.confirmationTemplateId,
    signupForm: form ? { ...EMPTY_FORM, ...form } : EMPTY_FORM,
  };
}

/** The form with what PATCH left out filled in empty. */
export function completeForm(input: SignupFormInput): SignupForm {
  return {
    enabled: input.enabled,
    title: input.title ?? '',
    description: input.description ?? '',
    topics: [...new Set(input.topics ?? [])],
    fields: input.fields ?? [],
  };
}

/**
 * The origin a browser would send for `value` (`https://example.com`, `http://localhost:8080`):
 * lower-cased scheme and host, no default port. Undefined for anything else: another scheme, a path,
 * a query, credentials, a wildcard. One trailing slash is forgiven, as people paste it.
 */
export function normalizeOrigin(value: string): string | undefined {
  const text = value.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[^/?#@*\s]+$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** The normalised, de-duplicated origins, or the errors naming each bad one. */
export function checkOrigins(values: string[]): { origins: string[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const origins = new Set<string>();
  values.forEach((v, i) => {
    const origin = normalizeOrigin(v);
    if (origin) origins.add(origin);
    else
      errors.push({
        field: `allowedOrigins.${i}`,
        message: 'must be an origin such as https://example.com (scheme and host, an optional port, no path)',
        code: 'INVALID_ORIGIN',
      });
  });
  return { origins: [...origins], errors };
}

/** Keys the form may not use: reserved data keys, and the names the form itself posts. */
const FORM_NAMES = new Set(['email', 'website']);

/** Field keys used twice, or taken by the data rules or the form itself. */
export function checkFormFields(form: SignupForm): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  form.fields.forEach((f, i) => {
    const field = `signupForm.fields.${i}.key`;
    if (RESERVED_DATA_KEYS.has(f.key) || FORM_NAMES.has(f.key.toLowerCase())) {
      errors.push({ field, message: `"${f.key}" is reserved`, code: 'RESERVED_KEY' });
    } else if (seen.has(f.key)) {
      errors.push({ field, message: `"${f.key}" is used by another field`, code: 'DUPLICATE_KEY' });
    }
    seen.add(f.key);
  });
  return errors;
}

/** True when the template body offers the confirmation link (`{{ confirmUrl }}`, with or without filters). */
export function usesConfirmUrl(body: string): boolean {
  return /\{\{-?\s*confirmUrl\b/.test(body);
}

/** Whether a browser on `origin` may call the project's POST /v1/subscribe. */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  const normal = normalizeOrigin(origin);
  return normal !== undefined && allowed.includes(normal);
}
