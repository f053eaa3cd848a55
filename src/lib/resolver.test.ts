// Invariant: a DNS lookup never throws; every outcome is a typed result, answers (including NXDOMAIN
// and NODATA) are served from a bounded TTL cache, transient failures are never cached, and names
// that cannot exist are refused without touching the network.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from '../../test/servers/dns-server.ts';
import { manualClock } from './clock.ts';
import { createResolver, type ResolverOptions } from './resolver.ts';

describe('createResolver', () => {
  let dns: DnsServer;
  const make = (opts: ResolverOptions = {}) =>
    createResolver({ servers: [dns.server], timeoutMs: 300, tries: 1, ...opts });
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterEach(() => dns.clear());
  afterAll(() => dns.close());

  it('returns records for every supported type', async () => {
    const dkim = `v=DKIM1; k=rsa; p=${'B'.repeat(400)}`;
    dns.set('acme.test', 'MX', [
      { priority: 20, exchange: 'mx2.acme.test' },
      { priority: 10, exchange: 'mx1.acme.test' },
    ]);
    dns.set('acme.test', 'A', ['192.0.2.10']);
    dns.set('acme.test', 'AAAA', ['2001:db8::10']);
    dns.set('acme.test', 'TXT', ['v=spf1 include:mailwright.test -all', dkim]);
    dns.set('acme.test', 'NS', ['ns1.acme.test']);
    dns.set('acme.test', 'SOA', [{ mname: 'ns1.acme.test', rname: 'hostmaster.acme.test', serial: 3 }]);
    const r = make();
    expect(await r.mx('acme.test')).toEqual({
      ok: true,
      records: [
        { priority: 10, exchange: 'mx1.acme.test' },
        { priority: 20, exchange: 'mx2.acme.test' },
      ],
    });
    expect(await r.a('acme.test')).toEqual({ ok: true, records: ['192.0.2.10'] });
    expect(await r.aaaa('acme.test')).toEqual({ ok: true, records: ['2001:db8::10'] });
    const txt = await r.txt('acme.test');
    expect(txt.ok && [...txt.records].sort()).toEqual(['v=spf1 include:mailwright.test -all', dkim].sort());
    expect(await r.ns('acme.test')).toEqual({ ok: true, records: ['ns1.acme.test'] });
    expect(await r.soa('acme.test')).toMatchObject({ ok: true, records: [{ nsname: 'ns1.acme.test', serial: 3 }] });
  });

  it('tells NXDOMAIN from NODATA', async () => {
    dns.set('only-a.test', 'A', ['192.0.2.11']);
    const r = make();
    expect(await r.mx('missing.test')).toMatchObject({ ok: false, reason: 'NXDOMAIN' });
    expect(await r.mx('only-a.test')).toMatchObject({ ok: false, reason: 'NODATA' });
  });

  it('reports TIMEOUT, SERVFAIL and REFUSED as values', async () => {
    dns.hang('slow.test');
    dns.fail('broken.test', 'SERVFAIL');
    dns.fail('closed.test', 'REFUSED');
    const r = make();
    const timeout = await r.mx('slow.test');
    expect(timeout).toMatchObject({ ok: false, reason: 'TIMEOUT' });
    expect(!timeout.ok && timeout.message).toContain('slow.test');
    expect(await r.mx('broken.test')).toMatchObject({ ok: false, reason: 'SERVFAIL' });
    expect(await r.mx('closed.test')).toMatchObject({ ok: false, reason: 'REFUSED' });
  });

  it('answers a repeated lookup from the cache, whatever the case or trailing dot', async () => {
    dns.set('cached.test', 'MX', [{ priority: 10, exchange: 'mx.cached.test' }]);
    const r = make();
    const first = await r.mx('cached.test');
    expect(await r.mx('Cached.TEST.')).toEqual(first);
    expect(dns.queries).toHaveLength(1);
  });

  it('caches NXDOMAIN too', async () => {
    const r = make();
    await r.a('nowhere.test');
    expect(await r.a('nowhere.test')).toMatchObject({ ok: false, reason: 'NXDOMAIN' });
    expect(dns.queries).toHaveLength(1);
  });

  it('queries every time when caching is off (so the cache tests prove something)', async () => {
    dns.set('fresh.test', 'A', ['192.0.2.12']);
    const r = make({ cacheTtlMs: 0 });
    await r.a('fresh.test');
    await r.a('fresh.test');
    expect(dns.queries).toHaveLength(2);
  });

  it('does not cache a timeout or a SERVFAIL', async () => {
    dns.hang('flaky.test');
    dns.fail('wobbly.test', 'SERVFAIL');
    const r = make();
    expect(await r.a('flaky.test')).toMatchObject({ reason: 'TIMEOUT' });
    expect(await r.a('wobbly.test')).toMatchObject({ reason: 'SERVFAIL' });
    dns.remove('flaky.test');
    dns.remove('wobbly.test');
    dns.set('flaky.test', 'A', ['192.0.2.13']);
    dns.set('wobbly.test', 'A', ['192.0.2.14']);
    expect(await r.a('flaky.test')).toEqual({ ok: true, records: ['192.0.2.13'] });
    expect(await r.a('wobbly.test')).toEqual({ ok: true, records: ['192.0.2.14'] });
  });

  it('queries again once the cache entry expires or the cache is cleared', async () => {
    dns.set('ttl.test', 'A', ['192.0.2.15']);
    const clock = manualClock();
    const r = make({ cacheTtlMs: 1000, clock });
    await r.a('ttl.test');
    clock.advance(999);
    await r.a('ttl.test');
    expect(dns.queries).toHaveLength(1);
    clock.advance(1);
    await r.a('ttl.test');
    expect(dns.queries).toHaveLength(2);
    r.clearCache();
    await r.a('ttl.test');
    expect(dns.queries).toHaveLength(3);
  });

  it('evicts the least recently used entry beyond cacheMax', async () => {
    for (const n of ['one', 'two', 'three']) dns.set(`${n}.test`, 'A', ['192.0.2.16']);
    const r = make({ cacheMax: 2 });
    await r.a('one.test');
    await r.a('two.test');
    await r.a('one.test'); // hit: two.test is now the least recently used
    await r.a('three.test');
    expect(dns.queries).toHaveLength(3);
    await r.a('one.test');
    expect(dns.queries).toHaveLength(3);
    await r.a('two.test');
    expect(dns.queries).toHaveLength(4);
  });

  it('shares one query between concurrent identical lookups', async () => {
    dns.set('busy.test', 'MX', [{ priority: 1, exchange: 'mx.busy.test' }]);
    const r = make();
    const results = await Promise.all([r.mx('busy.test'), r.mx('busy.test'), r.mx('BUSY.test')]);
    expect(results.every((res) => res.ok)).toBe(true);
    expect(dns.queries).toHaveLength(1);
  });

  it('hands out copies, so a caller cannot corrupt the cache', async () => {
    dns.set('copy.test', 'MX', [{ priority: 1, exchange: 'mx.copy.test' }]);
    const r = make();
    const first = await r.mx('copy.test');
    if (first.ok) first.records[0]!.exchange = 'evil.test';
    expect(await r.mx('copy.test')).toEqual({ ok: true, records: [{ priority: 1, exchange: 'mx.copy.test' }] });
  });

  it('refuses impossible names without sending a query', async () => {
    const r = make();
    const label63 = 'a'.repeat(63);
    const tooLong = [label63, label63, label63, label63].join('.'); // 255 characters
    expect(await r.a(tooLong)).toMatchObject({ ok: false, reason: 'ERROR' });
    expect(await r.a(`${'b'.repeat(64)}.test`)).toMatchObject({ ok: false, reason: 'ERROR' });
    expect(await r.a('double..dot.test')).toMatchObject({ ok: false, reason: 'ERROR' });
    expect(await r.a('')).toMatchObject({ ok: false, reason: 'ERROR' });
    expect(dns.queries).toHaveLength(0);
    const longest = [label63, label63, label63, 'c'.repeat(61)].join('.'); // exactly 253
    expect(await r.a(longest)).toMatchObject({ ok: false, reason: 'NXDOMAIN' });
    expect(dns.queries).toHaveLength(1);
  });

  it('maps an unreachable server to a failure instead of throwing', async () => {
    const gone = await startDnsServer();
    const server = gone.server;
    await gone.close();
    const r = createResolver({ servers: [server], timeoutMs: 200, tries: 1 });
    const result = await r.a('acme.test');
    expect(result.ok).toBe(false);
    expect(['TIMEOUT', 'ERROR']).toContain(!result.ok && result.reason);
  });
});
