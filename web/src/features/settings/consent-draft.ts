/**
 * The "Sign-up & consent" settings as form state and back to the PATCH body (beyond.md §2):
 * double opt-in, the confirmation email's sender and template, the origins allowed to call
 * /v1/subscribe from a browser, and the hosted sign-up form. Text is sent as typed (trimmed), so
 * the API's 422 names the field or row it refuses. Pure.
 */
import { msg } from '../../i18n/msg.ts';

export type SignupFieldType = 'text' | 'number' | 'boolean';

export interface SignupFieldDraft {
  key: string;
  label: string;
  type: SignupFieldType;
  required: boolean;
}

export interface SignupFormDraft {
  enabled: boolean;
  title: string;
  description: string;
  /** The topics the form offers, as ids. */
  topics: string[];
  fields: SignupFieldDraft[];
}

export interface ConsentDraft {
  doubleOptIn: boolean;
  signupFrom: string;
  /** '' for the built-in text. */
  confirmationTemplateId: string;
  allowedOrigins: string[];
  signupForm: SignupFormDraft;
}

/** What the project view says about sign-up and consent. */
export interface ConsentSettings {
  doubleOptIn: boolean;
  signupFrom: string | null;
  confirmationTemplateId: string | null;
  allowedOrigins: string[];
  signupForm: {
    enabled: boolean;
    /** '' shows a localized "Sign up". */
    title: string;
    description: string;
    topics: string[];
    fields: Array<{ key: string; label: string; type: SignupFieldType; required: boolean }>;
  };
}

/** The field types, each with its label (an English message the form translates). */
export const SIGNUP_FIELD_TYPES: Array<{ value: SignupFieldType; label: string }> = [
  { value: 'text', label: msg('Text') },
  { value: 'number', label: msg('Number') },
  { value: 'boolean', label: msg('Yes/no') },
];

export function consentDraftOf(s: ConsentSettings): ConsentDraft {
  const form = s.signupForm;
  return {
    doubleOptIn: s.doubleOptIn,
    signupFrom: s.signupFrom ?? '',
    confirmationTemplateId: s.confirmationTemplateId ?? '',
    allowedOrigins: [...s.allowedOrigins],
    signupForm: {
      enabled: form.enabled,
      title: form.title,
      description: form.description,
      topics: [...form.topics],
      fields: form.fields.map((f) => ({ ...f })),
    },
  };
}

/** The PATCH body for the draft: every setting of this section, text trimmed, an empty sender or template as null. */
export function consentBody(d: ConsentDraft) {
  const f = d.signupForm;
  return {
    doubleOptIn: d.doubleOptIn,
    signupFrom: d.signupFrom.trim() || null,
    confirmationTemplateId: d.confirmationTemplateId || null,
    allowedOrigins: d.allowedOrigins.map((o) => o.trim()),
    signupForm: {
      enabled: f.enabled,
      title: f.title.trim(),
      description: f.description.trim(),
      topics: f.topics,
      fields: f.fields.map((x) => ({ key: x.key.trim(), label: x.label.trim(), type: x.type, required: x.required })),
    },
  };
}

/** A new field row: a text field, optional. */
export const blankField = (): SignupFieldDraft => ({ key: '', label: '', type: 'text', required: false });
