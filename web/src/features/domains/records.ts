/** How DNS records read to people: hosts relative to the domain, and what each record is for. */
import { msg } from '../../i18n/msg.ts';
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

/**
 * What each record is for, as English messages the screen translates (`t(purpose.help)`). A label
 * is the record's name: DKIM, SPF and DMARC stay as they are in every language.
 */
export const PURPOSE_TEXT: Record<DomainRecord['purpose'], { label: string; help: string; required: boolean }> = {
  DKIM: { label: msg('DKIM'), help: msg('Signs your mail so inboxes know it really comes from you.'), required: true },
  SPF: { label: msg('SPF'), help: msg('Allows this server to send for your domain.'), required: true },
  DMARC: {
    label: msg('DMARC'),
    help: msg('Tells inboxes what to do with mail that fails the checks.'),
    required: false,
  },
  RETURN_PATH: {
    label: msg('Return path'),
    help: msg('Routes bounces back to us so we can track them.'),
    required: false,
  },
};

/** Records found at the last check, out of those that count for verification. */
export function recordProgress(records: DomainRecord[]): { found: number; total: number } {
  return { found: records.filter((r) => r.verified).length, total: records.length };
}
