// Invariant: an outbound request never opens a connection to a private address, however the URL,
// its DNS answer or a redirect spells it; an exempt target gets the request intact, and every
// exchange ends within its time budget with a capped body.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundError,
  type OutboundPolicy,
  OutboundRefused,
  resolverAddresses,
  sendOutbound,
} from '../../src/lib/outbound/request.ts';
import { createResolver } from '../../src/lib/resolver.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { invalidTargets, loadSsrfZone, redirector, refusedTargets, type SsrfPorts } from './ssrf-targets.ts';

let lo1: HttpListener;
let lo2: HttpListener;
let lo6: HttpListener | undefined;
let dns: DnsServer;
let ports: SsrfPorts;
let resolve: OutboundPolicy['resolve'];
const tally = { direct: 0, redirected: 0, malformed: 0, connections: 0 };

beforeAll(async () => {
  lo1 = await startHttpListener();
  // Linux answers on all of 127/8; the second address shows a hop to another loopback host.
  lo2 = await startHttpListener({ host: '127.0.0.2' });
  lo6 = await startHttpListener({ host: '::1' }).catch(() => undefined);
  dns = await startDnsServer();
  loadSsrfZone(dns);
  resolve = resolverAddresses(createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1, cacheTtlMs: 0 }));
  ports = { p1: lo1.port, p2: lo2.port, p6: lo6?.port ?? lo1.port };
  lo1.respond(redirector);
});

afterAll(async () => {
  const refused = tally.direct + tally.redirected;
  reportFigures('SSRF sweep (refused-address list)', [
    { figure: `targets refused (${tally.direct} direct, ${tally.redirected} by redirect)`, value: refused },
    { figure: 'malformed URLs rejected', value: tally.malformed },
    { figure: 'connections made to refused addresses', value: tally.connections, goal: '0' },
  ]);
  await Promise.all([lo1?.close(), lo2?.close(), lo6?.close(), dns?.close()]);
});

const connections = () => lo1.connections + lo2.connections + (lo6?.connections ?? 0);

/**
 * Counts every TCP connect this process starts while `work` runs, whatever the address: a refused
 * 10.x or 169.254.169.254 would connect where no loopback listener sees it. Counted on the client
 * side, as the connect starts, so a guard that checked only after connecting cannot slip past.
 */
async function connectsDuring<T>(work: () => Promise<T>): Promise<{ value: T; connects: number }> {
  const original = net.Socket.prototype.connect;
  let connects = 0;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    connects++;
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  try {
    return { value: await work(), connects };
  } finally {
    net.Socket.prototype.connect = original;
  }
}

function policy(over: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return { allowedHosts: [], resolve, timeoutMs: 3000, maxResponseBytes: 64 * 1024, maxRedirects: 5, ...over };
}

/** 'refused', an OutboundError kind, or 'ok'. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (err) {
    if (err instanceof OutboundRefused) return 'refused';
    if (err instanceof OutboundError) return err.kind;
    throw err;
  }
}

const redirectVia = (to: string, status = 302) => `${lo1.url}/to?s=${status}&to=${encodeURIComponent(to)}`;

describe('sendOutbound refuses private targets without connecting', () => {
  it('refuses every spelling of a private target in the sweep, and none of them connects', async () => {
    const targets = refusedTargets(ports);
    const before = connections();
    const sweep = (urls: string[]) =>
      Promise.all(urls.map(async (url) => [url, await outcome(sendOutbound({ url }, policy()))] as const));
    const { value: results, connects: sweepConnects } = await connectsDuring(() => sweep(targets));
    const { value: malformed, connects: malformedConnects } = await connectsDuring(() => sweep(invalidTargets(ports)));
    const made = connections() - before;
    tally.direct += results.filter(([, got]) => got === 'refused').length;
    tally.malformed += malformed.filter(([, got]) => got === 'invalid').length;
    tally.connections += made;
    expect({
      notRefused: results.filter(([, got]) => got !== 'refused'),
      notInvalid: malformed.filter(([, got]) => got !== 'invalid'),
      connections: made,
      connectsStarted: sweepConnects + malformedConnects,
    }).toEqual({ notRefused: [], notInvalid: [], connections: 0, connectsStarted: 0 });
    expect(targets.length).toBeGreaterThanOrEqual(50);
    // RFC 6761: localhost never reaches DNS, where an attacker's server could answer anything.
    expect(dns.queries.filter((q) => q.name.endsWith('localhost'))).toEqual([]);
  });

  it('refuses a redirect from an exempt host to any private target, connecting only to the exempt host', async () => {
    const { p1, p2, p6 } = ports;
    const targets = [
      `http://127.0.0.2:${p2}/`,
      `http://2130706434:${p2}/`,
      `//127.0.0.2:${p2}/`,
      `http://[::ffff:127.0.0.2]:${p2}/`,
      `http://[::1]:${p6}/`,
      `http://localhost:${p1}/`,
      `http://two.test:${p2}/`,
      `http://ten.test:${p1}/`,
      `http://user@127.0.0.1:${p1}/`,
      'file:///etc/passwd',
      `gopher://127.0.0.2:${p2}/`,
    ];
    const exempt = policy({ allowedHosts: ['127.0.0.1'] });
    const others = () => connections() - lo1.connections;
    const [before1, beforeOthers] = [lo1.connections, others()];
    const results: [string, number, string][] = [];
    const { connects } = await connectsDuring(async () => {
      for (const status of [302, 307]) {
        for (const to of targets) {
          const got = await outcome(sendOutbound({ url: redirectVia(to, status), method: 'POST', body: 'x' }, exempt));
          results.push([to, status, got]);
        }
      }
    });
    tally.redirected += results.filter(([, , got]) => got === 'refused').length;
    tally.connections += others() - beforeOthers;
    expect({
      notRefused: results.filter(([, , got]) => got !== 'refused'),
      exemptHostConnections: lo1.connections - before1,
      targetConnections: others() - beforeOthers,
      // One connect per request, to the exempt host: none to a redirect's target, wherever it points.
      connectsStarted: connects,
    }).toEqual({
      notRefused: [],
      exemptHostConnections: results.length,
      targetConnections: 0,
      connectsStarted: results.length,
    });
  });

  it('stops a redirect chain longer than maxRedirects', async () => {
    const before = lo1.connections;
    const got = await outcome(
      sendOutbound({ url: `${lo1.url}/loop` }, policy({ allowedHosts: ['127.0.0.1'], maxRedirects: 3 })),
    );
    expect(got).toBe('redirects');
    expect(lo1.connections - before).toBe(4);
  });

  it('refuses a name answering one public and one private address, whichever comes first', async () => {
    for (const name of ['mixed.test', 'mixed6.test']) {
      const { value: err, connects } = await connectsDuring(() =>
        sendOutbound({ url: `http://${name}:${ports.p1}/` }, policy()).catch((e) => e),
      );
      expect(err).toBeInstanceOf(OutboundRefused);
      expect(err.reason).toMatch(/resolves to (127\.0\.0\.1|::1)/);
      expect(connects).toBe(0);
    }
  });

  it('refuses headers that would split the request before connecting', async () => {
    const before = connections();
    const exempt = policy({ allowedHosts: ['127.0.0.1'] });
    const splitting: Record<string, string>[] = [{ 'x-a': 'v\r\nInjected: 1' }, { 'x-a': 'v\nx' }, { 'x-a': 'v\0' }];
    for (const headers of [...splitting, { 'x a': 'v' }]) {
      expect(await outcome(sendOutbound({ url: lo1.url, headers }, exempt))).toBe('invalid');
    }
    expect(connections() - before).toBe(0);
  });

  it('fails with network, not a refusal, for a name without addresses or an address without a route', async () => {
    expect(await outcome(sendOutbound({ url: `http://nowhere.test:${ports.p1}/` }, policy()))).toBe('network');
    // Exempted on purpose: connect() fails at once for multicast, which must be an error, not a crash.
    const unroutable = policy({ allowedHosts: ['224.0.0.0/4'] });
    for (const url of [`http://mcast.test:${ports.p1}/`, `http://224.0.0.1:${ports.p1}/`]) {
      expect(await outcome(sendOutbound({ url }, unroutable)), url).toBe('network');
    }
  });
});

describe('sendOutbound delivers to exempt targets', () => {
  const both = () => policy({ allowedHosts: ['127.0.0.1', '127.0.0.2'] });

  it('delivers method, headers and body intact and returns the answer', async () => {
    lo1.clear();
    const res = await sendOutbound(
      {
        url: `${lo1.url}/hook?a=1`,
        method: 'post',
        headers: { 'Content-Type': 'application/json', 'X-Sig': 's1' },
        body: '{"n":1}',
      },
      policy({ allowedHosts: ['127.0.0.1'] }),
    );
    const [got] = await lo1.waitFor(1);
    expect(got).toMatchObject({ method: 'POST', path: '/hook?a=1', body: '{"n":1}' });
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-sig': 's1',
      'content-length': '7',
      'user-agent': 'Mailwright-Webhook/1',
    });
    expect(res).toMatchObject({ status: 201, truncated: false, redirects: 0, url: `${lo1.url}/hook?a=1` });
    expect(res.headers['x-echo']).toBe('POST');
    expect(res.body.toString()).toBe('got {"n":1}');
  });

  it('keeps method and body on 307 and turns 303 into a GET without body', async () => {
    lo2.clear();
    const body = '{"keep":true}';
    const headers = { 'content-type': 'application/json' };
    const kept = await sendOutbound(
      { url: redirectVia(`${lo2.url}/after307`, 307), method: 'POST', headers, body },
      both(),
    );
    const changed = await sendOutbound(
      { url: redirectVia(`${lo2.url}/after303`, 303), method: 'POST', headers, body },
      both(),
    );
    const [first, second] = await lo2.waitFor(2);
    expect(first).toMatchObject({ method: 'POST', path: '/after307', body });
    expect(second).toMatchObject({ method: 'GET', path: '/after303', body: '' });
    expect(second?.headers['content-type']).toBeUndefined();
    expect([kept.redirects, kept.url, changed.url]).toEqual([1, `${lo2.url}/after307`, `${lo2.url}/after303`]);
  });

  it('drops credentials on a cross-origin redirect and keeps them on a same-origin one', async () => {
    lo1.clear();
    lo2.clear();
    const headers = { authorization: 'Bearer secret', cookie: 'sid=1', 'x-keep': 'yes' };
    await sendOutbound({ url: redirectVia(`${lo1.url}/same`), headers }, both());
    await sendOutbound({ url: redirectVia(`${lo2.url}/cross`), headers }, both());
    const same = lo1.requests.find((r) => r.path === '/same');
    expect(same?.headers).toMatchObject(headers);
    const [cross] = await lo2.waitFor(1);
    expect(cross?.headers['x-keep']).toBe('yes');
    expect(cross?.headers.authorization).toBeUndefined();
    expect(cross?.headers.cookie).toBeUndefined();
  });

  it('returns a redirect as the answer when maxRedirects is 0', async () => {
    const res = await sendOutbound(
      { url: redirectVia(`${lo2.url}/x`) },
      policy({ allowedHosts: ['127.0.0.1'], maxRedirects: 0 }),
    );
    expect([res.status, res.headers.location, res.redirects]).toEqual([302, `${lo2.url}/x`, 0]);
  });

  it('exempts a listed host name, on its port only when the entry names one', async () => {
    const url = `http://evil.test:${ports.p1}/named`;
    expect((await sendOutbound({ url }, policy({ allowedHosts: ['EVIL.test'] }))).status).toBe(201);
    expect((await sendOutbound({ url }, policy({ allowedHosts: [`evil.test:${ports.p1}`] }))).status).toBe(201);
    expect(await outcome(sendOutbound({ url }, policy({ allowedHosts: [`evil.test:${ports.p1 + 1}`] })))).toBe(
      'refused',
    );
  });

  it('connects to the address it checked: one resolution per hop, the name kept for the Host header', async () => {
    lo1.clear();
    let calls = 0;
    // A rebinding resolver: the first answer is the exempt listener, every later one another host.
    const rebinding = async () => (++calls === 1 ? ['127.0.0.1'] : ['127.0.0.2']);
    const before2 = lo2.connections;
    const res = await sendOutbound(
      { url: `http://rebind.test:${ports.p1}/pinned` },
      policy({ allowedHosts: ['127.0.0.1/32'], resolve: rebinding }),
    );
    expect(res.status).toBe(201);
    expect(calls).toBe(1);
    expect(lo1.requests[0]?.headers.host).toBe(`rebind.test:${ports.p1}`);
    expect(lo2.connections).toBe(before2);
  });

  it('gives up within the budget on a target that never answers, and on DNS that never answers', async () => {
    dns.hang('slow.test');
    for (const url of [`${lo1.url}/slow`, `http://slow.test:${ports.p1}/`]) {
      const started = Date.now();
      expect(await outcome(sendOutbound({ url }, policy({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 })))).toBe(
        'timeout',
      );
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('reads a large body up to maxResponseBytes and marks it truncated', async () => {
    const exempt = policy({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 1000 });
    const big = await sendOutbound({ url: `${lo1.url}/big?n=500000` }, exempt);
    expect([big.body.length, big.truncated]).toEqual([1000, true]);
    const exact = await sendOutbound({ url: `${lo1.url}/big?n=1000` }, exempt);
    expect([exact.body.length, exact.truncated]).toEqual([1000, false]);
  });
});
