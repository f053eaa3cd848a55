/**
 * The checks of the sign-up settings in PATCH /users/@me/projects/:id that read the database: the
 * sender's verified domain, the confirmation template, the form's topics. Every problem is a 422
 * naming its field, found before anything is written.
 */

import { normalizeEmail } from '../contacts/email.ts';
import type { Deps } from '../deps.ts';
import { assertVerifiedSender } from '../domains/domains.service.ts';
import { AppError, type FieldError, invalidFields } from '../errors.ts';
import { getTemplateRow } from '../templates/templates.service.ts';
import { requireTopicIds } from '../topics/topics.service.ts';
import type { SignupSettingsPatch } from './signup.schemas.ts';
import {
  checkFormFields,
  checkOrigins,
  completeForm,
  type SignupColumns,
  type SignupColumnsPatch,
  toSignupSettings,
  usesConfirmUrl,
} from './signup-settings.ts';

/** The error of `work` joins `errors` when it is one of `codes` (a 403 or 404 that is a 422 here, on `field`). */
async function asFieldError(work: Promise<unknown>, field: string, codes: string[], errors: FieldError[]) {
  try {
    await work;
  } catch (err) {
    if (!(err instanceof AppError) || !codes.includes(err.code)) throw err;
    errors.push(...(err.details.errors ?? [{ field, message: err.message, code: err.code }]));
  }
}

/**
 * Checks the sign-up settings of a PATCH against the project as stored (`current`) and answers the
 * columns to write. 422 listing every problem: a sender off the project's verified domains, double
 * opt-in without a sender, an unknown (or link-less) confirmation template, a bad origin, an unknown
 * topic, a reserved or repeated form field key.
 */
export async function prepareSignupSettings(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'topics' | 'verifiedDomains'>,
  projectId: string,
  current: SignupColumns,
  patch: SignupSettingsPatch,
): Promise<SignupColumnsPatch> {
  const errors: FieldError[] = [];
  const out: SignupColumnsPatch = {};
  const stored = toSignupSettings(current);
  if (patch.signupFrom !== undefined && patch.signupFrom !== null) {
    const from = normalizeEmail(patch.signupFrom);
    if (!from) errors.push({ field: 'signupFrom', message: 'must be a valid email address', code: 'INVALID_EMAIL' });
    else {
      const codes = ['UNVERIFIED_DOMAIN'];
      await asFieldError(assertVerifiedSender(deps, projectId, from), 'signupFrom', codes, errors);
      out.signupFrom = from;
    }
  } else if (patch.signupFrom === null) out.signupFrom = null;
  if (patch.doubleOptIn !== undefined) out.doubleOptIn = patch.doubleOptIn;
  const from = patch.signupFrom === undefined ? stored.signupFrom : patch.signupFrom;
  if ((patch.doubleOptIn ?? stored.doubleOptIn) && !from) {
    const field = patch.doubleOptIn ? 'doubleOptIn' : 'signupFrom';
    errors.push({
      field,
      message: 'double opt-in needs signupFrom, the sender of confirmation mail',
      code: 'REQUIRED',
    });
  }
  if (typeof patch.confirmationTemplateId === 'string') {
    const field = 'confirmationTemplateId';
    const id = patch.confirmationTemplateId;
    await asFieldError(
      getTemplateRow(deps, projectId, id).then((t) => {
        if (!usesConfirmUrl(t.body))
          errors.push({ field, message: 'the body must use {{confirmUrl}}', code: 'NO_LINK' });
      }),
      field,
      ['TEMPLATE_NOT_FOUND'],
      errors,
    );
    out.confirmationTemplateId = id;
  } else if (patch.confirmationTemplateId === null) out.confirmationTemplateId = null;
  if (patch.allowedOrigins !== undefined) {
    const checked = checkOrigins(patch.allowedOrigins);
    errors.push(...checked.errors);
    out.allowedOrigins = JSON.stringify(checked.origins);
  }
  if (patch.signupForm !== undefined) {
    const form = completeForm(patch.signupForm);
    errors.push(...checkFormFields(form));
    const field = 'signupForm.topics';
    await asFieldError(requireTopicIds(deps, projectId, form.topics, field), field, ['VALIDATION_ERROR'], errors);
    out.signupForm = JSON.stringify(form);
  }
  if (errors.length > 0) throw invalidFields(errors);
  return out;
}
