// Invariant: the records we ask a user to publish are the ones that make DKIM, SPF and DMARC pass for our mail,
// and matchRecord accepts exactly the published values that satisfy them (same DKIM key, one SPF record with our
// mechanism).
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDomainRecords, type DomainRecord, matchRecord, validateDomainName } from './records.ts';

const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const PKCS1_PEM = publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();

function recordOf(records: DomainRecord[], purpose: DomainRecord['purpose'], type = 'TXT'): DomainRecord {
  const found = records.find((r) => r.purpose === purpose && r.type === type);
  if (!found) throw new Error(`no ${purpose} ${type} record`);
  return found;
}

function pOf(value: string): string {
  return value
    .split(';')
    .map((t) => t.trim())
    .find((t) => t.startsWith('p='))!
    .slice(2);
}

describe('buildDomainRecords', () => {
  const records = buildDomainRecords({ domain: 'Example.com', selector: 'mw202611abcdef', dkimPublicKeyPem: PEM });

  it('publishes the DKIM key at <selector>._domainkey and its p= round-trips to the same public key', () => {
    const dkim = recordOf(records, 'DKIM');
    expect(dkim.name).toBe('mw202611abcdef._domainkey.example.com');
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    expect(dkim.value).not.toContain('BEGIN');
    const key = createPublicKey({ key: Buffer.from(pOf(dkim.value), 'base64'), format: 'der', type: 'spki' });
    expect(key.export({ type: 'spki', format: 'pem' })).toBe(PEM);
  });

  it('accepts a PKCS#1 public key and still publishes the SPKI form', () => {
    const fromPkcs1 = buildDomainRecords({ domain: 'example.com', selector: 's', dkimPublicKeyPem: PKCS1_PEM });
    expect(recordOf(fromPkcs1, 'DKIM').value).toBe(recordOf(records, 'DKIM').value);
  });

  it('puts SPF and the DMARC recommendation on the domain when there is no return path', () => {
    expect(records.map((r) => [r.purpose, r.type, r.name])).toEqual([
      ['DKIM', 'TXT', 'mw202611abcdef._domainkey.example.com'],
      ['SPF', 'TXT', 'example.com'],
      ['DMARC', 'TXT', '_dmarc.example.com'],
    ]);
    expect(recordOf(records, 'SPF').value).toBe('v=spf1 mx ~all');
    expect(recordOf(records, 'DMARC').value).toMatch(/^v=DMARC1; p=none;/);
  });

  it('includes the relay in SPF when one is configured', () => {
    const withRelay = buildDomainRecords({
      domain: 'example.com',
      selector: 's',
      dkimPublicKeyPem: PEM,
      spfInclude: 'amazonses.com',
    });
    expect(recordOf(withRelay, 'SPF').value).toBe('v=spf1 include:amazonses.com ~all');
  });

  it('moves SPF to the return-path host and adds its MX when a return path is configured', () => {
    const withReturnPath = buildDomainRecords({
      domain: 'example.com',
      selector: 's',
      dkimPublicKeyPem: PEM,
      spfInclude: 'amazonses.com',
      returnPathHost: 'bounces',
      returnPathMx: 'Inbound.Mailwright.example',
    });
    expect(withReturnPath.map((r) => [r.purpose, r.type, r.name, r.value])).toEqual([
      ['DKIM', 'TXT', 's._domainkey.example.com', recordOf(withReturnPath, 'DKIM').value],
      ['RETURN_PATH', 'MX', 'bounces.example.com', '10 inbound.mailwright.example'],
      ['SPF', 'TXT', 'bounces.example.com', 'v=spf1 include:amazonses.com ~all'],
      ['DMARC', 'TXT', '_dmarc.example.com', 'v=DMARC1; p=none; adkim=r; aspf=r'],
    ]);
  });

  it('accepts a fully qualified return-path host as is', () => {
    const r = buildDomainRecords({
      domain: 'example.com',
      selector: 's',
      dkimPublicKeyPem: PEM,
      returnPathHost: 'mail.example.com.',
      returnPathMx: 'mx.mailwright.example',
    });
    expect(recordOf(r, 'RETURN_PATH', 'MX').name).toBe('mail.example.com');
  });
});

describe('matchRecord', () => {
  const records = buildDomainRecords({
    domain: 'example.com',
    selector: 's1',
    dkimPublicKeyPem: PEM,
    spfInclude: 'spf.mailwright.example',
    returnPathHost: 'bounces',
    returnPathMx: 'mx.mailwright.example',
  });
  const dkim = recordOf(records, 'DKIM');
  const spf = recordOf(records, 'SPF');
  const dmarc = recordOf(records, 'DMARC');
  const mx = recordOf(records, 'RETURN_PATH', 'MX');
  const p = pOf(dkim.value);

  it('accepts the DKIM record as published, with tags reordered and whitespace inside the key', () => {
    expect(matchRecord(dkim, [dkim.value])).toEqual({ ok: true });
    const split = `p=${p.slice(0, 200)} ${p.slice(200)} ; k = rsa;v=DKIM1;`;
    expect(matchRecord(dkim, ['unrelated', split])).toEqual({ ok: true });
    expect(matchRecord(dkim, [`p=${p}`])).toEqual({ ok: true });
  });

  it('refuses a DKIM record with another key, a truncated key, a duplicate tag or none at all', () => {
    const { publicKey: other } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherPem = other.export({ type: 'spki', format: 'pem' }).toString();
    const otherValue = recordOf(
      buildDomainRecords({ domain: 'x.com', selector: 's', dkimPublicKeyPem: otherPem }),
      'DKIM',
    );
    expect(matchRecord(dkim, [otherValue.value])).toMatchObject({ ok: false });
    expect(matchRecord(dkim, [`v=DKIM1; k=rsa; p=${p.slice(0, -4)}`])).toMatchObject({ ok: false });
    expect(matchRecord(dkim, [`v=DKIM1; p=${p}; p=${p}`])).toMatchObject({ ok: false });
    expect(matchRecord(dkim, [`v=DKIM1; k=ed25519; p=${p}`])).toMatchObject({ ok: false });
    expect(matchRecord(dkim, [])).toEqual({ ok: false, reason: 'No DKIM record found at s1._domainkey.example.com' });
  });

  it('accepts one SPF record that carries our mechanism among others', () => {
    expect(matchRecord(spf, [spf.value])).toEqual({ ok: true });
    const merged = 'v=spf1 include:_spf.google.com +include:SPF.mailwright.example -all';
    expect(matchRecord(spf, ['google-site-verification=abc', merged])).toEqual({ ok: true });
  });

  it('refuses SPF when the mechanism is missing, the record is absent, or there are two SPF records', () => {
    expect(matchRecord(spf, ['v=spf1 include:_spf.google.com ~all'])).toEqual({
      ok: false,
      reason: 'SPF record at bounces.example.com does not include include:spf.mailwright.example',
    });
    expect(matchRecord(spf, ['v=spf10 include:spf.mailwright.example ~all'])).toMatchObject({ ok: false });
    expect(matchRecord(spf, ['other txt'])).toEqual({
      ok: false,
      reason: 'No SPF record found at bounces.example.com',
    });
    expect(matchRecord(spf, [spf.value, 'v=spf1 include:_spf.google.com ~all'])).toEqual({
      ok: false,
      reason: 'Multiple SPF records found at bounces.example.com; merge them into one',
    });
  });

  it('accepts any single DMARC record and refuses none or two', () => {
    expect(matchRecord(dmarc, ['v=DMARC1; p=reject; rua=mailto:d@example.com'])).toEqual({ ok: true });
    expect(matchRecord(dmarc, ['v=DMARC1'])).toEqual({ ok: true });
    expect(matchRecord(dmarc, ['v=spf1 -all'])).toMatchObject({ ok: false });
    expect(matchRecord(dmarc, ['v=DMARC1; p=none', 'v=DMARC1; p=reject'])).toMatchObject({ ok: false });
  });

  it('matches the return-path MX by exchange host, ignoring case and a trailing dot', () => {
    expect(matchRecord(mx, ['MX.Mailwright.example.'])).toEqual({ ok: true });
    expect(matchRecord(mx, ['10 mx.mailwright.example'])).toEqual({ ok: true });
    expect(matchRecord(mx, ['mx.other.example'])).toMatchObject({ ok: false });
  });
});

describe('validateDomainName', () => {
  it.each([
    ['Example.COM', 'example.com'],
    [' mail.example.co.uk. ', 'mail.example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
  ])('normalises %s to %s', (input, domain) => {
    expect(validateDomainName(input)).toEqual({ ok: true, domain });
  });

  it.each([
    '',
    'localhost',
    'example',
    '1.2.3.4',
    '::1',
    '[127.0.0.1]',
    'exa mple.com',
    'exa_mple.com',
    '-example.com',
    'example-.com',
    'example..com',
    'example.com..',
    'example.123',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(130)}com`,
    'x'.repeat(100_000),
  ])('rejects %s', (input) => {
    const result = validateDomainName(input);
    expect(result.ok).toBe(false);
  });

  it('names IP addresses as such', () => {
    expect(validateDomainName('192.0.2.1')).toEqual({ ok: false, reason: 'An IP address is not a domain' });
  });
});
