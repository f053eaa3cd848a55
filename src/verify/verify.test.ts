// Invariant: verifyAddress marks an address invalid only for a bad format, a domain that does not exist, or one that
// cannot receive mail; unanswered DNS questions (timeouts, server failures) are reported but never decide validity.
import { describe, expect, it } from 'vitest';
import type { DnsAnswer, DnsFailure, VerifyResolver } from './verify.ts';
import { verifyAddress } from './verify.ts';

type RecordType = 'mx' | 'a' | 'aaaa' | 'ns' | 'soa';
type Zone = Partial<Record<RecordType, unknown[] | DnsFailure>>;

// The outside world: a DNS that knows only the zones given. Unknown names are NXDOMAIN, missing types NODATA.
function fakeDns(zones: Record<string, Zone>): VerifyResolver & { asked: string[] } {
  const asked: string[] = [];
  const lookup =
    (type: RecordType) =>
    async (name: string): Promise<DnsAnswer<never>> => {
      asked.push(`${type} ${name}`);
      const zone = zones[name];
      if (!zone) return { ok: false, reason: 'NXDOMAIN', message: `${name} not found` };
      const entry = zone[type];
      if (entry === undefined) return { ok: false, reason: 'NODATA', message: `no ${type}` };
      if (typeof entry === 'string') return { ok: false, reason: entry, message: `${type} ${entry}` };
      return { ok: true, records: entry as never };
    };
  return { asked, mx: lookup('mx'), a: lookup('a'), aaaa: lookup('aaaa'), ns: lookup('ns'), soa: lookup('soa') };
}

const SOA = [{ nsname: 'ns1.example.net', hostmaster: 'hostmaster.example.net', serial: 1 }];
const fullZone = (): Zone => ({
  mx: [{ exchange: 'mx1.example.net', priority: 10 }],
  a: ['192.0.2.10'],
  ns: ['ns1.example.net'],
  soa: SOA,
});

describe('verifyAddress', () => {
  it('reports a healthy company address as valid with every DNS fact', async () => {
    const dns = fakeDns({ 'acme.com': fullZone() });
    const result = await verifyAddress(dns, 'Jane.Doe@ACME.com');
    expect(result).toEqual({
      email: 'jane.doe@acme.com',
      valid: true,
      isDisposable: false,
      isAlias: false,
      isTypo: false,
      isPlusAddressed: false,
      isPersonalEmail: false,
      domainExists: true,
      hasWebsite: true,
      hasMxRecords: true,
      reasons: [],
    });
  });

  it('asks every lookup it needs in one go', async () => {
    const dns = fakeDns({ 'acme.com': fullZone() });
    await verifyAddress(dns, 'a@acme.com');
    expect(dns.asked.sort()).toEqual(['a acme.com', 'aaaa acme.com', 'mx acme.com', 'ns acme.com', 'soa acme.com']);
  });

  it('rejects a bad format without touching DNS', async () => {
    const dns = fakeDns({});
    const result = await verifyAddress(dns, 'not-an-email');
    expect(result.valid).toBe(false);
    expect(result.reasons[0]).toBe('Invalid email format');
    expect(result.domainExists).toBe(false);
    expect(dns.asked).toEqual([]);
  });

  it('rejects 100,000 characters of garbage as a bad format', async () => {
    const result = await verifyAddress(fakeDns({}), `${'a'.repeat(100_000)}@@`);
    expect(result.valid).toBe(false);
    expect(result.reasons).toContain('Invalid email format');
  });

  it('marks a domain with no DNS at all as invalid', async () => {
    const result = await verifyAddress(fakeDns({}), 'ann@no-such-domain-here.com');
    expect(result).toMatchObject({ valid: false, domainExists: false, hasMxRecords: false, hasWebsite: false });
    expect(result.reasons).toEqual(['Domain does not exist']);
  });

  it('treats one NXDOMAIN answer as final even when other lookups time out', async () => {
    const dns = fakeDns({
      'gone.com': { mx: 'NXDOMAIN', a: 'TIMEOUT', aaaa: 'TIMEOUT', ns: 'TIMEOUT', soa: 'TIMEOUT' },
    });
    const result = await verifyAddress(dns, 'ann@gone.com');
    expect(result.valid).toBe(false);
    expect(result.reasons).toEqual(['Domain does not exist', 'DNS lookup timed out for gone.com']);
  });

  it('accepts a domain without MX that falls back to its A record', async () => {
    const dns = fakeDns({ 'web-only.com': { a: ['192.0.2.1'], ns: ['ns1.x.net'], soa: SOA } });
    const result = await verifyAddress(dns, 'ann@web-only.com');
    expect(result).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false, hasWebsite: true });
    expect(result.reasons).toEqual(['No MX records; mail would fall back to the A record']);
  });

  it('names the AAAA record when that is the only fallback', async () => {
    const dns = fakeDns({ 'v6.com': { aaaa: ['2001:db8::1'], ns: ['ns1.x.net'] } });
    const result = await verifyAddress(dns, 'ann@v6.com');
    expect(result.valid).toBe(true);
    expect(result.reasons).toEqual(['No MX records; mail would fall back to the AAAA record']);
  });

  it('marks a domain with neither MX nor A/AAAA as unable to receive mail', async () => {
    const dns = fakeDns({ 'parked.com': { ns: ['ns1.x.net'], soa: SOA } });
    const result = await verifyAddress(dns, 'ann@parked.com');
    expect(result).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false, hasWebsite: false });
    expect(result.reasons).toContain('Domain cannot receive email');
  });

  it('honours a null MX even when the domain has a website', async () => {
    const dns = fakeDns({ 'nomail.com': { ...fullZone(), mx: [{ exchange: '', priority: 0 }] } });
    const result = await verifyAddress(dns, 'ann@nomail.com');
    expect(result).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false, hasWebsite: true });
    expect(result.reasons).toContain('Domain cannot receive email');
  });

  it('stays valid and says why when every lookup times out', async () => {
    const zone: Zone = { mx: 'TIMEOUT', a: 'TIMEOUT', aaaa: 'TIMEOUT', ns: 'TIMEOUT', soa: 'TIMEOUT' };
    const result = await verifyAddress(fakeDns({ 'slow.com': zone }), 'ann@slow.com');
    expect(result).toMatchObject({ valid: true, domainExists: false, hasMxRecords: false, hasWebsite: false });
    expect(result.reasons).toEqual(['DNS lookup timed out for slow.com']);
  });

  it('stays valid when the MX lookup fails and there is no A record', async () => {
    const dns = fakeDns({ 'flaky.com': { mx: 'SERVFAIL', ns: ['ns1.x.net'] } });
    const result = await verifyAddress(dns, 'ann@flaky.com');
    expect(result).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false });
    expect(result.reasons).toEqual(['DNS server failed to answer for flaky.com']);
  });

  it('stays valid when MX is absent but the A lookup timed out', async () => {
    const dns = fakeDns({ 'half.com': { a: 'TIMEOUT', ns: ['ns1.x.net'] } });
    const result = await verifyAddress(dns, 'ann@half.com');
    expect(result.valid).toBe(true);
    expect(result.reasons).toEqual(['No MX records', 'DNS lookup timed out for half.com']);
  });

  it('never throws, even when the resolver itself rejects', async () => {
    const broken: VerifyResolver = {
      mx: () => Promise.reject(new Error('socket closed')),
      a: () => Promise.reject(new Error('socket closed')),
      aaaa: () => Promise.reject(new Error('socket closed')),
      ns: () => Promise.reject(new Error('socket closed')),
      soa: () => Promise.reject(new Error('socket closed')),
    };
    const result = await verifyAddress(broken, 'ann@acme.com');
    expect(result.valid).toBe(true);
    expect(result.reasons).toEqual(['DNS lookup failed for acme.com']);
  });

  it('flags a typo with a suggestion but still judges the typed domain by its DNS', async () => {
    const result = await verifyAddress(fakeDns({}), 'Ann@gamil.com');
    expect(result).toMatchObject({ isTypo: true, suggestedEmail: 'ann@gmail.com' });
    expect(result.valid).toBe(false);
    expect(result.reasons).toEqual(['Possible typo detected, did you mean gmail.com?', 'Domain does not exist']);
  });

  it('reports a typo-squatting domain as both a typo and disposable', async () => {
    const result = await verifyAddress(fakeDns({ 'gmial.com': fullZone() }), 'ann@gmial.com');
    expect(result).toMatchObject({ valid: true, isTypo: true, isDisposable: true, suggestedEmail: 'ann@gmail.com' });
    expect(result.reasons).toEqual(['Possible typo detected, did you mean gmail.com?', 'Disposable email domain']);
  });

  it('omits suggestedEmail when there is no typo', async () => {
    const result = await verifyAddress(fakeDns({ 'gmail.com': fullZone() }), 'ann@gmail.com');
    expect(result).not.toHaveProperty('suggestedEmail');
    expect(result).toMatchObject({ isTypo: false, isPersonalEmail: true, valid: true, reasons: [] });
  });

  it('flags disposable domains without invalidating them', async () => {
    const result = await verifyAddress(fakeDns({ 'mailinator.com': fullZone() }), 'x@mailinator.com');
    expect(result).toMatchObject({ valid: true, isDisposable: true, isPersonalEmail: false });
    expect(result.reasons).toEqual(['Disposable email domain']);
  });

  it('flags forwarding services and plus addressing', async () => {
    const result = await verifyAddress(fakeDns({ 'abc12.mozmail.com': fullZone() }), 'shop+promo@abc12.mozmail.com');
    expect(result).toMatchObject({ valid: true, isAlias: true, isPlusAddressed: true, isDisposable: false });
    expect(result.reasons).toEqual(['Email forwarding (alias) service']);
  });
});
