/**
 * The operator's exemptions from the private-address guard (WEBHOOK_ALLOWED_HOSTS, SNS_CERT_HOSTS):
 * host names, `host:port`, IP addresses (`ip`, `ip:port`, `[v6]:port`) and CIDRs. Pure.
 */
import { type Cidr, cidrContains, parseCidr, parseIp } from './ip-ranges.ts';

export interface AllowList {
  names: { name: string; port?: number }[];
  cidrs: { cidr: Cidr; port?: number }[];
  /** Entries that parse as nothing; they exempt nothing, so a typo fails closed. */
  invalid: string[];
}

/** Parses the entries once; matching is case-insensitive and ignores a trailing dot on names. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const list: AllowList = { names: [], cidrs: [], invalid: [] };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const parsed = parseEntry(entry);
    if (!parsed) list.invalid.push(raw);
    else if ('cidr' in parsed) list.cidrs.push(parsed);
    else list.names.push(parsed);
  }
  return list;
}

function parseEntry(entry: string): { name: string; port?: number } | { cidr: Cidr; port?: number } | undefined {
  if (entry.includes('/')) {
    const cidr = parseCidr(entry);
    return cidr && { cidr };
  }
  const whole = parseCidr(entry);
  if (whole) return { cidr: whole };
  const split = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:[\]]+):(\d+)$/.exec(entry);
  const host = split ? split[1]! : entry;
  const port = split?.[2] === undefined ? undefined : Number(split[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  const ip = parseCidr(host);
  if (ip) return { cidr: ip, port };
  const name = urlHostname(host);
  if (name === undefined || name.startsWith('[')) return undefined;
  // The URL parser turns `127.1` into `127.0.0.1`: such an entry means that address.
  const asIp = parseCidr(name);
  return asIp ? { cidr: asIp, port } : { name: stripDot(name), port };
}

/** The host as the URL parser writes it (lower case, punycode, IPv4 shorthands expanded). */
function urlHostname(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}/`);
    return url.host === url.hostname ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

function stripDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * True when the operator exempted this target: its host name matches a name entry, or the address
 * it will be connected to matches an IP/CIDR entry (with the port, when the entry names one).
 */
export function isExempt(list: AllowList, hostname: string, port: number, address: string): boolean {
  const portOk = (entry: { port?: number }) => entry.port === undefined || entry.port === port;
  const name = stripDot(hostname.toLowerCase());
  if (list.names.some((e) => e.name === name && portOk(e))) return true;
  const ip = parseIp(address);
  return ip !== undefined && list.cidrs.some((e) => cidrContains(e.cidr, ip) && portOk(e));
}
