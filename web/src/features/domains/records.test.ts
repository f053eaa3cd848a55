import { describe, expect, it } from 'vitest';
import type { DomainRecord } from '../../queries/domains.ts';
import { recordProgress, relativeHost } from './records.ts';

describe('DNS record display', () => {
  it('gives the host relative to the domain, @ for the domain itself', () => {
    expect(relativeHost('mw1._domainkey.acme.test', 'acme.test')).toBe('mw1._domainkey');
    expect(relativeHost('_dmarc.Acme.test.', 'acme.test')).toBe('_dmarc');
    expect(relativeHost('acme.test', 'acme.test')).toBe('@');
    expect(relativeHost('bounce.other.test', 'acme.test')).toBe('bounce.other.test');
    expect(relativeHost('notacme.test', 'acme.test')).toBe('notacme.test');
  });

  it('counts the records found at the last check', () => {
    const rec = (verified: boolean): DomainRecord => ({ type: 'TXT', name: 'x', value: 'y', purpose: 'SPF', verified });
    expect(recordProgress([rec(true), rec(false), rec(true)])).toEqual({ found: 2, total: 3 });
  });
});
