import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { checkHostname } from '../verify/hostname.ts';
import type { DnsRecord } from './domains.schemas.ts';

/** One DNS record a user must publish (the API view's shape, defined once in domains.schemas.ts). */
export type DomainRecord = DnsRecord;
export type RecordPurpose = DnsRecord['purpose'];

/** Inputs for the record set; a return path needs both its host (under the domain) and the MX that takes bounces. */
export type DomainRecordsInput = {
  domain: string;
  selector: string;
  dkimPublicKeyPem: string;
  /** Domain for the SPF `include:` of the relay that sends for us; without it SPF authorises `mx`. */
  spfInclude?: string;
} & ({ returnPathHost?: undefined; returnPathMx?: undefined } | { returnPathHost: string; returnPathMx: string });

export type RecordMatch = { ok: true } | { ok: false; reason: string };

export type DomainNameCheck = { ok: true; domain: string } | { ok: false; reason: string };

const DMARC_RECOMMENDED = 'v=DMARC1; p=none; adkim=r; aspf=r';

/** The base64 DER SubjectPublicKeyInfo of a PEM public key (SPKI or PKCS#1), as DKIM's `p=` tag wants it. */
export function dkimPublicKeyValue(pem: string): string {
  return createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64');
}

function qualify(host: string, domain: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return h === domain || h.endsWith(`.${domain}`) ? h : `${h}.${domain}`;
}

/**
 * Builds the DKIM, SPF, DMARC and (when configured) return-path records for a sending domain.
 * Expects a domain already passed through validateDomainName. TXT values are whole strings; DNS panels split
 * values over 255 characters into several strings themselves.
 */
export function buildDomainRecords(input: DomainRecordsInput): DomainRecord[] {
  const domain = input.domain.toLowerCase();
  const spf = `v=spf1 ${input.spfInclude ? `include:${input.spfInclude}` : 'mx'} ~all`;
  const records: DomainRecord[] = [
    {
      type: 'TXT',
      name: `${input.selector}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${dkimPublicKeyValue(input.dkimPublicKeyPem)}`,
      purpose: 'DKIM',
    },
  ];
  if (input.returnPathHost === undefined) {
    // Bounces come back to the domain itself, so the envelope sender is on it and SPF is checked there.
    records.push({ type: 'TXT', name: domain, value: spf, purpose: 'SPF' });
  } else {
    // SPF (RFC 7208) is evaluated for the envelope MAIL FROM domain, which is then the return-path host, not the
    // From domain; DMARC's relaxed alignment accepts it as a subdomain. It also leaves the user's own SPF at the
    // apex alone, and MX + TXT (not CNAME) because a CNAME name may hold no other record.
    const host = qualify(input.returnPathHost, domain);
    records.push(
      { type: 'MX', name: host, value: `10 ${input.returnPathMx.toLowerCase()}`, purpose: 'RETURN_PATH' },
      { type: 'TXT', name: host, value: spf, purpose: 'SPF' },
    );
  }
  // A recommendation: p=none only asks for reports, so publishing it cannot block the user's existing mail.
  records.push({ type: 'TXT', name: `_dmarc.${domain}`, value: DMARC_RECOMMENDED, purpose: 'DMARC' });
  return records;
}

// DKIM tag list (RFC 6376 §3.2): whitespace is insignificant, tags are unordered, a duplicate tag makes it invalid.
function dkimTags(value: string): Map<string, string> | undefined {
  const tags = new Map<string, string>();
  for (const part of value.replace(/\s+/g, '').split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    const name = part.slice(0, eq);
    if (tags.has(name)) return undefined;
    tags.set(name, part.slice(eq + 1));
  }
  return tags;
}

function matchDkim(expected: DomainRecord, published: string[]): RecordMatch {
  const want = dkimTags(expected.value)?.get('p');
  for (const value of published) {
    const tags = dkimTags(value);
    if (!tags) continue;
    const v = tags.get('v');
    const k = tags.get('k');
    if ((v === undefined || v === 'DKIM1') && (k === undefined || k === 'rsa') && tags.get('p') === want) {
      return { ok: true };
    }
  }
  if (published.length === 0) return { ok: false, reason: `No DKIM record found at ${expected.name}` };
  return { ok: false, reason: `DKIM record at ${expected.name} does not carry the expected public key` };
}

function spfTerms(value: string): string[] {
  return value.trim().toLowerCase().split(/\s+/);
}

function matchSpf(expected: DomainRecord, published: string[]): RecordMatch {
  // RFC 7208 §4.5: exactly one record starting with "v=spf1"; with two or more, SPF evaluation is a permerror.
  const spf = published.filter((v) => {
    const first = spfTerms(v)[0];
    return first === 'v=spf1';
  });
  if (spf.length === 0) return { ok: false, reason: `No SPF record found at ${expected.name}` };
  if (spf.length > 1) {
    return { ok: false, reason: `Multiple SPF records found at ${expected.name}; merge them into one` };
  }
  const have = new Set(spfTerms(spf[0]!).map((t) => (t.startsWith('+') ? t.slice(1) : t)));
  const missing = spfTerms(expected.value).filter((t) => t !== 'v=spf1' && !t.endsWith('all') && !have.has(t));
  if (missing.length > 0) {
    return { ok: false, reason: `SPF record at ${expected.name} does not include ${missing.join(' ')}` };
  }
  return { ok: true };
}

function matchDmarc(expected: DomainRecord, published: string[]): RecordMatch {
  const dmarc = published.filter((v) => /^v\s*=\s*DMARC1(\s*;|\s*$)/.test(v.trim()));
  if (dmarc.length === 0) return { ok: false, reason: `No DMARC record found at ${expected.name}` };
  // RFC 7489 §6.6.3: with more than one record, receivers apply no DMARC policy at all.
  if (dmarc.length > 1) return { ok: false, reason: `Multiple DMARC records found at ${expected.name}` };
  return { ok: true };
}

function hostOf(value: string): string {
  const host = value.trim().split(/\s+/).at(-1) ?? '';
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * Decides whether the values published at `expected.name` satisfy the expected record.
 * `published` holds TXT values (each record's strings joined), or MX exchanges / CNAME targets for those types.
 */
export function matchRecord(expected: DomainRecord, published: string[]): RecordMatch {
  if (expected.type !== 'TXT') {
    const want = hostOf(expected.value);
    if (published.some((p) => hostOf(p) === want)) return { ok: true };
    return { ok: false, reason: `No ${expected.type} record at ${expected.name} pointing to ${want}` };
  }
  if (expected.purpose === 'DKIM') return matchDkim(expected, published);
  if (expected.purpose === 'SPF') return matchSpf(expected, published);
  if (expected.purpose === 'DMARC') return matchDmarc(expected, published);
  return published.includes(expected.value) ? { ok: true } : { ok: false, reason: `Missing TXT at ${expected.name}` };
}

/**
 * Normalises a sending-domain name a user typed (trim, lower-case, IDN to ASCII, one trailing dot dropped)
 * and checks it: LDH labels, at least two labels, not an IP address, at most 253 characters.
 */
export function validateDomainName(name: string): DomainNameCheck {
  let domain = name.trim().toLowerCase();
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  if (isIP(domain) !== 0 || domain.startsWith('[')) return { ok: false, reason: 'An IP address is not a domain' };
  return checkHostname(domain);
}
