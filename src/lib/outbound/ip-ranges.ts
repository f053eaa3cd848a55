/**
 * Which IP addresses outbound requests must never reach: private, loopback, link-local, reserved,
 * documentation and multicast space, cloud metadata endpoints, and IPv6 forms that embed such an
 * IPv4 address. Pure: addresses are parsed here by hand (no DNS, no sockets), as numbers.
 */

export interface ParsedIp {
  version: 4 | 6;
  /** The address as a 32- or 128-bit unsigned number. */
  value: bigint;
}

export interface Cidr extends ParsedIp {
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

/** Parses a strict dotted-quad IPv4 or an RFC 4291 IPv6 text form; undefined for anything else. */
export function parseIp(text: string): ParsedIp | undefined {
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { version: 4, value: BigInt(v4) };
  const v6 = parseIPv6(text);
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

/**
 * Four decimal parts 0–255, no leading zeros: the form the URL parser and DNS produce. Shorthands
 * like `127.1` or `0x7f.1` are the URL parser's job; here they would be ambiguous, so they fail.
 */
function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function parseIPv6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? groupsOf(halves[0], halves.length === 1) : [];
  const tail = halves.length === 2 && halves[1] ? groupsOf(halves[1], true) : [];
  if (!head || !tail) return undefined;
  const count = head.length + tail.length;
  // Without `::` all eight groups are written; with it, it stands for at least one zero group.
  if (halves.length === 1 ? count !== 8 : count > 7) return undefined;
  const groups = [...head, ...new Array<number>(8 - count).fill(0), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** Hex groups of one side of `::`; the last one may be a dotted IPv4 (two groups) when `last`. */
function groupsOf(side: string, last: boolean): number[] | undefined {
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (last && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIPv4(part);
      if (v4 === undefined) return undefined;
      groups.push(Math.floor(v4 / 65536), v4 % 65536);
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
      groups.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

/** `ip/prefix` (host bits are ignored); a bare address is its own /32 or /128. */
export function parseCidr(text: string): Cidr | undefined {
  const [addr = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const ip = parseIp(addr);
  if (!ip) return undefined;
  const bits = BITS[ip.version];
  if (prefixText === undefined) return { ...ip, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  return { ...ip, prefix: Number(prefixText) };
}

/** True when `ip` lies inside `cidr` (same IP version only). */
export function cidrContains(cidr: Cidr, ip: ParsedIp): boolean {
  if (cidr.version !== ip.version) return false;
  const shift = BigInt(BITS[ip.version] - cidr.prefix);
  return ip.value >> shift === cidr.value >> shift;
}

export function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

function table(entries: [string, string][]): { cidr: Cidr; reason: string }[] {
  return entries.map(([text, reason]) => ({ cidr: parseCidr(text)!, reason }));
}

const BLOCKED_V4 = table([
  ['0.0.0.0/8', 'this network'],
  ['10.0.0.0/8', 'private network'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private network'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.168.0.0/16', 'private network'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
  // Public addresses that answer as the cloud host's metadata or platform service.
  ['168.63.129.16/32', 'cloud metadata (Azure)'],
]);

const BLOCKED_V6 = table([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['100::/64', 'discard-only'],
  ['2001:2::/48', 'benchmarking'],
  // Teredo puts the server's IPv4 in bits 32–64 and the client's (XOR 0xffffffff) in the last 32,
  // and the packet reaches the client through whatever relay and NAT it names. Both would need
  // checking, and Teredo is obsolete: no webhook receiver lives there, so all of it is refused.
  ['2001::/32', 'Teredo'],
  // Local-use NAT64 (RFC 8215): translated by the operator's own gateway, whatever IPv4 it embeds.
  ['64:ff9b:1::/48', 'local-use NAT64'],
]);

/** IPv6 ranges whose traffic ends at an embedded IPv4 address: refused when that address is. */
const EMBEDDING: { cidr: Cidr; label: string; ipv4: (value: bigint) => bigint }[] = [
  { cidr: parseCidr('::ffff:0:0/96')!, label: 'IPv4-mapped', ipv4: (v) => v & 0xffffffffn },
  { cidr: parseCidr('::ffff:0:0:0/96')!, label: 'IPv4-translated', ipv4: (v) => v & 0xffffffffn },
  { cidr: parseCidr('::/96')!, label: 'IPv4-compatible', ipv4: (v) => v & 0xffffffffn },
  { cidr: parseCidr('64:ff9b::/96')!, label: 'NAT64', ipv4: (v) => v & 0xffffffffn },
  { cidr: parseCidr('2002::/16')!, label: '6to4', ipv4: (v) => (v >> 80n) & 0xffffffffn },
];

function blockedV4(value: bigint): string | undefined {
  const ip: ParsedIp = { version: 4, value };
  return BLOCKED_V4.find((r) => cidrContains(r.cidr, ip))?.reason;
}

/**
 * Why an outbound connection to `address` must be refused, or undefined when it may be made.
 * Anything that does not parse as an address is refused: the guard never guesses.
 */
export function blockedReason(address: string): string | undefined {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  if (ip.version === 4) return blockedV4(ip.value);
  const direct = BLOCKED_V6.find((r) => cidrContains(r.cidr, ip));
  if (direct) return direct.reason;
  const embedding = EMBEDDING.find((e) => cidrContains(e.cidr, ip));
  if (!embedding) return undefined;
  const ipv4 = embedding.ipv4(ip.value);
  const reason = blockedV4(ipv4);
  return reason && `${embedding.label} ${formatIPv4(ipv4)}: ${reason}`;
}
