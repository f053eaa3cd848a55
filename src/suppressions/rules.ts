/**
 * What a suppression rule holds, as people write it (I/O-free): an address, or every address at a
 * domain, written `example.com` or `*@example.com`. Both are kept trimmed and lower-cased, the normal
 * form contacts and outgoing mail use (contacts/email.ts), so a rule matches by plain comparison.
 */
import { normalizeEmail } from '../contacts/email.ts';
import { checkHostname } from '../verify/hostname.ts';

/** An address rule or a domain rule, normalised. */
export type RuleTarget = { address: string } | { domain: string };

export type Parsed<T> = ({ ok: true } & T) | { ok: false; message: string };

const DOMAIN_PREFIX = '*@';

/** Host name parsing drops tabs and newlines (WHATWG URL rules); the text kept must not hold them. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A domain as `example.com` or `*@example.com`; the message says what is wrong otherwise. */
export function parseDomain(input: string): Parsed<{ domain: string }> {
  const trimmed = input.trim();
  if (hasControl(trimmed)) return { ok: false, message: 'contains a control character' };
  const bare = trimmed.startsWith(DOMAIN_PREFIX) ? trimmed.slice(DOMAIN_PREFIX.length) : trimmed;
  if (bare.includes('@')) return { ok: false, message: 'must be a domain (example.com) or *@example.com' };
  const host = checkHostname(bare);
  if (!host.ok) return { ok: false, message: `is not a domain: ${host.reason}` };
  return { ok: true, domain: bare.toLowerCase() };
}

/** An address, or `*@domain` for a whole domain: one line of an import, one entry of `addresses`. */
export function parseTarget(input: string): Parsed<{ target: RuleTarget }> {
  if (input.trim().startsWith(DOMAIN_PREFIX)) {
    const d = parseDomain(input);
    return d.ok ? { ok: true, target: { domain: d.domain } } : d;
  }
  if (hasControl(input.trim())) return { ok: false, message: 'contains a control character' };
  const address = normalizeEmail(input);
  if (!address) return { ok: false, message: 'is not a valid email address nor *@domain' };
  return { ok: true, target: { address } };
}

/** The domain of a normalised address: what follows its last `@`. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
