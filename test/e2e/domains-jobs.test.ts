// Invariant: the background re-verification (`domain.recheck-all` fanning out one `domain.verify` per
// domain) moves each domain to what DNS says now, records each change once however often it runs, and
// skips a domain deleted before its check ran.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivity } from '../../src/activity/activity.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';

type Rec = { type: string; name: string; value: string; purpose: string };

describe.each(DIALECTS)('domain re-verification jobs on %s', (dialect) => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(async () => dns.close());
  const t = useTestEnv({ dialect, env: () => ({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '300' }) });

  const add = async (auth: string, domain: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/domains', headers: { authorization: auth }, payload: { domain } })
    ).json();
  const publish = (records: Rec[]) => {
    for (const r of records) if (r.type === 'TXT') dns.set(r.name, 'TXT', [r.value]);
  };
  const statusOf = async (auth: string, projectId: string, id: string) =>
    (await t.app.inject({ url: `/domains/project/${projectId}`, headers: { authorization: auth } }))
      .json()
      .find((d: { id: string }) => d.id === id)?.status;
  const recheckAll = async () => {
    t.deps.dns.clearCache();
    await t.deps.jobs.enqueue('domain.recheck-all', {});
    await t.deps.jobs.drain();
  };

  it('verifies a published domain, unverifies one whose records went, once each, and skips a deleted one', async () => {
    const p = await t.make.project();
    const coming = await add(p.auth, 'coming.test');
    const going = await add(p.auth, 'going.test');
    const gone = await add(p.auth, 'gone.test');
    publish([...coming.records, ...going.records]);
    await recheckAll();
    expect(await statusOf(p.auth, p.id, coming.id)).toBe('VERIFIED');
    expect(await statusOf(p.auth, p.id, going.id)).toBe('VERIFIED');

    for (const r of going.records as Rec[]) dns.remove(r.name);
    // A check queued for a domain that is deleted before it runs does nothing.
    await t.deps.jobs.enqueue('domain.verify', { domainId: gone.id });
    await t.app.inject({ method: 'DELETE', url: `/domains/${gone.id}`, headers: { authorization: p.auth } });
    await recheckAll();
    await recheckAll();
    expect(await statusOf(p.auth, p.id, coming.id)).toBe('VERIFIED');
    expect(await statusOf(p.auth, p.id, going.id)).toBe('PENDING');
    expect(await statusOf(p.auth, p.id, gone.id)).toBeUndefined();
    const activity = await listActivity(t.deps.db, p.id, 20);
    const changes = activity.map((a) => `${a.type} ${a.resourceId}`).toSorted();
    expect(changes).toEqual(
      [`domain.verified ${coming.id}`, `domain.verified ${going.id}`, `domain.unverified ${going.id}`].toSorted(),
    );
  });
});
