/**
 * The private-address guard: resolves a target's host once, checks every address it resolves to,
 * and returns the one address the connection is then pinned to (so a second DNS answer, as in DNS
 * rebinding, never gets a say).
 */
import { isIP } from 'node:net';
import type { DnsResolver } from '../resolver.ts';
import { type AllowList, isExempt } from './allow-list.ts';
import { OutboundError, OutboundRefused } from './errors.ts';
import { blockedReason } from './ip-ranges.ts';
import type { Target } from './target.ts';

/** RFC 6761 §6.3: `localhost` and its subdomains are loopback, whatever a DNS server would say. */
const LOCALHOST = /^(.+\.)?localhost\.?$/;
const LOOPBACK = ['127.0.0.1', '::1'];

/**
 * The address to connect to for `target`. Refuses (OutboundRefused) when ANY resolved address is
 * refused and not exempt: picking the good one of a mixed answer would let a name that also points
 * inside pass as long as the public address answers first. No address: OutboundError 'network'.
 */
export async function pinAddress(
  target: Target,
  allow: AllowList,
  resolve: (hostname: string) => Promise<string[]>,
): Promise<string> {
  const addresses = await addressesOf(target.host, resolve);
  if (addresses.length === 0) throw new OutboundError('network', `${target.host} has no address`);
  for (const address of addresses) {
    if (isExempt(allow, target.host, target.port, address)) continue;
    const reason = blockedReason(address);
    if (reason) throw new OutboundRefused(`${target.host} resolves to ${address} (${reason})`, target.url.href);
  }
  return addresses[0]!;
}

async function addressesOf(host: string, resolve: (hostname: string) => Promise<string[]>): Promise<string[]> {
  if (isIP(host)) return [host];
  if (LOCALHOST.test(host)) return LOOPBACK;
  try {
    return await resolve(host);
  } catch (err) {
    throw new OutboundError('network', `Resolving ${host} failed`, { cause: err });
  }
}

/** A `resolve` for OutboundPolicy over the product's DNS resolver: A then AAAA records; failures give no addresses. */
export function resolverAddresses(resolver: DnsResolver): (hostname: string) => Promise<string[]> {
  return async (hostname) => {
    const [a, aaaa] = await Promise.all([resolver.a(hostname), resolver.aaaa(hostname)]);
    return [...(a.ok ? a.records : []), ...(aaaa.ok ? aaaa.records : [])];
  };
}
