/**
 * Each project's suppression rules in memory, so checking the recipients of a delivery batch (or of
 * a campaign's fan-out batch) costs no statement: a Set of addresses, a Set of domains and a Set of
 * erased addresses' hashes, loaded once per project in keyset pages (100,000 rules: about 12 MB of heap).
 *
 * The index may say more than the database (a rule deleted, an erasure lifted, a transaction that
 * added a rule and rolled back), never less: a hit is confirmed by the database before mail is held
 * (holds.ts), so only a miss must be right. Hence:
 *  - a rule added (a bounce, a complaint, POST /suppressions, an import batch, an erasure) is added to
 *    every process's index through the change feed (`added`), not by reloading 100,000 rules: in this
 *    process at once, in every other once the write commits. A load in flight meanwhile takes the add
 *    too, so it cannot keep an index read before the rule was there;
 *  - a rule removed (DELETE /suppressions/:id) forgets the project everywhere (`writing`), and its
 *    next check loads the index again;
 *  - while notices from other processes cannot arrive, nothing is trusted: callers check the database.
 * Expired rules are not loaded; a rule that expires while loaded stops holding by its expiry kept here.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, Executor, Trx } from '../db/index.ts';
import type { ChangeFeed } from '../db/notify.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import type { Clock } from '../lib/clock.ts';
import { emailHash, erasedHashesAfter } from '../privacy/erased.ts';
import { domainOf } from './rules.ts';
import { listLiveRulesAfter } from './suppressions.repo.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Each project's suppression rules, added to and forgotten through `changes`. */
    suppressionRules: SuppressionRuleCache;
  }
}

/** A rule as the index knows it: what it holds and until when (epoch ms; null: for good). */
export interface RuleAdd {
  kind: 'address' | 'domain' | 'erased';
  value: string;
  expiresAt: number | null;
}

/** Rules loaded per page, the event loop yielded between pages. */
const LOAD_PAGE = 10_000;
const FORGET_CHANNEL = 'suppressions';
const ADD_CHANNEL = 'suppression_adds';
/** pg_notify takes payloads under 8000 bytes. */
const PAYLOAD_BYTES = 7000;
const KIND_CODE = { address: 'a', domain: 'd', erased: 'e' } as const;
const CODE_KIND = { a: 'address', d: 'domain', e: 'erased' } as const;

/** One project's rules. */
export class RuleIndex {
  readonly addresses = new Set<string>();
  readonly domains = new Set<string>();
  readonly erased = new Set<string>();
  /** Rules with an expiry, by `a:<address>` / `d:<domain>`: few, so the Sets stay plain strings. */
  readonly expiring = new Map<string, number>();

  add(rule: RuleAdd): void {
    if (rule.kind === 'erased') {
      this.erased.add(rule.value);
      return;
    }
    (rule.kind === 'address' ? this.addresses : this.domains).add(rule.value);
    const key = `${KIND_CODE[rule.kind]}:${rule.value}`;
    if (rule.expiresAt === null) this.expiring.delete(key);
    else this.expiring.set(key, rule.expiresAt);
  }

  get size(): number {
    return this.addresses.size + this.domains.size + this.erased.size;
  }

  /** True when a rule (or an erasure) may hold mail to `email` at `now` (epoch ms); false is certain. */
  mayHold(email: string, now: number): boolean {
    if (this.size === 0) return false;
    const address = email.toLowerCase();
    if (this.addresses.has(address) && this.live(`a:${address}`, now)) return true;
    const domain = domainOf(address);
    if (this.domains.has(domain) && this.live(`d:${domain}`, now)) return true;
    return this.erased.size > 0 && this.erased.has(emailHash(address));
  }

  private live(key: string, now: number): boolean {
    const until = this.expiring.get(key);
    return until === undefined || until > now;
  }
}

export interface SuppressionRuleCache {
  /** The registered cache (forgotten with every cache of the project by a reset). */
  readonly cache: ProjectCache<RuleIndex, Db>;
  /** The project's index, loaded through `db` when not held; undefined while it cannot be trusted. */
  read(db: Db, projectId: string): Promise<RuleIndex | undefined>;
  /** Adds `rules` to the project's index in every process: here at once, elsewhere once `trx` commits. */
  added(trx: Executor, projectId: string, rules: RuleAdd[]): Promise<void>;
  /** Runs `write` (which removes rules) in a transaction that forgets the project's index everywhere. */
  writing<T>(db: Db, projectId: string, write: (trx: Trx) => Promise<T>): Promise<T>;
}

/** Adds arriving for a project while its index loads: kept for that load, or put in its index once read. */
interface Collector {
  pending: RuleAdd[];
  index?: RuleIndex;
}

function encode(projectId: string, rules: RuleAdd[]): string[] {
  const out: string[] = [];
  let lines: string[] = [];
  let bytes = 0;
  for (const r of rules) {
    const line = `${KIND_CODE[r.kind]}\t${r.value}\t${r.expiresAt ?? ''}`;
    const size = Buffer.byteLength(line) + 1;
    if (lines.length > 0 && bytes + size > PAYLOAD_BYTES) {
      out.push(`${projectId}\n${lines.join('\n')}`);
      lines = [];
      bytes = 0;
    }
    lines.push(line);
    bytes += size;
  }
  if (lines.length > 0) out.push(`${projectId}\n${lines.join('\n')}`);
  return out;
}

function decode(payload: string): { projectId: string; rules: RuleAdd[] } | undefined {
  const [projectId, ...lines] = payload.split('\n');
  if (!projectId || lines.length === 0) return undefined;
  const rules: RuleAdd[] = [];
  for (const line of lines) {
    const [code, value, until] = line.split('\t');
    const kind = CODE_KIND[code as keyof typeof CODE_KIND];
    if (kind && value) rules.push({ kind, value, expiresAt: until ? Number(until) : null });
  }
  return { projectId, rules };
}

/** The rule cache, registered on `caches`, its adds carried by `changes`. */
export function createSuppressionRuleCache(core: {
  caches: CacheRegistry;
  changes: ChangeFeed;
  clock: Clock;
}): SuppressionRuleCache {
  const loading = new Map<string, Set<Collector>>();

  async function load(db: Db, projectId: string): Promise<RuleIndex> {
    const collector: Collector = { pending: [] };
    const collectors = loading.get(projectId) ?? new Set();
    collectors.add(collector);
    loading.set(projectId, collectors);
    try {
      const index = new RuleIndex();
      const now = core.clock.now();
      for (let after = ''; ; ) {
        const page = await listLiveRulesAfter(db, projectId, after, LOAD_PAGE, now);
        for (const r of page) {
          const expiresAt = r.expiresAt === null ? null : new Date(r.expiresAt).getTime();
          index.add(
            r.email ? { kind: 'address', value: r.email, expiresAt } : { kind: 'domain', value: r.domain!, expiresAt },
          );
        }
        if (page.length < LOAD_PAGE) break;
        after = page.at(-1)!.id;
        await nextTurn();
      }
      for (let after = ''; ; ) {
        const hashes = await erasedHashesAfter(db, projectId, after, LOAD_PAGE);
        for (const value of hashes) index.erased.add(value);
        if (hashes.length < LOAD_PAGE) break;
        after = hashes.at(-1)!;
        await nextTurn();
      }
      for (const rule of collector.pending) index.add(rule);
      collector.index = index;
      return index;
    } finally {
      // Registered until the cache has kept what this returns (the microtasks right after it): an
      // add arriving in between goes into the index itself, not nowhere.
      setImmediate(() => {
        collectors.delete(collector);
        if (collectors.size === 0 && loading.get(projectId) === collectors) loading.delete(projectId);
      });
    }
  }

  const cache = core.caches.define<RuleIndex, Db>({ channel: FORGET_CHANNEL, maxEntries: 5000, load });

  function applyHere(projectId: string, rules: RuleAdd[]): void {
    const held = cache.get(projectId);
    for (const rule of rules) held?.add(rule);
    for (const c of loading.get(projectId) ?? []) {
      if (c.index) for (const rule of rules) c.index.add(rule);
      else c.pending.push(...rules);
    }
  }

  core.changes.subscribe(ADD_CHANNEL, (payload) => {
    const notice = decode(payload);
    if (notice) applyHere(notice.projectId, notice.rules);
  });

  return {
    cache,
    async read(db, projectId) {
      if (!core.changes.connected) return undefined;
      return cache.read(db, projectId);
    },
    async added(trx, projectId, rules) {
      if (rules.length === 0) return;
      // Here at once (a send right after the write must see it); the notice reaches the others on commit.
      applyHere(projectId, rules);
      for (const payload of encode(projectId, rules)) await core.changes.publish(ADD_CHANNEL, payload, trx);
    },
    writing: (db, projectId, write) => cache.writing(db, projectId, write),
  };
}
