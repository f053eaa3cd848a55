/** The DNS side of domain verification: which records a domain needs, and whether DNS publishes them. */
import type { Config } from '../config.ts';
import type { DnsResolver } from '../lib/resolver.ts';
import { buildDomainRecords, type DomainRecord, matchRecord, type RecordPurpose } from './records.ts';

export interface CheckResult {
  purpose: RecordPurpose;
  name: string;
  ok: boolean;
  reason?: string;
}

/** DMARC is a recommendation; the others must all be published for the domain to count as verified. */
const REQUIRED: ReadonlySet<RecordPurpose> = new Set(['DKIM', 'SPF', 'RETURN_PATH']);

/** The records a domain must publish under the current configuration. */
export function expectedRecords(
  config: Pick<Config, 'spfInclude' | 'returnPath'>,
  row: { domain: string; dkimSelector: string; dkimPublicKey: string },
): DomainRecord[] {
  const base = {
    domain: row.domain,
    selector: row.dkimSelector,
    dkimPublicKeyPem: row.dkimPublicKey,
    spfInclude: config.spfInclude,
  };
  const rp = config.returnPath;
  return buildDomainRecords(rp ? { ...base, returnPathHost: rp.host, returnPathMx: rp.mx } : base);
}

/** Looks every record up (in parallel) and matches it; a DNS failure is a failed record with its reason. */
export async function checkDomainRecords(
  dns: DnsResolver,
  records: DomainRecord[],
): Promise<{ verified: boolean; results: CheckResult[] }> {
  const results = await Promise.all(records.map((r) => checkOne(dns, r)));
  const verified = results.every((r) => r.ok || !REQUIRED.has(r.purpose));
  return { verified, results };
}

async function checkOne(dns: DnsResolver, record: DomainRecord): Promise<CheckResult> {
  const base = { purpose: record.purpose, name: record.name };
  const published = await lookup(dns, record);
  if (!published.ok) return { ...base, ok: false, reason: published.reason };
  const match = matchRecord(record, published.values);
  return match.ok ? { ...base, ok: true } : { ...base, ok: false, reason: match.reason };
}

async function lookup(
  dns: DnsResolver,
  record: DomainRecord,
): Promise<{ ok: true; values: string[] } | { ok: false; reason: string }> {
  if (record.type === 'MX') {
    const r = await dns.mx(record.name);
    if (r.ok) return { ok: true, values: r.records.map((m) => m.exchange) };
    return r.reason === 'NXDOMAIN' || r.reason === 'NODATA'
      ? { ok: false, reason: `No MX record at ${record.name}` }
      : { ok: false, reason: `DNS lookup failed for ${record.name} (${r.reason})` };
  }
  const r = await dns.txt(record.name);
  if (r.ok) return { ok: true, values: r.records };
  if (r.reason === 'NXDOMAIN' || r.reason === 'NODATA') return { ok: true, values: [] };
  return { ok: false, reason: `DNS lookup failed for ${record.name} (${r.reason})` };
}
