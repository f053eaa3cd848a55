/**
 * The SSRF sweep's material (ssrf-guard.test.ts): a DNS zone whose names point inside, and URLs
 * aimed at the loopback listeners' ports in every spelling we know of, each of which the outbound
 * guard must refuse without connecting; and the answers of the listener redirects start from.
 */
import type { DnsServer } from '../servers/dns-server.ts';
import type { HttpResponseSpec, RecordedRequest } from '../servers/http-listener.ts';

/** Loads names that resolve to private, loopback, metadata and mixed addresses. */
export function loadSsrfZone(dns: DnsServer): void {
  const a: Record<string, string[]> = {
    'evil.test': ['127.0.0.1'],
    'two.test': ['127.0.0.2'],
    'ten.test': ['10.0.0.1'],
    'meta.test': ['169.254.169.254'],
    'mixed.test': ['93.184.215.14', '127.0.0.1'],
    'mixed6.test': ['93.184.215.14'],
    'zero.test': ['0.0.0.0'],
    'cgnat.test': ['100.64.0.1'],
    'azure.test': ['168.63.129.16'],
    'p172.test': ['172.16.0.1'],
    'p192.test': ['192.168.1.1'],
    'bcast.test': ['255.255.255.255'],
    'mcast.test': ['224.0.0.1'],
  };
  const aaaa: Record<string, string[]> = {
    'six.test': ['::1'],
    'mixed6.test': ['2606:4700:4700::1111', '::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'ula.test': ['fd00:ec2::254'],
    'nat64.test': ['64:ff9b::7f00:1'],
    'sixtofour.test': ['2002:7f00:1::1'],
    'linklocal6.test': ['fe80::1'],
  };
  for (const [name, records] of Object.entries(a)) dns.set(name, 'A', records);
  for (const [name, records] of Object.entries(aaaa)) dns.set(name, 'AAAA', records);
  dns.set('cname.test', 'CNAME', ['evil.test']);
  dns.set('public.test', 'A', ['93.184.215.14']);
}

/**
 * The exempt listener's answers: `/to?s=302&to=URL` a redirect, `/loop` a redirect to itself forever,
 * `/slow` nothing for 10 s, `/big?n=N` N bytes; anything else 201 echoing method and body.
 */
export function redirector(req: RecordedRequest): HttpResponseSpec {
  const url = new URL(req.path, 'http://x');
  const to = url.searchParams.get('to');
  if (to !== null) return { status: Number(url.searchParams.get('s') ?? 302), headers: { location: to } };
  if (url.pathname === '/loop') return { status: 302, headers: { location: `/loop?n=${Math.random()}` } };
  if (url.pathname === '/slow') return { status: 200, body: 'late', delayMs: 10_000 };
  if (url.pathname === '/big') return { status: 200, body: 'x'.repeat(Number(url.searchParams.get('n'))) };
  return { status: 201, headers: { 'X-Echo': req.method, 'content-type': 'text/plain' }, body: `got ${req.body}` };
}

/** Ports of the listeners on 127.0.0.1, 127.0.0.2 and ::1 (p6 falls back to p1 without IPv6). */
export interface SsrfPorts {
  p1: number;
  p2: number;
  p6: number;
}

/** URLs the guard must refuse with OutboundRefused. */
export function refusedTargets({ p1, p2, p6 }: SsrfPorts): string[] {
  const ipv4Spellings = [
    '127.0.0.1',
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '127.1',
    '127.0.1',
    '0177.0.0.1',
    '0177.1',
    '017700000001',
    '0x7f.0x0.0x0.0x1',
    '127.000.000.001',
    '127.0.0.1.',
    '%31%32%37.0.0.1',
    '１２７.０.０.１',
    '①②⑦.0.0.1',
    '0',
    '0.0.0.0',
  ].map((host) => `http://${host}:${p1}/`);
  const second = ['127.0.0.2', '2130706434', '127.2', '0x7f000002'].map((host) => `http://${host}:${p2}/`);
  const ipv6 = [
    `http://[::1]:${p6}/`,
    `http://[0:0:0:0:0:0:0:1]:${p6}/`,
    `http://[::]:${p1}/`,
    `http://[::ffff:127.0.0.1]:${p1}/`,
    `http://[::ffff:7f00:1]:${p1}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${p1}/`,
    `http://[::ffff:127.0.0.2]:${p2}/`,
    `http://[::127.0.0.1]:${p1}/`,
    `http://[::ffff:0.0.0.0]:${p1}/`,
    `http://[::ffff:a9fe:a9fe]:${p1}/`,
    `http://[64:ff9b::7f00:1]:${p1}/`,
    `http://[2002:7f00:1::]:${p1}/`,
    `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${p1}/`,
    `http://[fe80::1]:${p1}/`,
    `http://[fc00::1]:${p1}/`,
    `http://[fd00:ec2::254]:${p1}/`,
  ];
  const names = [
    `http://localhost:${p1}/`,
    `http://LOCALHOST:${p1}/`,
    `http://localhost.:${p1}/`,
    `http://foo.localhost:${p1}/`,
    `http://a.b.localhost:${p6}/`,
    ...['evil', 'cname', 'mixed', 'mapped', 'nat64', 'sixtofour', 'zero'].map((n) => `http://${n}.test:${p1}/`),
    `http://evil.test.:${p1}/`,
    `http://two.test:${p2}/`,
    ...['six', 'mixed6', 'ula', 'linklocal6'].map((n) => `http://${n}.test:${p6}/`),
    ...['ten', 'meta', 'cgnat', 'azure', 'p172', 'p192', 'bcast', 'mcast'].map((n) => `http://${n}.test:${p1}/`),
  ];
  const tricks = [
    `http://example.com@127.0.0.1:${p1}/`,
    `http://user:pass@localhost:${p1}/`,
    `http://public.test@evil.test:${p1}/`,
    `http://127.0.0.1:${p1}#@public.test/`,
    `https://127.0.0.1:${p1}/`,
    'file:///etc/passwd',
    `ftp://127.0.0.1:${p1}/`,
    `gopher://127.0.0.1:${p1}/_GET%20/`,
    `ws://127.0.0.1:${p1}/`,
    'data:text/plain,hi',
    'javascript:alert(1)',
  ];
  return [...ipv4Spellings, ...second, ...ipv6, ...names, ...tricks];
}

/** Malformed URLs: OutboundError 'invalid', and still no connection. */
export function invalidTargets({ p1 }: SsrfPorts): string[] {
  return [
    'not a url',
    'http://',
    `http://256.0.0.1:${p1}/`,
    `http://0x100000000:${p1}/`,
    `http://[::1:${p1}/`,
    `http://[fe80::1%25lo]:${p1}/`,
    `http://127.0.0.1:${p1}${p1}/`,
  ];
}
