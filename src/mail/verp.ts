/**
 * VERP return paths: each email's envelope sender names the email, `bounce-<emailId>@<host>.<domain>`,
 * so a bounce sent back to it says which email failed even when the report quotes nothing of it.
 * RETURN_PATH_HOST names the host under each sending domain whose MX (RETURN_PATH_MX) is our listener.
 */
import type { Config } from '../config.ts';
import { isUuid } from '../lib/ids.ts';

/** The envelope sender for an email sent from `senderDomain`; undefined when no return path is configured. */
export function returnPathFor(
  config: Pick<Config, 'returnPath'>,
  emailId: string,
  senderDomain: string,
): string | undefined {
  if (!config.returnPath) return undefined;
  return `bounce-${emailId}@${config.returnPath.host}.${senderDomain.toLowerCase()}`;
}

const VERP = /^bounce-([0-9a-f-]{36})@[^@\s]+$/i;

/** The email id of a VERP address (`bounce-<uuid>@…`, any domain, any case); undefined for any other address. */
export function emailIdFromAddress(address: string): string | undefined {
  const m = VERP.exec(address.trim().replace(/^<|>$/g, ''));
  if (!m || !isUuid(m[1]!)) return undefined;
  return m[1]!.toLowerCase();
}
