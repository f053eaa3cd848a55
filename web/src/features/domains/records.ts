/** How DNS records read to people: hosts relative to the domain, and what each record is for. */
import type { DomainRecord } from '../../queries/domains.ts';

/**
 * The host as most DNS providers ask for it: the name without the domain (`mw1._domainkey`), or `@`
 * for the domain itself. A name outside the domain is returned whole.
 */
export function relativeHost(name: string, domain: string): string {
  const n = name.replace(/\.$/, '').toLowerCase();
  const d = domain.replace(/\.$/, '').toLowerCase();
  if (n === d) return '@';
  return n.endsWith(`.${d}`) ? n.slice(0, -(d.length + 1)) : n;
}

export const PURPOSE_TEXT: Record<DomainRecord['purpose'], { label: string; help: string; required: boolean }> = {
  DKIM: { label: 'DKIM', help: 'Signs your mail so inboxes know it really comes from you.', required: true },
  SPF: { label: 'SPF', help: 'Allows this server to send for your domain.', required: true },
  DMARC: { label: 'DMARC', help: 'Tells inboxes what to do with mail that fails the checks.', required: false },
  RETURN_PATH: { label: 'Return path', help: 'Routes bounces back to us so we can track them.', required: false },
};

/** Records found at the last check, out of those that count for verification. */
export function recordProgress(records: DomainRecord[]): { found: number; total: number } {
  return { found: records.filter((r) => r.verified).length, total: records.length };
}
