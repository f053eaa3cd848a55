/** Contact email addresses: one normal form for storage and comparison. */
import { parseAddress } from '../verify/address.ts';

/** The address trimmed and lower-cased when it is a valid email address; undefined otherwise. */
export function normalizeEmail(input: string): string | undefined {
  const parsed = parseAddress(input);
  return parsed.ok ? input.trim().toLowerCase() : undefined;
}
