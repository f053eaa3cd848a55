// The one wrapper around node:dns in the product (domain verification, address verification).
// DNS outcomes are values, never exceptions; answers are cached briefly so a burst of checks on
// one domain costs one query. Transient failures (TIMEOUT, SERVFAIL, ERROR) are never cached.

import { promises as dns, type MxRecord, type SoaRecord } from 'node:dns';
import { type Clock, systemClock } from './clock.ts';

export type DnsFailureReason = 'NXDOMAIN' | 'NODATA' | 'TIMEOUT' | 'SERVFAIL' | 'REFUSED' | 'ERROR';

export type DnsResult<T> = { ok: true; records: T[] } | { ok: false; reason: DnsFailureReason; message: string };

export interface ResolverOptions {
  /** 'ip' or 'ip:port' entries; empty or undefined means the system resolver. */
  servers?: string[];
  /** Initial per-try timeout; c-ares backs off on later tries. Default 3000. */
  timeoutMs?: number;
  /** Attempts per server before TIMEOUT. Default 2. */
  tries?: number;
  /** How long an answer is reused; 0 disables caching. Default 60_000. */
  cacheTtlMs?: number;
  /** Most cached answers kept; the least recently used goes first. Default 5000. */
  cacheMax?: number;
  /** Clock for cache expiry (pass deps.clock, or a manualClock in tests). Default systemClock. */
  clock?: Clock;
}

export interface DnsResolver {
  /** MX records sorted by ascending priority (lowest = most preferred first). */
  mx(name: string): Promise<DnsResult<MxRecord>>;
  a(name: string): Promise<DnsResult<string>>;
  aaaa(name: string): Promise<DnsResult<string>>;
  /** One string per TXT record, its character-strings joined without separator. */
  txt(name: string): Promise<DnsResult<string>>;
  ns(name: string): Promise<DnsResult<string>>;
  /** The zone's SOA as a one-element list. */
  soa(name: string): Promise<DnsResult<SoaRecord>>;
  clearCache(): void;
}

type RecordKind = 'MX' | 'A' | 'AAAA' | 'TXT' | 'NS' | 'SOA';

const REASON_BY_CODE: Record<string, DnsFailureReason> = {
  ENOTFOUND: 'NXDOMAIN',
  ENODATA: 'NODATA',
  ETIMEOUT: 'TIMEOUT',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
};

// Transient: a retry a moment later may well succeed, so remembering them would only hurt.
const UNCACHED: ReadonlySet<DnsFailureReason> = new Set(['TIMEOUT', 'SERVFAIL', 'ERROR']);

/** Creates a resolver with its own servers, timeouts and cache; results are DnsResult values, never throws. */
export function createResolver(opts: ResolverOptions = {}): DnsResolver {
  const resolver = new dns.Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 });
  if (opts.servers && opts.servers.length > 0) resolver.setServers(opts.servers);
  const ttlMs = opts.cacheTtlMs ?? 60_000;
  const cacheMax = opts.cacheMax ?? 5000;
  const clock = opts.clock ?? systemClock;
  const now = () => clock.now().getTime();
  // Map iteration order is insertion order: re-inserting on hit makes the first key the LRU one.
  const cache = new Map<string, { expiresAt: number; result: DnsResult<unknown> }>();
  const inflight = new Map<string, Promise<DnsResult<unknown>>>();

  function fromCache<T>(key: string): DnsResult<T> | undefined {
    const entry = cache.get(key);
    if (!entry) return undefined;
    cache.delete(key);
    if (entry.expiresAt <= now()) return undefined;
    cache.set(key, entry);
    return copy(entry.result as DnsResult<T>);
  }

  function remember(key: string, result: DnsResult<unknown>): void {
    if (ttlMs <= 0 || cacheMax <= 0 || (!result.ok && UNCACHED.has(result.reason))) return;
    while (cache.size >= cacheMax) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    cache.set(key, { expiresAt: now() + ttlMs, result });
  }

  function lookup<T>(kind: RecordKind, rawName: string, query: (name: string) => Promise<T[]>) {
    const name = rawName.trim().toLowerCase().replace(/\.$/, '');
    const invalid = checkName(name);
    if (invalid) return Promise.resolve<DnsResult<T>>({ ok: false, reason: 'ERROR', message: invalid });
    const key = `${kind}:${name}`;
    const cached = fromCache<T>(key);
    if (cached) return Promise.resolve(cached);
    // Concurrent asks for the same record share one query.
    let pending = inflight.get(key) as Promise<DnsResult<T>> | undefined;
    if (!pending) {
      pending = query(name).then(toResult, toFailure<T>(kind, name));
      inflight.set(key, pending);
      pending.then((result) => {
        inflight.delete(key);
        remember(key, result);
      });
    }
    return pending.then(copy);
  }

  return {
    mx: (name) => lookup('MX', name, async (n) => byPriority(await resolver.resolveMx(n))),
    a: (name) => lookup('A', name, (n) => resolver.resolve4(n)),
    aaaa: (name) => lookup('AAAA', name, (n) => resolver.resolve6(n)),
    txt: (name) => lookup('TXT', name, async (n) => (await resolver.resolveTxt(n)).map((chunks) => chunks.join(''))),
    ns: (name) => lookup('NS', name, (n) => resolver.resolveNs(n)),
    soa: (name) => lookup('SOA', name, async (n) => [await resolver.resolveSoa(n)]),
    clearCache: () => cache.clear(),
  };
}

/** RFC 1035 §2.3.4 limits, checked before any query: total ≤ 253 characters, labels 1–63. */
function checkName(name: string): string | undefined {
  if (name.length === 0) return 'empty domain name';
  if (name.length > 253) return `domain name longer than 253 characters (${name.length})`;
  const bad = name.split('.').find((label) => label.length === 0 || label.length > 63);
  if (bad !== undefined) return `invalid label in ${name}: labels must be 1-63 characters`;
  return undefined;
}

function byPriority(records: MxRecord[]): MxRecord[] {
  return records.sort((x, y) => x.priority - y.priority);
}

function toResult<T>(records: T[]): DnsResult<T> {
  // c-ares reports an empty answer as ENODATA; keep that true for whatever slips through.
  if (records.length === 0) return { ok: false, reason: 'NODATA', message: 'empty answer' };
  return { ok: true, records };
}

function toFailure<T>(kind: RecordKind, name: string) {
  return (err: unknown): DnsResult<T> => {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const reason = REASON_BY_CODE[code] ?? 'ERROR';
    return { ok: false, reason, message: `${kind} ${name}: ${code || (err as Error).message}` };
  };
}

function copy<T>(result: DnsResult<T>): DnsResult<T> {
  return result.ok ? { ok: true, records: result.records.map((r) => (isObject(r) ? { ...r } : r)) } : { ...result };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
