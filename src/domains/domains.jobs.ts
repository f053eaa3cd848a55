/** Background domain checks: every 5 minutes each PENDING or VERIFIED domain is rechecked in its own job. */
import type { Deps } from '../deps.ts';
import { listDomainIdsToRecheck } from './domains.repo.ts';
import { recheckDomainById } from './domains.service.ts';

const PAGE = 500;

/** Fans out one `domain.verify` job per domain; the job key keeps at most one pending check per domain. */
export async function enqueueDomainRechecks(deps: Pick<Deps, 'db' | 'jobs'>): Promise<number> {
  let after = '';
  let count = 0;
  for (;;) {
    const ids = await listDomainIdsToRecheck(deps.db, after, PAGE);
    for (const id of ids) await deps.jobs.enqueue('domain.verify', { domainId: id }, { jobKey: `domain.verify:${id}` });
    count += ids.length;
    if (ids.length < PAGE) return count;
    after = ids.at(-1)!;
  }
}

export function domainTasks(deps: Deps) {
  return {
    'domain.recheck-all': async () => void (await enqueueDomainRechecks(deps)),
    'domain.verify': async (payload: Record<string, unknown>) => recheckDomainById(deps, String(payload.domainId)),
  };
}

export const domainCron = [{ task: 'domain.recheck-all', pattern: '*/5 * * * *' }];
