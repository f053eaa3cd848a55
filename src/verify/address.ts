import { checkHostname } from './hostname.ts';

export type ParsedAddress =
  | { ok: true; local: string; domain: string; normalized: string }
  | { ok: false; reason: string };

const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;

// RFC 5322 atext specials besides letters and digits.
const ATEXT_SPECIALS = "!#$%&'*+-/=?^_`{|}~";

function isAtext(code: number): boolean {
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)) return true;
  return code < 0x80 && ATEXT_SPECIALS.includes(String.fromCharCode(code));
}

function checkDotAtom(local: string): string | undefined {
  if (local.charCodeAt(0) === 0x2e || local.charCodeAt(local.length - 1) === 0x2e) {
    return 'Local part starts or ends with a dot';
  }
  for (let i = 0; i < local.length; i++) {
    const code = local.charCodeAt(i);
    if (code === 0x2e) {
      if (local.charCodeAt(i + 1) === 0x2e) return 'Local part has consecutive dots';
    } else if (!isAtext(code)) {
      return 'Local part contains a character that needs quoting';
    }
  }
  return undefined;
}

// RFC 5321 Quoted-string: printable ASCII and space, with `"` and `\` only as a quoted-pair.
function checkQuoted(local: string): string | undefined {
  if (local.length < 3) return 'Quoted local part is empty';
  for (let i = 1; i < local.length - 1; i++) {
    const code = local.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return 'Quoted local part contains a control or non-ASCII character';
    if (code === 0x22) return 'Quoted local part contains an unescaped quote';
    if (code === 0x5c) {
      // The pair may not swallow the closing quote.
      if (i + 1 >= local.length - 1) return 'Quoted local part ends with a backslash';
      i++;
    }
  }
  return undefined;
}

/**
 * Parses an address with a pragmatic RFC 5321/5322 check in one linear pass (no backtracking regex).
 * The domain comes back as lower-case ASCII; `normalized` is the whole address trimmed and lower-cased.
 */
export function parseAddress(input: string): ParsedAddress {
  const trimmed = input.trim();
  // IDN domains only grow when converted to ASCII, so this bound holds for the final form too.
  if (trimmed.length > MAX_ADDRESS) return { ok: false, reason: 'Address is longer than 254 characters' };
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return { ok: false, reason: 'Address has no @' };
  const local = trimmed.slice(0, at);
  const rawDomain = trimmed.slice(at + 1);
  if (local.length === 0) return { ok: false, reason: 'Local part is empty' };
  if (local.length > MAX_LOCAL) return { ok: false, reason: 'Local part is longer than 64 characters' };

  const quoted = local.length >= 2 && local.startsWith('"') && local.endsWith('"');
  const localError = quoted ? checkQuoted(local) : checkDotAtom(local);
  if (localError) return { ok: false, reason: localError };

  if (rawDomain.startsWith('[')) return { ok: false, reason: 'Address literals are not accepted' };
  const host = checkHostname(rawDomain);
  if (!host.ok) return host;
  const normalized = `${local.toLowerCase()}@${host.domain}`;
  if (normalized.length > MAX_ADDRESS) return { ok: false, reason: 'Address is longer than 254 characters' };
  return { ok: true, local, domain: host.domain, normalized };
}

/** True when an unquoted local part carries a `+tag` sub-address after a non-empty base. */
export function isPlusAddressed(local: string): boolean {
  return !local.startsWith('"') && local.indexOf('+') > 0;
}
