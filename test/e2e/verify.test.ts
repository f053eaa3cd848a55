// Invariant: POST /v1/verify answers every contract field from real DNS queries (a loopback DNS
// server here); DNS trouble shows up in `reasons`, never as an error status or a false `valid`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';

const FIELDS = [
  'email',
  'valid',
  'isDisposable',
  'isAlias',
  'isTypo',
  'isPlusAddressed',
  'isPersonalEmail',
  'domainExists',
  'hasWebsite',
  'hasMxRecords',
  'reasons',
];

describe.each(DIALECTS)('POST /v1/verify on %s', (dialect) => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    const soa = {
      mname: 'ns1.test',
      rname: 'hostmaster.test',
      serial: 1,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: 60,
    };
    dns.set('gmail.com', 'MX', [{ priority: 5, exchange: 'gmail-smtp-in.l.google.com' }]);
    dns.set('gmail.com', 'A', ['142.250.0.1']);
    dns.set('acme-corp.test', 'MX', [{ priority: 10, exchange: 'mx.acme-corp.test' }]);
    dns.set('acme-corp.test', 'A', ['192.0.2.10']);
    dns.set('a-only.test', 'A', ['192.0.2.20']);
    dns.set('ns-only.test', 'NS', ['ns1.test']);
    dns.set('ns-only.test', 'SOA', [soa]);
    dns.set('mailinator.com', 'MX', [{ priority: 10, exchange: 'mail.mailinator.com' }]);
    dns.set('privaterelay.appleid.com', 'MX', [{ priority: 10, exchange: 'mx01.mail.icloud.com' }]);
    dns.hang('slow.test');
  });
  afterAll(async () => dns.close());
  const t = useTestEnv({ dialect, env: () => ({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '200' }) });

  const check = async (email: string, auth?: string) => {
    const p = auth ? undefined : await t.make.project();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/verify',
      headers: { authorization: auth ?? p!.auth },
      payload: { email },
    });
    return res;
  };
  const data = async (email: string) => {
    const res = await check(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  };

  it('answers every contract field for a good business address', async () => {
    const d = await data('Jane.Doe@Acme-Corp.test');
    for (const f of FIELDS) expect(d).toHaveProperty(f);
    expect(d).toMatchObject({
      email: 'jane.doe@acme-corp.test',
      valid: true,
      domainExists: true,
      hasMxRecords: true,
      hasWebsite: true,
      isDisposable: false,
      isAlias: false,
      isPersonalEmail: false,
      isPlusAddressed: false,
      isTypo: false,
    });
  });

  it('flags personal, plus-addressed, disposable and alias addresses', async () => {
    expect(await data('jane+news@gmail.com')).toMatchObject({
      valid: true,
      isPersonalEmail: true,
      isPlusAddressed: true,
    });
    const disposable = await data('x@mailinator.com');
    expect(disposable).toMatchObject({ isDisposable: true });
    expect(disposable.reasons).toContain('Disposable email domain');
    expect(await data('abc@privaterelay.appleid.com')).toMatchObject({ isAlias: true });
  });

  it('suggests the likely intended domain for a typo', async () => {
    const d = await data('jane@gmial.com');
    expect(d).toMatchObject({ isTypo: true, suggestedEmail: 'jane@gmail.com' });
    expect(d.reasons).toContain('Possible typo detected, did you mean gmail.com?');
  });

  it('marks a nonexistent domain invalid', async () => {
    const d = await data('someone@no-such-domain.test');
    expect(d).toMatchObject({ valid: false, domainExists: false, hasMxRecords: false, hasWebsite: false });
    expect(d.reasons).toContain('Domain does not exist');
  });

  it('falls back to the A record when there is no MX', async () => {
    const d = await data('someone@a-only.test');
    expect(d).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false, hasWebsite: true });
    expect(d.reasons.join(' ')).toMatch(/fall back to the A record/);
  });

  it('marks a domain with neither MX nor A/AAAA as unable to receive mail', async () => {
    const d = await data('someone@ns-only.test');
    expect(d).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false, hasWebsite: false });
    expect(d.reasons).toContain('Domain cannot receive email');
  });

  it('reports a DNS timeout in reasons without calling the address invalid', async () => {
    const d = await data('someone@slow.test');
    expect(d.valid).toBe(true);
    expect(d.reasons.join(' ')).toMatch(/timed out/);
  });

  it('answers quickly and calmly for 1,000 characters of garbage', async () => {
    const garbage = `${'a'.repeat(400)}@${'(b'.repeat(300)}`.slice(0, 1000);
    const d = await data(garbage);
    expect(d.valid).toBe(false);
    expect(d.reasons[0]).toBe('Invalid email format');
    expect(dns.queries.some((q) => q.name.includes('(b'))).toBe(false);
  });

  it('rejects a missing email with 422 and keys other than sk with 401/403', async () => {
    const p = await t.make.project();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/verify',
      headers: { authorization: p.auth },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.errors[0]).toMatchObject({ field: 'email', code: 'REQUIRED' });
    expect((await check('a@gmail.com', `Bearer ${p.publicKey}`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/verify', payload: { email: 'a@gmail.com' } })).statusCode,
    ).toBe(401);
  });
});
