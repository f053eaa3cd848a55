// Invariant: a domain is VERIFIED only while real DNS (a loopback server here) publishes exactly the
// records it was given; it flips back to PENDING when they go, and every route stays inside its project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivity } from '../../src/activity/activity.repo.ts';
import { enqueueDomainRechecks } from '../../src/domains/domains.jobs.ts';
import { assertVerifiedSender, dkimSignerFor, ownershipToken } from '../../src/domains/domains.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';

type Rec = { type: string; name: string; value: string; purpose: string; verified: boolean; reason?: string };

describe.each(DIALECTS)('sending domains on %s', (dialect) => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(async () => dns.close());
  const t = useTestEnv({
    dialect,
    env: () => ({
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '300',
      SPF_INCLUDE: 'spf.mailwright.test',
      REQUIRE_VERIFIED_DOMAIN: 'true',
    }),
  });

  const add = (auth: string, domain: string) =>
    t.app.inject({ method: 'POST', url: '/domains', headers: { authorization: auth }, payload: { domain } });
  const verify = (auth: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/domains/${id}/verify`, headers: { authorization: auth } });
  const publish = (records: Rec[], skip: string[] = []) => {
    for (const r of records) if (r.type === 'TXT' && !skip.includes(r.purpose)) dns.set(r.name, 'TXT', [r.value]);
  };

  it('adds a domain with DKIM, SPF and DMARC records to publish, pending until checked', async () => {
    const p = await t.make.project();
    const res = await add(p.auth, '  Example-One.TEST. ');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ domain: 'example-one.test', verified: false, status: 'PENDING', projectId: p.id });
    const purposes = body.records.map((r: Rec) => r.purpose).sort();
    expect(purposes).toEqual(['DKIM', 'DMARC', 'SPF']);
    const dkim = body.records.find((r: Rec) => r.purpose === 'DKIM');
    expect(dkim.name).toMatch(/^[a-z0-9]+\._domainkey\.example-one\.test$/);
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(body.records.find((r: Rec) => r.purpose === 'SPF').value).toContain('include:spf.mailwright.test');
    expect(JSON.stringify(body)).not.toContain('PRIVATE KEY');
  });

  it('verifies only with the exact values, and flips back to pending when they disappear', async () => {
    const p = await t.make.project();
    const { id, records } = (await add(p.auth, 'flip.test')).json();

    const wrong = records.map((r: Rec) =>
      r.purpose === 'DKIM' ? { ...r, value: r.value.replace(/p=.{8}/, 'p=AAAAAAAA') } : r,
    );
    publish(wrong);
    let res = (await verify(p.auth, id)).json();
    expect(res.verified).toBe(false);
    expect(res.records.find((r: Rec) => r.purpose === 'DKIM')).toMatchObject({ verified: false });
    expect(res.records.find((r: Rec) => r.purpose === 'SPF')).toMatchObject({ verified: true });

    publish(records);
    res = (await verify(p.auth, id)).json();
    expect(res).toMatchObject({ verified: true, status: 'VERIFIED' });
    expect(res.verifiedAt).toEqual(expect.any(String));

    // Records removed: the background recheck (job fan-out, drained) moves it back and logs it.
    dns.remove(records.find((r: Rec) => r.purpose === 'DKIM').name);
    t.deps.dns.clearCache();
    expect(await enqueueDomainRechecks(t.deps)).toBeGreaterThan(0);
    await t.deps.jobs.drain();
    const list = (await t.app.inject({ url: `/domains/project/${p.id}`, headers: { authorization: p.auth } })).json();
    expect(list.find((d: { id: string }) => d.id === id)).toMatchObject({ verified: false, status: 'PENDING' });
    const activity = await listActivity(t.deps.db, p.id, 10);
    expect(activity.map((a) => a.type)).toEqual(['domain.unverified', 'domain.verified']);
  });

  it('does not need DMARC, but does need SPF', async () => {
    const p = await t.make.project();
    const { id, records } = (await add(p.auth, 'nodmarc.test')).json();
    publish(records, ['DMARC', 'SPF']);
    expect((await verify(p.auth, id)).json().verified).toBe(false);
    publish(records, ['DMARC']);
    expect((await verify(p.auth, id)).json().verified).toBe(true);
  });

  it('reports a DNS timeout as a failed record, not an error', async () => {
    const p = await t.make.project();
    const { id, records } = (await add(p.auth, 'slow.test')).json();
    for (const r of records) dns.hang(r.name);
    const res = await verify(p.auth, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().verified).toBe(false);
    expect(res.json().records[0].reason).toMatch(/TIMEOUT/);
  });

  it('refuses bad names with 422 and duplicates with 409, changing nothing', async () => {
    const p = await t.make.project();
    for (const domain of ['localhost', '127.0.0.1', 'a..b', 'x'.repeat(300), '-bad-.test']) {
      const res = await add(p.auth, domain);
      expect(res.statusCode, domain).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await add(p.auth, 'dup.test')).statusCode).toBe(201);
    expect((await add(p.auth, 'DUP.test')).statusCode).toBe(409);
    const list = (await t.app.inject({ url: `/domains/project/${p.id}`, headers: { authorization: p.auth } })).json();
    expect(list.map((d: { domain: string }) => d.domain)).toEqual(['dup.test']);
  });

  it('keeps a domain verified by one project from another unless DNS proves ownership anew', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const { id, records } = (await add(a.auth, 'owned.test')).json();
    publish(records);
    expect((await verify(a.auth, id)).json().verified).toBe(true);

    const refused = await add(b.auth, 'owned.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('_mailwright-challenge.owned.test');
    dns.set('_mailwright-challenge.owned.test', 'TXT', [ownershipToken(t.deps, b.id, 'owned.test')]);
    expect((await add(b.auth, 'owned.test')).statusCode).toBe(201);
  });

  it('isolates projects: other ids are 404 and another project list is 403', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const { id } = (await add(a.auth, 'mine.test')).json();
    expect((await verify(b.auth, id)).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/domains/${id}`, headers: { authorization: b.auth } });
    expect(del.statusCode).toBe(404);
    const list = await t.app.inject({ url: `/domains/project/${a.id}`, headers: { authorization: b.auth } });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('FORBIDDEN');
    const mine = await t.app.inject({ method: 'DELETE', url: `/domains/${id}`, headers: { authorization: a.auth } });
    expect(mine.statusCode).toBe(204);
    expect((await verify(a.auth, id)).statusCode).toBe(404);
  });

  it('accepts only senders on a verified domain (or its subdomains) and signs with that domain key', async () => {
    const p = await t.make.project();
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@sender.test')).rejects.toMatchObject({
      statusCode: 403,
      code: 'UNVERIFIED_DOMAIN',
    });
    const { id, records } = (await add(p.auth, 'sender.test')).json();
    publish(records);
    await verify(p.auth, id);
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@sender.test')).resolves.toBeUndefined();
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@news.sender.test')).resolves.toBeUndefined();
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@othersender.test')).rejects.toMatchObject({ statusCode: 403 });
    const other = await t.make.project();
    await expect(assertVerifiedSender(t.deps, other.id, 'hi@sender.test')).rejects.toMatchObject({ statusCode: 403 });

    const signer = await dkimSignerFor(t.deps, p.id, 'hi@sender.test');
    expect(signer?.domainName).toBe('sender.test');
    expect(signer?.privateKey).toContain('BEGIN PRIVATE KEY');
    expect(records.find((r: Rec) => r.purpose === 'DKIM').name).toBe(`${signer?.keySelector}._domainkey.sender.test`);
  });

  // The sender check answers from memory once a project has a verified domain (domains/verified-cache.ts).
  it('stops passing a sender the moment its domain is unverified or deleted, and passes a newly verified one', async () => {
    const p = await t.make.project();
    const first = (await add(p.auth, 'kept-a.test')).json();
    const second = (await add(p.auth, 'kept-b.test')).json();
    publish(first.records);
    await verify(p.auth, first.id);
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@kept-a.test')).resolves.toBeUndefined();
    // Verified while the project's domains are held: found, not refused from memory.
    publish(second.records);
    await verify(p.auth, second.id);
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@kept-b.test')).resolves.toBeUndefined();

    for (const r of first.records as Rec[]) if (r.type === 'TXT') dns.set(r.name, 'TXT', []);
    expect((await verify(p.auth, first.id)).json().status).toBe('PENDING');
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@kept-a.test')).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@kept-b.test')).resolves.toBeUndefined();

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/domains/${second.id}`,
      headers: { authorization: p.auth },
    });
    expect(del.statusCode).toBe(204);
    await expect(assertVerifiedSender(t.deps, p.id, 'hi@kept-b.test')).rejects.toMatchObject({ statusCode: 403 });
    expect(await dkimSignerFor(t.deps, p.id, 'hi@kept-b.test')).toBeUndefined();
  });
});
