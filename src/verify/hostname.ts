import { domainToASCII } from 'node:url';

export type HostnameCheck = { ok: true; domain: string } | { ok: false; reason: string };

const MAX_HOSTNAME = 253;
const MAX_LABEL = 63;

function isLdh(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Converts a domain to lower-case ASCII (IDN via UTS #46) and checks it is a public-style host name:
 * LDH labels of 1..63 characters, at least two labels, at most 253 characters, a TLD that is not all digits.
 */
export function checkHostname(input: string): HostnameCheck {
  // Cheap guard before the IDN conversion, so huge input costs nothing; an IDN's ASCII form is never shorter.
  if (input.length === 0) return { ok: false, reason: 'Domain is empty' };
  if (input.length > MAX_HOSTNAME) return { ok: false, reason: 'Domain is longer than 253 characters' };
  const domain = domainToASCII(input);
  if (domain === '') return { ok: false, reason: 'Domain is not a valid host name' };
  if (domain.length > MAX_HOSTNAME) return { ok: false, reason: 'Domain is longer than 253 characters' };

  let labelStart = 0;
  let labels = 0;
  let allDigits = true;
  for (let i = 0; i <= domain.length; i++) {
    const code = i < domain.length ? domain.charCodeAt(i) : 0x2e;
    if (code !== 0x2e) {
      if (!isLdh(code)) return { ok: false, reason: 'Domain has a character other than a letter, digit or hyphen' };
      if (!isDigit(code)) allDigits = false;
      continue;
    }
    const length = i - labelStart;
    if (length === 0) return { ok: false, reason: 'Domain has an empty label' };
    if (length > MAX_LABEL) return { ok: false, reason: 'Domain has a label longer than 63 characters' };
    if (domain.charCodeAt(labelStart) === 0x2d || domain.charCodeAt(i - 1) === 0x2d) {
      return { ok: false, reason: 'Domain label starts or ends with a hyphen' };
    }
    labels++;
    if (i < domain.length) allDigits = true;
    labelStart = i + 1;
  }
  if (labels < 2) return { ok: false, reason: 'Domain needs at least two labels' };
  // An all-numeric TLD means an IP address or a typo; no real TLD is numeric.
  if (allDigits) return { ok: false, reason: 'Top-level domain is numeric' };
  return { ok: true, domain };
}
