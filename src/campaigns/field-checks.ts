/** Checks of single campaign fields that the campaign and its A/B variants share (422 naming the field). */
import { normalizeEmail } from '../contacts/email.ts';
import { invalid } from '../errors.ts';

export function noLineBreaks(field: string, value: string | null | undefined): void {
  if (value && /[\r\n]/.test(value)) throw invalid(field, 'must not contain line breaks');
}

/** The address normalised; 422 INVALID_EMAIL when it is not one. */
export function address(field: string, value: string): string {
  const email = normalizeEmail(value);
  if (!email) throw invalid(field, 'must be a valid email address', 'INVALID_EMAIL');
  return email;
}
