import { isPlusAddressed, parseAddress } from './address.ts';
import { isAliasDomain, isDisposableDomain, isPersonalDomain } from './lists.ts';
import { suggestDomain } from './typo.ts';
import type { VerifyData } from './verify.schemas.ts';

export type DnsFailure = 'NXDOMAIN' | 'NODATA' | 'TIMEOUT' | 'SERVFAIL' | 'REFUSED' | 'ERROR';

export type DnsAnswer<T> = { ok: true; records: T } | { ok: false; reason: DnsFailure; message: string };

/** The part of the DNS resolver (src/lib/resolver.ts) that address verification needs. */
export interface VerifyResolver {
  mx(name: string): Promise<DnsAnswer<ReadonlyArray<{ exchange: string }>>>;
  a(name: string): Promise<DnsAnswer<unknown>>;
  aaaa(name: string): Promise<DnsAnswer<unknown>>;
  ns(name: string): Promise<DnsAnswer<unknown>>;
  soa(name: string): Promise<DnsAnswer<unknown>>;
}

// 'unknown' is an unanswered question (timeout, server failure); only a definite 'no' may make an address invalid.
type Tri = 'yes' | 'no' | 'unknown';

const FAILURE_TEXT: Partial<Record<DnsFailure, string>> = {
  TIMEOUT: 'DNS lookup timed out for',
  SERVFAIL: 'DNS server failed to answer for',
  REFUSED: 'DNS server refused the query for',
  ERROR: 'DNS lookup failed for',
};

async function settle<T>(lookup: () => Promise<DnsAnswer<T>>): Promise<DnsAnswer<T>> {
  try {
    return await lookup();
  } catch (err) {
    // The resolver promises not to throw; if it does anyway, that is an unanswered question, not a verdict.
    return { ok: false, reason: 'ERROR', message: err instanceof Error ? err.message : String(err) };
  }
}

function present(answer: DnsAnswer<unknown>): Tri {
  if (answer.ok) return !Array.isArray(answer.records) || answer.records.length > 0 ? 'yes' : 'no';
  return answer.reason === 'NXDOMAIN' || answer.reason === 'NODATA' ? 'no' : 'unknown';
}

function either(x: Tri, y: Tri): Tri {
  if (x === 'yes' || y === 'yes') return 'yes';
  return x === 'no' && y === 'no' ? 'no' : 'unknown';
}

function existence(answers: DnsAnswer<unknown>[]): Tri {
  const states = answers.map(present);
  if (states.includes('yes')) return 'yes';
  // RFC 8020: NXDOMAIN means nothing exists at or below the name, whatever record type was asked for.
  const nxdomain = answers.some((x) => !x.ok && x.reason === 'NXDOMAIN');
  return nxdomain || states.every((s) => s === 'no') ? 'no' : 'unknown';
}

function invalidFormat(email: string, detail: string): VerifyData {
  return {
    email,
    valid: false,
    isDisposable: false,
    isAlias: false,
    isTypo: false,
    isPlusAddressed: false,
    isPersonalEmail: false,
    domainExists: false,
    hasWebsite: false,
    hasMxRecords: false,
    reasons: ['Invalid email format', detail],
  };
}

interface DnsFacts {
  domainExists: boolean;
  hasWebsite: boolean;
  hasMxRecords: boolean;
  canReceive: boolean;
  reasons: string[];
}

async function inspectDns(resolver: VerifyResolver, domain: string): Promise<DnsFacts> {
  const [mx, a, aaaa, ns, soa] = await Promise.all([
    settle(() => resolver.mx(domain)),
    settle(() => resolver.a(domain)),
    settle(() => resolver.aaaa(domain)),
    settle(() => resolver.ns(domain)),
    settle(() => resolver.soa(domain)),
  ]);
  const answers = [mx, a, aaaa, ns, soa];
  const address = either(present(a), present(aaaa));
  // RFC 7505 null MX: a lone "." exchange (node:dns reports it as '') says the domain takes no mail.
  const nullMx = mx.ok && mx.records.length > 0 && mx.records.every((r) => r.exchange === '' || r.exchange === '.');
  const mxState: Tri = nullMx ? 'no' : present(mx);
  const exists = existence(answers);

  const reasons: string[] = [];
  if (exists === 'no') {
    reasons.push('Domain does not exist');
  } else if (nullMx) {
    reasons.push('Domain publishes a null MX record and accepts no email', 'Domain cannot receive email');
  } else if (mxState === 'no' && address === 'yes') {
    const fallback = present(a) === 'yes' ? 'A' : 'AAAA';
    reasons.push(`No MX records; mail would fall back to the ${fallback} record`);
  } else if (mxState === 'no' && address === 'no') {
    reasons.push('No MX records and no A/AAAA records', 'Domain cannot receive email');
  } else if (mxState === 'no') {
    reasons.push('No MX records');
  }
  for (const x of answers) {
    const text = !x.ok && FAILURE_TEXT[x.reason];
    if (text && !reasons.includes(`${text} ${domain}`)) reasons.push(`${text} ${domain}`);
  }
  return {
    domainExists: exists === 'yes',
    hasWebsite: address === 'yes',
    hasMxRecords: mxState === 'yes',
    canReceive: exists !== 'no' && !nullMx && !(mxState === 'no' && address === 'no'),
    reasons,
  };
}

/**
 * Checks an address's syntax, lists (disposable, alias, personal), likely typos and DNS, with lookups in parallel.
 * `valid` is false only for a bad format, a domain that does not exist, or one that cannot receive mail;
 * DNS timeouts and server failures are reported in `reasons` but never make it false. Never throws.
 */
export async function verifyAddress(resolver: VerifyResolver, email: string): Promise<VerifyData> {
  const parsed = parseAddress(email);
  if (!parsed.ok) return invalidFormat(email.trim().toLowerCase(), parsed.reason);
  const { domain, local, normalized } = parsed;

  const suggestion = suggestDomain(normalized);
  const isDisposable = isDisposableDomain(domain);
  const isAlias = isAliasDomain(domain);
  const dns = await inspectDns(resolver, domain);

  const reasons: string[] = [];
  if (suggestion) reasons.push(`Possible typo detected, did you mean ${suggestion.domain}?`);
  if (isDisposable) reasons.push('Disposable email domain');
  if (isAlias) reasons.push('Email forwarding (alias) service');
  reasons.push(...dns.reasons);

  return {
    email: normalized,
    valid: dns.canReceive,
    isDisposable,
    isAlias,
    isTypo: suggestion !== undefined,
    isPlusAddressed: isPlusAddressed(local),
    isPersonalEmail: isPersonalDomain(domain),
    domainExists: dns.domainExists,
    hasWebsite: dns.hasWebsite,
    hasMxRecords: dns.hasMxRecords,
    reasons,
    ...(suggestion ? { suggestedEmail: suggestion.suggestedEmail } : {}),
  };
}
