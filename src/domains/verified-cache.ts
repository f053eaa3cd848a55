/**
 * Each project's VERIFIED domains, kept in memory so the sender check of every /v1/send (and of
 * every SMTP submission and workflow send) costs no statement. A sender none of them covers is looked
 * up again (domains.service.ts), so a domain that became VERIFIED is honoured at once; a domain that
 * stops being VERIFIED (a recheck, a delete) forgets the project here and, once committed, in every
 * other process (db/project-cache.ts).
 */
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import { listVerifiedDomains, type VerifiedDomainRow } from './domains.repo.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Each project's VERIFIED sending domains, forgotten through `changes`. */
    verifiedDomains: VerifiedDomainCache;
  }
}

export type VerifiedDomainCache = ProjectCache<VerifiedDomainRow[]>;

/** The cache, registered on `caches`. */
export function createVerifiedDomainCache(caches: CacheRegistry): VerifiedDomainCache {
  return caches.define({
    channel: 'verified_domains',
    maxEntries: 5000,
    load: (db, projectId) => listVerifiedDomains(db, projectId),
  });
}
