// Invariant: blockedReason refuses every private, loopback, link-local, reserved, documentation,
// multicast and metadata address, and every IPv6 form that embeds one, and nothing just outside.
import { describe, expect, it } from 'vitest';
import { blockedReason, cidrContains, parseCidr, parseIp } from './ip-ranges.ts';

/** [last allowed below, first refused, last refused, first allowed above] per IPv4 range. */
/** Undefined where the neighbour belongs to another refused range (or there is none). */
const V4_BOUNDARIES: [string | undefined, string, string, string | undefined][] = [
  [undefined, '0.0.0.0', '0.255.255.255', '1.0.0.0'],
  ['9.255.255.255', '10.0.0.0', '10.255.255.255', '11.0.0.0'],
  ['100.63.255.255', '100.64.0.0', '100.127.255.255', '100.128.0.0'],
  ['126.255.255.255', '127.0.0.0', '127.255.255.255', '128.0.0.0'],
  ['169.253.255.255', '169.254.0.0', '169.254.255.255', '169.255.0.0'],
  ['172.15.255.255', '172.16.0.0', '172.31.255.255', '172.32.0.0'],
  ['191.255.255.255', '192.0.0.0', '192.0.0.255', '192.0.1.0'],
  ['192.0.1.255', '192.0.2.0', '192.0.2.255', '192.0.3.0'],
  ['192.167.255.255', '192.168.0.0', '192.168.255.255', '192.169.0.0'],
  ['198.17.255.255', '198.18.0.0', '198.19.255.255', '198.20.0.0'],
  ['198.51.99.255', '198.51.100.0', '198.51.100.255', '198.51.101.0'],
  ['203.0.112.255', '203.0.113.0', '203.0.113.255', '203.0.114.0'],
  ['223.255.255.255', '224.0.0.0', '239.255.255.255', undefined],
  [undefined, '240.0.0.0', '255.255.255.255', undefined],
  ['168.63.129.15', '168.63.129.16', '168.63.129.16', '168.63.129.17'],
];

const V6_BOUNDARIES: [string | undefined, string, string, string | undefined][] = [
  ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
  ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', undefined],
  [undefined, 'fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', undefined],
  [undefined, 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', undefined],
  ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  ['ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '100::', '100::ffff:ffff:ffff:ffff', '100:0:0:1::'],
  ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff', '2001:1::'],
  ['64:ff9b:0:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:2::'],
];

describe('blockedReason', () => {
  it.each([...V4_BOUNDARIES, ...V6_BOUNDARIES])(
    'range: %s allowed, %s..%s refused, %s allowed',
    (below, first, last, above) => {
      if (below) expect(blockedReason(below), below).toBeUndefined();
      expect(blockedReason(first), first).toBeDefined();
      expect(blockedReason(last), last).toBeDefined();
      if (above) expect(blockedReason(above), above).toBeUndefined();
    },
  );

  it('refuses the unspecified and loopback IPv6 addresses, the metadata addresses and broadcast', () => {
    for (const ip of ['::', '::1', '0:0:0:0:0:0:0:1', '169.254.169.254', 'fd00:ec2::254', '255.255.255.255']) {
      expect(blockedReason(ip), ip).toBeDefined();
    }
    expect(blockedReason('169.254.169.254')).toMatch(/metadata/);
    expect(blockedReason('168.63.129.16')).toMatch(/Azure/);
  });

  it('allows ordinary public addresses of both versions', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) {
      expect(blockedReason(ip), ip).toBeUndefined();
    }
  });

  it('refuses IPv6 forms that embed a refused IPv4 address and allows them around a public one', () => {
    const refused = [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:a00:1',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b::127.0.0.1',
      '2002:7f00:1::',
      '2002:a00:1:1234::5',
      '2002:c0a8:101::1',
    ];
    for (const ip of refused) expect(blockedReason(ip), ip).toBeDefined();
    expect(blockedReason('::ffff:127.0.0.1')).toMatch(/IPv4-mapped 127\.0\.0\.1: loopback/);
    expect(blockedReason('2002:7f00:1::')).toMatch(/6to4 127\.0\.0\.1/);
    const allowed = [
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '::8.8.8.8',
      '64:ff9b::808:808',
      '2002:0808:0808::',
      '2002:808:808:1::1',
    ];
    for (const ip of allowed) expect(blockedReason(ip), ip).toBeUndefined();
  });

  it('moves the embedded IPv4 boundaries with the IPv4 ones', () => {
    const sides: [string, boolean][] = [
      ['::ffff:126.255.255.255', false],
      ['::ffff:127.0.0.0', true],
      ['::ffff:127.255.255.255', true],
      ['::ffff:128.0.0.0', false],
      ['64:ff9b::ac0f:ffff', false],
      ['64:ff9b::ac10:0', true],
      ['64:ff9b::ac1f:ffff', true],
      ['64:ff9b::ac20:0', false],
      ['2002:a9fd:ffff::', false],
      ['2002:a9fe::', true],
      ['2002:a9fe:ffff:ffff:ffff:ffff:ffff:ffff', true],
      ['2002:a9ff::', false],
    ];
    for (const [ip, refused] of sides) expect(blockedReason(ip) !== undefined, ip).toBe(refused);
  });

  it('refuses every Teredo address, even one whose embedded addresses are public', () => {
    expect(blockedReason('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('Teredo');
    expect(blockedReason('2001:0:808:808::f7f7:f7f7')).toBe('Teredo');
  });

  it('refuses what is not an address rather than guessing', () => {
    const odd = [
      '',
      'localhost',
      '127.1',
      '0x7f000001',
      '2130706433',
      '127.0.0.01',
      '1.2.3.256',
      '1::2::3',
      'fe80::1%eth0',
    ];
    for (const text of odd) expect(blockedReason(text), text).toBe('not an IP address');
  });
});

describe('parseIp and CIDRs', () => {
  it('reads compressed, full and IPv4-suffixed IPv6 the same', () => {
    const one = parseIp('::ffff:7f00:1');
    expect(parseIp('0:0:0:0:0:ffff:127.0.0.1')).toEqual(one);
    expect(parseIp('0000:0000:0000:0000:0000:FFFF:7F00:0001')).toEqual(one);
    expect(parseIp('1:2:3:4:5:6:7:8::')).toBeUndefined();
    expect(parseIp('1:2:3:4:5:6:7')).toBeUndefined();
    expect(parseIp('1:2:3:4:5:6:7::')?.value).toBe(0x0001_0002_0003_0004_0005_0006_0007_0000n);
  });

  it('matches addresses inside a v4 or v6 CIDR, host bits ignored, versions kept apart', () => {
    const ten = parseCidr('10.1.2.3/8')!;
    expect(cidrContains(ten, parseIp('10.255.0.1')!)).toBe(true);
    expect(cidrContains(ten, parseIp('11.0.0.0')!)).toBe(false);
    const ula = parseCidr('fd12:3456::/32')!;
    expect(cidrContains(ula, parseIp('fd12:3456:ffff::1')!)).toBe(true);
    expect(cidrContains(ula, parseIp('fd12:3457::1')!)).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('::1')!)).toBe(false);
    expect(cidrContains(parseCidr('::/0')!, parseIp('::1')!)).toBe(true);
    expect(parseCidr('10.0.0.0/33')).toBeUndefined();
    expect(parseCidr('10.0.0.0/8/8')).toBeUndefined();
    expect(parseCidr('::/129')).toBeUndefined();
  });
});
