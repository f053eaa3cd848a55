// Invariant: an allow-list entry exempts exactly what it names (a host name, a port on it, an
// address or a CIDR) and a malformed entry exempts nothing.
import { describe, expect, it } from 'vitest';
import { isExempt, parseAllowList } from './allow-list.ts';

describe('isExempt', () => {
  it('matches host names case-insensitively and exactly, with or without a trailing dot', () => {
    const list = parseAllowList(['Hooks.Internal.Example', 'svc.local.']);
    expect(isExempt(list, 'hooks.internal.example', 80, '10.0.0.5')).toBe(true);
    expect(isExempt(list, 'HOOKS.internal.example.', 443, '10.0.0.5')).toBe(true);
    expect(isExempt(list, 'svc.local', 80, '10.0.0.6')).toBe(true);
    expect(isExempt(list, 'evil.hooks.internal.example', 80, '10.0.0.5')).toBe(false);
    expect(isExempt(list, 'hooks.internal.example.evil.test', 80, '10.0.0.5')).toBe(false);
  });

  it('limits a host:port entry to that port', () => {
    const list = parseAllowList(['hooks.internal:8080', '127.0.0.1:9000', '[::1]:9001']);
    expect(isExempt(list, 'hooks.internal', 8080, '10.0.0.5')).toBe(true);
    expect(isExempt(list, 'hooks.internal', 80, '10.0.0.5')).toBe(false);
    expect(isExempt(list, '127.0.0.1', 9000, '127.0.0.1')).toBe(true);
    expect(isExempt(list, 'anything.test', 9000, '127.0.0.1')).toBe(true);
    expect(isExempt(list, '127.0.0.1', 9001, '127.0.0.1')).toBe(false);
    expect(isExempt(list, '::1', 9001, '::1')).toBe(true);
    expect(isExempt(list, '::1', 9000, '::1')).toBe(false);
  });

  it('matches the connected address against IP and CIDR entries of both versions', () => {
    const list = parseAllowList(['10.20.0.0/16', '192.168.1.7', 'fd00:1234::/32', '::1']);
    expect(isExempt(list, 'a.test', 80, '10.20.255.1')).toBe(true);
    expect(isExempt(list, 'a.test', 80, '10.21.0.1')).toBe(false);
    expect(isExempt(list, 'a.test', 80, '192.168.1.7')).toBe(true);
    expect(isExempt(list, 'a.test', 80, '192.168.1.8')).toBe(false);
    expect(isExempt(list, 'a.test', 80, 'fd00:1234:5::1')).toBe(true);
    expect(isExempt(list, 'a.test', 80, 'fd00:1235::1')).toBe(false);
    expect(isExempt(list, 'a.test', 80, '::1')).toBe(true);
    // An IPv4 entry does not stretch to the IPv4-mapped IPv6 form: refusing is the safe side.
    expect(isExempt(list, 'a.test', 80, '::ffff:192.168.1.7')).toBe(false);
  });

  it('reads an IPv4 shorthand entry as the address the URL parser makes of it', () => {
    expect(isExempt(parseAllowList(['127.1']), '127.0.0.1', 80, '127.0.0.1')).toBe(true);
  });

  it('keeps malformed entries aside, exempting nothing', () => {
    const list = parseAllowList(['10.0.0.0/40', 'host:99999', 'a b', '[::1', ' ', 'http://x.test/']);
    expect(list.invalid).toEqual(['10.0.0.0/40', 'host:99999', 'a b', '[::1', 'http://x.test/']);
    expect(list.names).toEqual([]);
    expect(list.cidrs).toEqual([]);
  });
});
